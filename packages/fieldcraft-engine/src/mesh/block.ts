// Structured hexahedra (C3D8, C3D8R, C3D20, C3D20R) on a tensor grid of mesh lines, over every cell or only the solid
// ones: the grid behind `mesh.block`, the mapped mesher (one block) and the block mesher (a box union's grid
// cells as blocks). One set of lines per axis is shared by every block, so shared faces always conform.
// Quadratic families take a grid of 2n + 1 points per axis and skip the face and cell centres.
import { family, type FamilyName } from "../fem/families/index.js";
import type { FaceTag, Mesh } from "./types.js";
import { checkAbort } from "./options.js";

/** Box sides in tag order (direction d: axis d >> 1, positive when d is odd), and the element side on each. */
export const BLOCK_FACES = ["-x", "+x", "-y", "+y", "-z", "+z"] as const;
const SIDE_ON_FACE = [5, 3, 2, 4, 0, 1];

export type HexFamilyName = Extract<FamilyName, "C3D8" | "C3D8R" | "C3D20" | "C3D20R">;
export const HEX_FAMILY_NAMES: readonly HexFamilyName[] = ["C3D8", "C3D8R", "C3D20", "C3D20R"];

export interface HexGrid {
  body: string;
  type: HexFamilyName;
  /** Mesh line coordinates per axis, increasing (elements per axis = lines - 1). */
  lines: readonly (ArrayLike<number>)[];
  /** Whether element (i, j, k) exists; default every one. */
  solid?: (i: number, j: number, k: number) => boolean;
  /** The face tag of a boundary facet of element (i, j, k) facing direction d (0..5). */
  tag: (d: number, i: number, j: number, k: number) => number;
  faceTags: FaceTag[];
  /** Polled once per layer of elements (or of grid points): a cancel is seen within milliseconds. */
  signal?: AbortSignal;
}

export function hexGridMesh(o: HexGrid): Mesh {
  const fam = family(o.type);
  const s = fam.order; // grid steps per element edge
  const n = o.lines.map((l) => l.length - 1);
  const [nx, ny, nz] = n;
  const solid = (i: number, j: number, k: number) => i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && (o.solid ? o.solid(i, j, k) : true);
  const g = n.map((c) => s * c + 1);
  const coord = (a: number, i: number) => (i % s === 0 ? o.lines[a][i / s] : (o.lines[a][(i - 1) / 2] + o.lines[a][(i + 1) / 2]) / 2);
  const gridIndex = (i: number, j: number, k: number) => i + g[0] * (j + g[1] * k);
  // Local node a of element (i, j, k): natural coordinates -1, 0, +1 are grid offsets 0, s/2, s.
  const offsets = fam.reference.map((r) => r.map((v) => ((v + 1) * s) / 2));
  const index = new Int32Array(g[0] * g[1] * g[2]).fill(-1);
  let elementCount = 0;
  for (let k = 0; k < nz; k++, checkAbort(o.signal))
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!solid(i, j, k)) continue;
        elementCount++;
        for (const [a, b, c] of offsets) index[gridIndex(s * i + a, s * j + b, s * k + c)] = 0;
      }
  const xyz: number[] = [];
  for (let k = 0; k < g[2]; k++, checkAbort(o.signal))
    for (let j = 0; j < g[1]; j++)
      for (let i = 0; i < g[0]; i++) {
        const at = gridIndex(i, j, k);
        if (index[at] < 0) continue;
        index[at] = xyz.length / 3;
        xyz.push(coord(0, i), coord(1, j), coord(2, k));
      }
  const npe = fam.nodes;
  const elements = new Int32Array(elementCount * npe);
  const bel: number[] = [], bside: number[] = [], btag: number[] = [];
  let e = 0;
  for (let k = 0; k < nz; k++, checkAbort(o.signal))
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!solid(i, j, k)) continue;
        offsets.forEach(([a, b, c], local) => (elements[e * npe + local] = index[gridIndex(s * i + a, s * j + b, s * k + c)]));
        for (let d = 0; d < 6; d++) {
          const step = d & 1 ? 1 : -1, axis = d >> 1;
          if (solid(i + (axis === 0 ? step : 0), j + (axis === 1 ? step : 0), k + (axis === 2 ? step : 0))) continue;
          bel.push(e);
          bside.push(SIDE_ON_FACE[d]);
          btag.push(o.tag(d, i, j, k));
        }
        e++;
      }
  return {
    type: o.type,
    nodes: Float64Array.from(xyz),
    elements,
    elementBody: new Int32Array(elementCount),
    bodies: [o.body],
    boundary: { element: Int32Array.from(bel), side: Uint8Array.from(bside), tag: Int32Array.from(btag) },
    faceTags: o.faceTags,
  };
}

export interface BlockOptions {
  body: string;
  min: readonly [number, number, number];
  max: readonly [number, number, number];
  counts: readonly [number, number, number];
  type: HexFamilyName;
  signal?: AbortSignal;
}

/** A box divided evenly; its faces tagged `-x` ... `+z` on body `body`. */
export function blockMesh(o: BlockOptions): Mesh {
  const lines = [0, 1, 2].map((a) => Array.from({ length: o.counts[a] + 1 }, (_, i) => o.min[a] + ((o.max[a] - o.min[a]) * i) / o.counts[a]));
  return hexGridMesh({ body: o.body, type: o.type, lines, tag: (d) => d, faceTags: BLOCK_FACES.map((face) => ({ body: o.body, face })), ...(o.signal ? { signal: o.signal } : {}) });
}

/** The hexahedral family of an order and integration choice. */
export function hexFamily(order: 1 | 2, reduced: boolean): HexFamilyName {
  if (order === 1) return reduced ? "C3D8R" : "C3D8";
  return reduced ? "C3D20R" : "C3D20";
}
