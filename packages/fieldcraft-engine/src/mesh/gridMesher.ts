// Box unions: the body's rectilinear grid, each interval divided to the target size (graded next to
// short intervals), and every solid
// cell split into the six Kuhn (Freudenthal) tets around its main diagonal. All cells use the same
// split, so each shared square is cut along the same diagonal from both sides: the mesh conforms.
import { analyzeBoxUnion } from "../geometry/boxBody.js";
import type { Body, BoxFeature } from "../geometry/types.js";
import { ByteBuffer, IntBuffer } from "./buffers.js";
import type { BodyMesh } from "./bodyMesh.js";
import { gradedLines } from "./gradedLines.js";
import { assignIntervals, type IntervalGrading, type SeedRule } from "./seeds.js";
import { capError, checkAbort, divisions, MeshFailure } from "./options.js";
import { tetVolume6 } from "./tet.js";
import { TET_FACE_CORNERS } from "./types.js";

// Cell corners are numbered by bits: x = 1, y = 2, z = 4.
const KUHN_TETS: readonly (readonly [number, number, number, number])[] = (() => {
  const unit = new Float64Array(24);
  for (let c = 0; c < 8; c++) {
    unit[3 * c] = c & 1;
    unit[3 * c + 1] = (c >> 1) & 1;
    unit[3 * c + 2] = (c >> 2) & 1;
  }
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  return perms.map(([a, b]) => {
    const v1 = 1 << a;
    const v2 = v1 | (1 << b);
    // Order the corners so the volume is positive.
    return tetVolume6(unit, 0, v1, v2, 7) > 0 ? ([0, v1, v2, 7] as const) : ([0, v2, v1, 7] as const);
  });
})();

/** For each cell side s (-x, +x, -y, +y, -z, +z): the (tet, local side) pairs whose triangles tile it. */
const KUHN_SIDE_FACETS: readonly (readonly [number, number][])[] = (() => {
  const out: [number, number][][] = [[], [], [], [], [], []];
  KUHN_TETS.forEach((tet, t) => {
    TET_FACE_CORNERS.forEach((corners, side) => {
      for (let s = 0; s < 6; s++) {
        const bit = 1 << (s >> 1);
        const want = s & 1 ? bit : 0;
        if (corners.every((c) => (tet[c] & bit) === want)) out[s].push([t, side]);
      }
    });
  });
  return out;
})();

