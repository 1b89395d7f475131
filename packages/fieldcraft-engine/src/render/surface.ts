// What the rasteriser draws of a model: triangles over vertices, feature edges and mesh edges as segments.
// From a mesh: its boundary facets drawn as their family's face triangles (quadratic faces split at their
// mid-side nodes, so deformed faces bend).
// From a design: its planar faces triangulated with earcut, and its named edges.
import earcut from "earcut";
import type { Design, Vec3 } from "../geometry/types.js";
import { meshFamily, type Mesh } from "../mesh/types.js";
import { planarSurface } from "./planar-surface.js";

export interface Surface {
  /** x, y, z per vertex (undeformed). */
  positions: Float64Array;
  /** Mesh node per vertex (identity for a mesh surface; -1 for design vertices). */
  vertexNode: Int32Array | null;
  /** 3 vertex indices per triangle. */
  triangles: Int32Array;
  /** 2 vertex indices per segment: face boundaries and sharp creases. */
  featureEdges: Int32Array;
  /** 2 vertex indices per segment: every facet edge (empty for a design). */
  meshEdges: Int32Array;
  /** Outward unit normal per vertex (zero where a vertex is not on a facet). */
  vertexNormals: Float32Array;
  /**
   * The mesh boundary facet each triangle draws (a solid mesh only; null for a design or a planar mesh, whose
   * triangles are faces of elements). Faces split into different numbers of triangles, so it is a table.
   */
  triangleFacet: Int32Array | null;
}

/** Facets meeting at more than this angle get a feature edge even on one named face. */
const CREASE_COS = Math.cos((30 * Math.PI) / 180);

/** Outward normal (not normalised) of a facet given its first three corner nodes in CalculiX face order. */
function facetNormal(nodes: Float64Array, a: number, b: number, c: number, out: number[]): void {
  const ax = nodes[3 * a], ay = nodes[3 * a + 1], az = nodes[3 * a + 2];
  const ux = nodes[3 * b] - ax, uy = nodes[3 * b + 1] - ay, uz = nodes[3 * b + 2] - az;
  const vx = nodes[3 * c] - ax, vy = nodes[3 * c + 1] - ay, vz = nodes[3 * c + 2] - az;
  // Abaqus face order winds toward the element's inside for a positive volume, so the outward normal is v x u.
  out[0] = vy * uz - vz * uy;
  out[1] = vz * ux - vx * uz;
  out[2] = vx * uy - vy * ux;
}

