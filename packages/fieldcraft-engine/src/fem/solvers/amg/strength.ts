// Strong couplings between nodes (groups of DOFs): ||A_IJ||_F >= theta sqrt(||A_II||_F ||A_JJ||_F).
import type { BlockCsr } from "../../sparse/block-csr.js";
import type { Csr } from "../../sparse/csr.js";
import { checkCancelled } from "../../cancel-scope.js";

/** A graph over nodes, without self loops. */
export interface NodeGraph {
  nodes: number;
  ptr: Int32Array;
  idx: Int32Array;
}

function frob2(val: Float64Array, k: number): number {
  let s = 0;
  for (let t = 0; t < 9; t++) s += val[9 * k + t] * val[9 * k + t];
  return s;
}

/** From the upper-triangle block storage: each strong stored block gives an edge both ways. */
export function blockStrength(A: BlockCsr, theta: number): NodeGraph {
  const diag = new Float64Array(A.n);
  for (let i = 0; i < A.n; i++)
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) if (A.col[k] === i) diag[i] = Math.sqrt(frob2(A.val, k));
  checkCancelled();
  const keep = new Uint8Array(A.col.length);
  const ptr = new Int32Array(A.n + 1);
  for (let i = 0; i < A.n; i++)
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) {
      const j = A.col[k];
      if (j === i) continue;
      const f = Math.sqrt(frob2(A.val, k));
      if (f > 0 && f >= theta * Math.sqrt(diag[i] * diag[j])) {
        keep[k] = 1;
        ptr[i + 1]++;
        ptr[j + 1]++;
      }
    }
  for (let i = 0; i < A.n; i++) ptr[i + 1] += ptr[i];
  const fill = ptr.slice(0, A.n);
  const idx = new Int32Array(ptr[A.n]);
  checkCancelled();
  for (let i = 0; i < A.n; i++)
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++)
      if (keep[k]) {
        const j = A.col[k];
        idx[fill[i]++] = j;
        idx[fill[j]++] = i;
      }
  return { nodes: A.n, ptr, idx };
}

/** Same measure on a scalar matrix whose DOFs are grouped into nodes by `nodePtr`. */
export function groupedStrength(A: Csr, nodePtr: Int32Array, theta: number): NodeGraph {
  const nodes = nodePtr.length - 1;
  const dofNode = new Int32Array(A.rows);
  for (let I = 0; I < nodes; I++) for (let d = nodePtr[I]; d < nodePtr[I + 1]; d++) dofNode[d] = I;
  const acc = new Float64Array(nodes);
  const mark = new Int32Array(nodes).fill(-1);
  const list = new Int32Array(nodes);
  const diag = new Float64Array(nodes);
  const rowsOut: Int32Array[] = [];
  // Pass 1: block norms per node row; keep the neighbour lists for pass 2.
  const norms: Float64Array[] = [];
  for (let I = 0; I < nodes; I++) {
    if ((I & 4095) === 0) checkCancelled();
    let n = 0;
    for (let d = nodePtr[I]; d < nodePtr[I + 1]; d++)
      for (let k = A.ptr[d]; k < A.ptr[d + 1]; k++) {
        const J = dofNode[A.idx[k]];
        if (mark[J] !== I) {
          mark[J] = I;
          acc[J] = 0;
          list[n++] = J;
        }
        acc[J] += A.val[k] * A.val[k];
      }
    const row = list.slice(0, n);
    const nr = new Float64Array(n);
    for (let t = 0; t < n; t++) {
      nr[t] = Math.sqrt(acc[row[t]]);
      if (row[t] === I) diag[I] = nr[t];
    }
    rowsOut.push(row);
    norms.push(nr);
  }
  const ptr = new Int32Array(nodes + 1);
  const kept: number[] = [];
  for (let I = 0; I < nodes; I++) {
    const row = rowsOut[I], nr = norms[I];
    for (let t = 0; t < row.length; t++) {
      const J = row[t];
      if (J !== I && nr[t] > 0 && nr[t] >= theta * Math.sqrt(diag[I] * diag[J])) kept.push(J);
    }
    ptr[I + 1] = kept.length;
  }
  return { nodes, ptr, idx: Int32Array.from(kept) };
}

/** The distance-2 graph: i and j joined when a path of one or two edges links them (aggressive coarsening). */
export function squareGraph(g: NodeGraph): NodeGraph {
  const { nodes, ptr, idx } = g;
  const mark = new Int32Array(nodes).fill(-1);
  const out = new Int32Array(nodes + 1);
  const visit = (i: number, add: (j: number) => void) => {
    mark[i] = i;
    for (let k = ptr[i]; k < ptr[i + 1]; k++) {
      const j = idx[k];
      if (mark[j] !== i) { mark[j] = i; add(j); }
      for (let q = ptr[j]; q < ptr[j + 1]; q++) {
        const l = idx[q];
        if (mark[l] !== i) { mark[l] = i; add(l); }
      }
    }
  };
  for (let i = 0; i < nodes; i++) {
    if ((i & 4095) === 0) checkCancelled();
    let n = 0;
    visit(i, () => n++);
    out[i + 1] = out[i] + n;
  }
  const next = new Int32Array(out[nodes]);
  mark.fill(-1);
  for (let i = 0; i < nodes; i++) {
    if ((i & 4095) === 0) checkCancelled();
    let p = out[i];
    visit(i, (j) => (next[p++] = j));
  }
  return { nodes, ptr: out, idx: next };
}