export function meshBoxUnion(body: Body, size: number, maxElements: number, maxNodes: number, signal?: AbortSignal, seeds: readonly SeedRule[] = []): BodyMesh {
  const made = analyzeBoxUnion(body.features as BoxFeature[], body.cuts);
  if (!made.ok) throw new MeshFailure(`body "${body.name}": ${made.error}`);
  const { grid, faceAt } = made.geometry;
  const gn = grid.n;
  // Edge seeds: the hex meshers' interval assignment; intervals a seed set are divided exactly at its nodes.
  const seededAxis: ({ count: number; grading?: IntervalGrading } | undefined)[][] = [[], [], []];
  if (seeds.length) {
    const intervals = grid.coords.map((c) => Array.from({ length: c.length - 1 }, (_, i) => divisions(c[i + 1] - c[i], size)));
    const grading: (IntervalGrading | undefined)[][] = [[], [], []];
    const seeded: boolean[][] = [[], [], []];
    const assigned = assignIntervals(body, grid.coords, intervals, seeds, grading, seeded);
    if (!assigned.ok) throw new MeshFailure(`body "${body.name}": ${assigned.error}`);
    for (let a = 0; a < 3; a++)
      for (let i = 0; i < gn[a]; i++) if (seeded[a][i]) seededAxis[a][i] = { count: intervals[a][i], ...(grading[a][i] ? { grading: grading[a][i] } : {}) };
  }

  // Mesh lines per axis (graded next to short intervals); remember which geometry cell and plane each came from.
  const X: Float64Array[] = [];
  const geoCell: Int32Array[] = [];
  const geoPlane: Int32Array[] = [];
  for (let a = 0; a < 3; a++) {
    const c = grid.coords[a];
    let even = 0;
    for (let i = 0; i < gn[a]; i++) even += seededAxis[a][i]?.count ?? divisions(c[i + 1] - c[i], size);
    // Every interval holds solid cells (the union is connected), so each mesh interval adds 6 tets at least.
    if (6 * even > maxElements) throw capError("elements", 6 * even, maxElements, body.name, size, "at least");
    const lines = gradedLines(c, size, seededAxis[a]);
    X.push(lines.x);
    geoCell.push(lines.cell);
    geoPlane.push(lines.plane);
  }
  const [nx, ny, nz] = [X[0].length - 1, X[1].length - 1, X[2].length - 1];

  // Exact element count before anything big is allocated.
  let solidCells = 0;
  {
    const perAxis = [0, 1, 2].map((a) => {
      const counts = new Float64Array(gn[a]);
      for (let m = 0; m < geoCell[a].length; m++) counts[geoCell[a][m]]++;
      return counts;
    });
    for (let k = 0; k < gn[2]; k++)
      for (let j = 0; j < gn[1]; j++)
        for (let i = 0; i < gn[0]; i++)
          if (grid.inside[i + gn[0] * (j + gn[1] * k)]) solidCells += perAxis[0][i] * perAxis[1][j] * perAxis[2][k];
  }
  if (6 * solidCells > maxElements) throw capError("elements", 6 * solidCells, maxElements, body.name, size);
  checkAbort(signal);

  const solidAt = (i: number, j: number, k: number): boolean =>
    i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && grid.inside[geoCell[0][i] + gn[0] * (geoCell[1][j] + gn[1] * geoCell[2][k])] === 1;

  // Nodes: grid vertices that touch a solid cell. Numbered (and elements made) with the axis of most
  // lines slowest, so neighbours stay close in number: the bandwidth is a cross-section, not a length.
  const sx = nx + 1;
  const sxy = sx * (ny + 1);
  const vertexCount = sxy * (nz + 1);
  if (vertexCount > 2 ** 31 - 1) throw capError("nodes", vertexCount, maxNodes, body.name, size);
  const nodeOf = new Int32Array(vertexCount).fill(-1);
  for (let k = 0; k < nz; k++) {
    if ((k & 15) === 0) checkAbort(signal);
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!solidAt(i, j, k)) continue;
        const v = i + sx * j + sxy * k;
        nodeOf[v] = nodeOf[v + 1] = nodeOf[v + sx] = nodeOf[v + sx + 1] = 0;
        nodeOf[v + sxy] = nodeOf[v + sxy + 1] = nodeOf[v + sxy + sx] = nodeOf[v + sxy + sx + 1] = 0;
      }
  }
  const dims = [nx, ny, nz];
  const [A, B, C] = [0, 1, 2].sort((a, b) => dims[b] - dims[a] || a - b);
  const stride = [1, sx, sxy];
  let nodeCount = 0;
  for (let p = 0; p <= dims[A]; p++) {
    if ((p & 15) === 0) checkAbort(signal);
    for (let q = 0; q <= dims[B]; q++)
      for (let r = 0, v = p * stride[A] + q * stride[B]; r <= dims[C]; r++, v += stride[C]) if (nodeOf[v] === 0) nodeOf[v] = nodeCount++;
  }
  if (nodeCount > maxNodes) throw capError("nodes", nodeCount, maxNodes, body.name, size);
  const nodes = new Float64Array(3 * nodeCount);
  for (let k = 0, v = 0; k <= nz; k++)
    for (let j = 0; j <= ny; j++)
      for (let i = 0; i <= nx; i++, v++) {
        const id = nodeOf[v];
        if (id < 0) continue;
        nodes[3 * id] = X[0][i];
        nodes[3 * id + 1] = X[1][j];
        nodes[3 * id + 2] = X[2][k];
      }
  checkAbort(signal);

  const tets = new Int32Array(24 * solidCells);
  const fElem = new IntBuffer(4096);
  const fSide = new ByteBuffer(4096);
  const fFace = new IntBuffer(4096);
  const corner = new Int32Array(8);
  const offsets = [0, 1, sx, sx + 1, sxy, sxy + 1, sxy + sx, sxy + sx + 1];
  const idx = [0, 0, 0];
  let t = 0;
  for (let p = 0; p < dims[A]; p++) {
    if ((p & 15) === 0) checkAbort(signal);
    idx[A] = p;
    for (let q = 0; q < dims[B]; q++)
      for (let r = 0; r < dims[C]; r++) {
        idx[B] = q;
        idx[C] = r;
        const i = idx[0], j = idx[1], k = idx[2];
        if (!solidAt(i, j, k)) continue;
        const v = i + sx * j + sxy * k;
        for (let c = 0; c < 8; c++) corner[c] = nodeOf[v + offsets[c]];
        const first = t;
        for (const tet of KUHN_TETS) {
          tets[4 * t] = corner[tet[0]];
          tets[4 * t + 1] = corner[tet[1]];
          tets[4 * t + 2] = corner[tet[2]];
          tets[4 * t + 3] = corner[tet[3]];
          t++;
        }
        for (let s = 0; s < 6; s++) {
          const a = s >> 1;
          const plus = s & 1;
          const step = plus ? 1 : -1;
          if (solidAt(a === 0 ? i + step : i, a === 1 ? j + step : j, a === 2 ? k + step : k)) continue;
          const b = (a + 1) % 3;
          const c = (a + 2) % 3;
          const gp = geoPlane[a][idx[a] + plus];
          const face = faceAt[a][gp + (gn[a] + 1) * (geoCell[b][idx[b]] + gn[b] * geoCell[c][idx[c]])];
          if (gp < 0 || face < 0) throw new Error("boundary facet off the body's faces");
          for (const [tt, side] of KUHN_SIDE_FACETS[s]) {
            fElem.push(first + tt);
            fSide.push(side);
            fFace.push(face);
          }
        }
      }
  }
  return {
    nodes,
    tets,
    facetElement: fElem.toArray(),
    facetSide: fSide.toArray(),
    facetFace: fFace.toArray(),
    method: "grid-kuhn",
    size,
  };
}
