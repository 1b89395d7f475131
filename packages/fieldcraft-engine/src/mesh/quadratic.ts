// Linear tets to quadratic tets: one mid-edge node per distinct mesh edge, shared by every tet around it,
// at the edge's midpoint (straight edges: v1 faces are planar).
import { familyOf } from "../fem/families/index.js";
import { checkAbort, MeshFailure } from "./options.js";

/** Corner pairs of the quadratic tetrahedron's mid-edge nodes 5..10, in Abaqus order (from the family rows). */
export const TET10_EDGES: readonly (readonly [number, number])[] = familyOf("tetrahedron", 2).edges;

export function promoteToQuadratic(
  nodes: Float64Array,
  tets: Int32Array,
  maxNodes: number,
  signal?: AbortSignal,
): { nodes: Float64Array; elements: Int32Array } {
  const n = nodes.length / 3;
  const m = tets.length / 4;
  // Edges grouped by their lower node (CSR), then de-duplicated row by row: linear time, flat arrays.
  const start = new Int32Array(n + 1);
  for (let i = 0; i < tets.length; i += 4) {
    if ((i & 262143) === 0) checkAbort(signal);
    for (const [p, q] of TET10_EDGES) start[Math.min(tets[i + p], tets[i + q]) + 1]++;
  }
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = start.slice(0, n);
  const upper = new Int32Array(start[n]);
  for (let i = 0; i < tets.length; i += 4)
    for (const [p, q] of TET10_EDGES) {
      if (p === 0 && q === 1 && (i & 262143) === 0) checkAbort(signal);
      const a = tets[i + p];
      const b = tets[i + q];
      if (a < b) upper[fill[a]++] = b;
      else upper[fill[b]++] = a;
    }
  if (signal?.aborted) throw new MeshFailure("meshing was cancelled");
  const unique = new Int32Array(n); // distinct uppers per row, kept at the row's start
  const firstMid = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if ((v & 65535) === 0) checkAbort(signal);
    const s = start[v];
    const e = start[v + 1];
    for (let i = s + 1; i < e; i++) {
      const x = upper[i];
      let j = i - 1;
      while (j >= s && upper[j] > x) {
        upper[j + 1] = upper[j];
        j--;
      }
      upper[j + 1] = x;
    }
    let u = 0;
    for (let i = s; i < e; i++) if (i === s || upper[i] !== upper[i - 1]) upper[s + u++] = upper[i];
    unique[v] = u;
    firstMid[v + 1] = firstMid[v] + u;
  }
  const total = n + firstMid[n];
  if (total > maxNodes) {
    throw new MeshFailure(`the ${familyOf("tetrahedron", 2).name} mesh would have ${total} nodes, above the cap maxNodes = ${maxNodes}; use a larger size or raise maxNodes`);
  }
  // Numbering: each corner followed by the mid nodes of the edges it is the lower end of, so mid
  // nodes sit next to their corners and the quadratic mesh keeps the linear one's bandwidth.
  const corner = (v: number) => v + firstMid[v];
  const out = new Float64Array(3 * total);
  for (let v = 0; v < n; v++) {
    if ((v & 65535) === 0) checkAbort(signal);
    const c = corner(v);
    out[3 * c] = nodes[3 * v];
    out[3 * c + 1] = nodes[3 * v + 1];
    out[3 * c + 2] = nodes[3 * v + 2];
    const s = start[v];
    for (let k = 0; k < unique[v]; k++) {
      const w = upper[s + k];
      const id = c + 1 + k;
      out[3 * id] = (nodes[3 * v] + nodes[3 * w]) / 2;
      out[3 * id + 1] = (nodes[3 * v + 1] + nodes[3 * w + 1]) / 2;
      out[3 * id + 2] = (nodes[3 * v + 2] + nodes[3 * w + 2]) / 2;
    }
  }
  const elements = new Int32Array(10 * m);
  for (let t = 0; t < m; t++) {
    if ((t & 65535) === 0) checkAbort(signal);
    for (let c = 0; c < 4; c++) elements[10 * t + c] = corner(tets[4 * t + c]);
    for (let e = 0; e < 6; e++) {
      const a = tets[4 * t + TET10_EDGES[e][0]];
      const b = tets[4 * t + TET10_EDGES[e][1]];
      const lo = a < b ? a : b;
      const hi = a < b ? b : a;
      const s = start[lo];
      let k = 0;
      while (upper[s + k] !== hi) k++;
      elements[10 * t + 4 + e] = corner(lo) + 1 + k;
    }
  }
  return { nodes: out, elements };
}
