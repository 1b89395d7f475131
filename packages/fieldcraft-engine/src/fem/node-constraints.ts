// Linear constraints between nodes, solved by elimination: u = G v, where v are the unknowns that remain.
// A node held normal to an oblique plane gets a rotated frame (local axis 3 along the normal, then held);
// a tied slave node is interpolated from its master nodes (u_s = sum w_k u_mk) and its own unknowns vanish.
// The reduced stiffness G^T K G keeps one 3x3 block per node pair, so the prescribed-DOF code, the multigrid
// and CG take it unchanged; displacements come back as G v and reactions turn back to the global frame.
import type { BlockCsr } from "./sparse/block-csr.js";

export interface NodeConstraints {
  /** Nodes whose displacement along `normal` (unit) is zero: a symmetry plane that is not a principal plane. */
  normals: { node: number; normal: [number, number, number] }[];
  /** Tied nodes: u_slave = sum_k weights[k] u_masters[k] (weights sum to 1). */
  ties: { slave: number; masters: number[]; weights: number[] }[];
  /** General rows (couplings, src/fem/couplings.ts): `node` from `cols` through 3x3 blocks; the DOFs in `held` vanish. */
  rows?: { node: number; cols: number[]; blocks: Float64Array[]; held: number[]; owner: string }[];
}

/** Row i of G: the reduced nodes node i's displacement depends on, each with a 3x3 block (row-major). */
export type Transform = { cols: number[]; blocks: Float64Array[] }[];

const IDENTITY = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);

/** A rotation whose third column is n: columns t1, t2, n (the local frame's axes in global coordinates). */
export function frameWithNormal(n: readonly number[]): Float64Array {
  const a = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const d = a[0] * n[0] + a[1] * n[1] + a[2] * n[2];
  const t1 = [a[0] - d * n[0], a[1] - d * n[1], a[2] - d * n[2]];
  const l = Math.hypot(t1[0], t1[1], t1[2]);
  for (let k = 0; k < 3; k++) t1[k] /= l;
  const t2 = [n[1] * t1[2] - n[2] * t1[1], n[2] * t1[0] - n[0] * t1[2], n[0] * t1[1] - n[1] * t1[0]];
  return Float64Array.of(t1[0], t2[0], n[0], t1[1], t2[1], n[1], t1[2], t2[2], n[2]);
}

function mul(a: Float64Array, b: Float64Array): Float64Array {
  const c = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  return c;
}

function transposeMul(a: Float64Array, b: Float64Array): Float64Array {
  const c = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[3 * i + j] = a[i] * b[j] + a[3 + i] * b[3 + j] + a[6 + i] * b[6 + j];
  return c;
}

/**
 * G and the unknowns it holds at zero: the normal component of each rotated node (local 3) and all three of each
 * slave. `prescribed` (global DOFs) must not touch slaves or rotated nodes; the caller checks.
 */
export function buildTransform(nodes: number, c: NodeConstraints): { G: Transform; held: number[]; frames: Map<number, Float64Array> } {
  const frames = new Map<number, Float64Array>();
  for (const { node, normal } of c.normals) frames.set(node, frameWithNormal(normal));
  const G: Transform = Array.from({ length: nodes }, (_, i) => ({ cols: [i], blocks: [frames.get(i) ?? IDENTITY] }));
  const held: number[] = [];
  for (const [node] of frames) held.push(3 * node + 2);
  for (const t of c.ties) {
    G[t.slave] = { cols: t.masters.slice(), blocks: t.masters.map((m, k) => (frames.get(m) ?? IDENTITY).map((v) => v * t.weights[k])) };
    held.push(3 * t.slave, 3 * t.slave + 1, 3 * t.slave + 2);
  }
  for (const r of c.rows ?? []) {
    G[r.node] = { cols: r.cols.slice(), blocks: r.blocks };
    held.push(...r.held);
  }
  return { G, held, frames };
}

/** G^T K G as a new half-stored block matrix (every row keeps a diagonal block, zero for eliminated nodes). */
export function transformStiffness(K: BlockCsr, G: Transform): BlockCsr {
  const rows: Map<number, Float64Array>[] = Array.from({ length: K.n }, (_, i) => new Map([[i, new Float64Array(9)]]));
  const add = (a: number, b: number, X: Float64Array, transpose: boolean) => {
    let slot = rows[a].get(b);
    if (!slot) rows[a].set(b, (slot = new Float64Array(9)));
    if (transpose) for (let r = 0; r < 3; r++) for (let s = 0; s < 3; s++) slot[3 * r + s] += X[3 * s + r];
    else for (let k = 0; k < 9; k++) slot[k] += X[k];
  };
  for (let i = 0; i < K.n; i++)
    for (let p = K.rowPtr[i]; p < K.rowPtr[i + 1]; p++) {
      const j = K.col[p];
      const B = K.val.subarray(9 * p, 9 * p + 9) as Float64Array;
      const gi = G[i], gj = G[j];
      for (let x = 0; x < gi.cols.length; x++)
        for (let y = 0; y < gj.cols.length; y++) {
          const a = gi.cols[x], b = gj.cols[y];
          const X = mul(transposeMul(gi.blocks[x], B), gj.blocks[y]);
          if (i === j) {
            if (a <= b) add(a, b, X, false);
          } else if (a < b) add(a, b, X, false);
          else if (a > b) add(b, a, X, true);
          else {
            add(a, a, X, false);
            add(a, a, X, true);
          }
        }
    }
  const rowPtr = new Int32Array(K.n + 1);
  for (let i = 0; i < K.n; i++) rowPtr[i + 1] = rowPtr[i] + rows[i].size;
  const col = new Int32Array(rowPtr[K.n]);
  const val = new Float64Array(9 * rowPtr[K.n]);
  for (let i = 0; i < K.n; i++) {
    const cols = [...rows[i].keys()].sort((x, y) => x - y);
    cols.forEach((j, k) => {
      col[rowPtr[i] + k] = j;
      val.set(rows[i].get(j)!, 9 * (rowPtr[i] + k));
    });
  }
  return { n: K.n, b: 3, rowPtr, col, val };
}

/** G^T f: forces on the reduced unknowns. */
export function reduceVector(G: Transform, f: Float64Array): Float64Array {
  const out = new Float64Array(f.length);
  G.forEach((row, i) =>
    row.cols.forEach((a, x) => {
      const g = row.blocks[x];
      for (let s = 0; s < 3; s++) out[3 * a + s] += g[s] * f[3 * i] + g[3 + s] * f[3 * i + 1] + g[6 + s] * f[3 * i + 2];
    }),
  );
  return out;
}

/** G v: displacements of every node from the reduced unknowns. */
export function expandVector(G: Transform, v: Float64Array): Float64Array {
  const out = new Float64Array(v.length);
  G.forEach((row, i) =>
    row.cols.forEach((a, x) => {
      const g = row.blocks[x];
      for (let r = 0; r < 3; r++) out[3 * i + r] += g[3 * r] * v[3 * a] + g[3 * r + 1] * v[3 * a + 1] + g[3 * r + 2] * v[3 * a + 2];
    }),
  );
  return out;
}