export function meshSurface(mesh: Mesh): Surface {
  const fam = meshFamily(mesh);
  if (fam.dimension === 2) return planarSurface(mesh);
  const npe = fam.nodes;
  const { element, side, tag } = mesh.boundary;
  const facets = element.length;
  const nodeCount = mesh.nodes.length / 3;
  // Each face of the family draws its own triangles (quadratic faces split at their mid-side nodes).
  const maxCorners = Math.max(...fam.faces.map((face) => face.corners));
  let triangleCount = 0;
  for (let f = 0; f < facets; f++) triangleCount += fam.faces[side[f]].triangles.length;
  const quadratic = fam.faces.some((face) => face.nodes.length > face.corners);
  const triangles = new Int32Array(triangleCount * 3);
  const triangleFacet = new Int32Array(triangleCount);
  const normals = new Float64Array(facets * 3);
  const vertexNormals = new Float32Array(nodeCount * 3);
  const corners = new Int32Array(facets * maxCorners);
  const cornerCount = new Uint8Array(facets);
  const mids = quadratic ? new Int32Array(facets * maxCorners) : null;
  const n = [0, 0, 0];
  let t = 0;
  const addNormal = (v: number) => {
    vertexNormals[3 * v] += n[0];
    vertexNormals[3 * v + 1] += n[1];
    vertexNormals[3 * v + 2] += n[2];
  };
  const local = new Int32Array(Math.max(...fam.faces.map((face) => face.nodes.length)));
  for (let f = 0; f < facets; f++) {
    const base = element[f] * npe;
    const face = fam.faces[side[f]];
    for (let k = 0; k < face.nodes.length; k++) local[k] = mesh.elements[base + face.nodes[k]];
    const nc = face.corners;
    cornerCount[f] = nc;
    for (let k = 0; k < nc; k++) corners[maxCorners * f + k] = local[k];
    facetNormal(mesh.nodes, local[0], local[1], local[2], n);
    const len = Math.hypot(n[0], n[1], n[2]) || 1;
    normals[3 * f] = n[0] / len;
    normals[3 * f + 1] = n[1] / len;
    normals[3 * f + 2] = n[2] / len;
    // Corners first, then mid-side nodes: every node of the face gets the facet's normal.
    for (let k = 0; k < face.nodes.length; k++) addNormal(local[k]);
    if (mids) for (let k = 0; k < nc; k++) mids[maxCorners * f + k] = local[nc + k];
    for (const [p, q, r] of face.triangles) {
      triangleFacet[t / 3] = f;
      triangles[t++] = local[p];
      triangles[t++] = local[q];
      triangles[t++] = local[r];
    }
  }
  for (let v = 0; v < nodeCount; v++) {
    const len = Math.hypot(vertexNormals[3 * v], vertexNormals[3 * v + 1], vertexNormals[3 * v + 2]);
    if (len > 0) for (let k = 0; k < 3; k++) vertexNormals[3 * v + k] /= len;
  }

  // Facet edges grouped by their lower node (a CSR table of typed arrays: no hashing of 3 x facets keys).
  const edgeCount = facets * maxCorners;
  const start = new Int32Array(nodeCount + 1);
  const cornerAt = (f: number, k: number) => corners[maxCorners * f + (k % cornerCount[f])];
  for (let f = 0; f < facets; f++) {
    for (let k = 0; k < cornerCount[f]; k++) {
      const p = cornerAt(f, k), q = cornerAt(f, k + 1);
      start[(p < q ? p : q) + 1]++;
    }
  }
  for (let v = 0; v < nodeCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, nodeCount);
  const other = new Int32Array(edgeCount); // the upper node
  const slot = new Int32Array(edgeCount); // facet * 3 + k
  for (let f = 0; f < facets; f++) {
    for (let k = 0; k < cornerCount[f]; k++) {
      const p = cornerAt(f, k), q = cornerAt(f, k + 1);
      const lo = p < q ? p : q;
      const at = fill[lo]++;
      other[at] = p < q ? q : p;
      slot[at] = maxCorners * f + k;
    }
  }
  // Segment lists sized for the worst case (every edge once, two segments each when faces have mid-side nodes), trimmed at the end.
  const perEdge = mids ? 4 : 2;
  const feature = { data: new Int32Array(edgeCount * perEdge), length: 0 };
  const meshEdges = { data: new Int32Array(edgeCount * perEdge), length: 0 };
  const pushSegments = (out: { data: Int32Array; length: number }, f: number, k: number, p: number, q: number) => {
    const d = out.data;
    let at = out.length;
    if (mids) {
      const m = mids[maxCorners * f + k];
      d[at++] = p;
      d[at++] = m;
      d[at++] = m;
      d[at++] = q;
    } else {
      d[at++] = p;
      d[at++] = q;
    }
    out.length = at;
  };
  const done = new Uint8Array(edgeCount);
  for (let v = 0; v < nodeCount; v++) {
    for (let i = start[v]; i < start[v + 1]; i++) {
      if (done[i]) continue;
      done[i] = 1;
      // The facets sharing this edge: usually exactly two on a closed surface.
      let partner = -1, shared = 1;
      for (let j = i + 1; j < start[v + 1]; j++) {
        if (other[j] !== other[i] || done[j]) continue;
        done[j] = 1;
        shared++;
        if (partner < 0) partner = j;
      }
      const f = (slot[i] / maxCorners) | 0, k = slot[i] % maxCorners;
      const p = cornerAt(f, k), q = cornerAt(f, k + 1);
      pushSegments(meshEdges, f, k, p, q);
      if (partner < 0 || shared > 2) {
        pushSegments(feature, f, k, p, q); // an open edge, or one where more than two facets meet
        continue;
      }
      const g = (slot[partner] / maxCorners) | 0;
      const dot = normals[3 * f] * normals[3 * g] + normals[3 * f + 1] * normals[3 * g + 1] + normals[3 * f + 2] * normals[3 * g + 2];
      if (tag[f] !== tag[g] || dot < CREASE_COS) pushSegments(feature, f, k, p, q);
    }
  }
  const vertexNode = new Int32Array(nodeCount);
  for (let v = 0; v < nodeCount; v++) vertexNode[v] = v;
  return {
    positions: mesh.nodes,
    vertexNode,
    triangles,
    featureEdges: feature.data.slice(0, feature.length),
    meshEdges: meshEdges.data.slice(0, meshEdges.length),
    vertexNormals,
    triangleFacet,
  };
}

/** Two in-plane axes for a face with normal `n`, to flatten its loops for earcut. */
function planeAxes(n: Vec3): [Vec3, Vec3] {
  const ax = Math.abs(n[0]), ay = Math.abs(n[1]), az = Math.abs(n[2]);
  const helper: Vec3 = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const u: Vec3 = [n[1] * helper[2] - n[2] * helper[1], n[2] * helper[0] - n[0] * helper[2], n[0] * helper[1] - n[1] * helper[0]];
  const ul = Math.hypot(u[0], u[1], u[2]) || 1;
  u[0] /= ul;
  u[1] /= ul;
  u[2] /= ul;
  const v: Vec3 = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return [u, v];
}

export function designSurface(design: Design): Surface {
  const positions: number[] = [];
  const normals: number[] = [];
  const triangles: number[] = [];
  const feature: number[] = [];
  const addVertex = (p: Vec3, n: Vec3): number => {
    positions.push(p[0], p[1], p[2]);
    normals.push(n[0], n[1], n[2]);
    return positions.length / 3 - 1;
  };
  for (const body of design.bodies) {
    for (const face of body.faces) {
      const [u, v] = planeAxes(face.normal);
      for (const patch of face.patches) {
        const flat: number[] = [];
        const holes: number[] = [];
        const first = positions.length / 3;
        patch.loops.forEach((loop, li) => {
          if (li > 0) holes.push(flat.length / 2);
          for (const p of loop) {
            flat.push(p[0] * u[0] + p[1] * u[1] + p[2] * u[2], p[0] * v[0] + p[1] * v[1] + p[2] * v[2]);
            addVertex(p, face.normal);
          }
        });
        const tris = earcut(flat, holes.length > 0 ? holes : undefined, 2);
        for (const i of tris) triangles.push(first + i);
      }
    }
    for (const edge of body.edges) {
      for (const [p, q] of edge.segments) {
        feature.push(addVertex(p, [0, 0, 0]), addVertex(q, [0, 0, 0]));
      }
    }
  }
  return {
    positions: Float64Array.from(positions),
    vertexNode: null,
    triangles: Int32Array.from(triangles),
    featureEdges: Int32Array.from(feature),
    meshEdges: new Int32Array(0),
    vertexNormals: Float32Array.from(normals),
    triangleFacet: null,
  };
}
