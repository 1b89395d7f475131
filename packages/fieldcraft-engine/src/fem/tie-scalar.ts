// Ties on matrices with one value per node pair: the conductivity (1 unknown per node) and the scalar node mass
// (the same value for each displacement component). A slave's row of G holds its masters' weights (u_s = sum w u_m),
// every other row is the identity; G^T A G keeps the half-stored form, so the callers' solvers take it unchanged.
import type { BlockCsr } from "./sparse/block-csr.js";

export interface ScalarTie {
  slave: number;
  masters: number[];
  weights: number[];
}

/** G as rows: the nodes each node's value depends on, with weights. */
export type ScalarTransform = { cols: number[]; weights: number[] }[];

/**
 * The ties the elimination takes: a slave that is held keeps the hold (its tie is dropped), a slave tied twice keeps
 * its first tie; a master that is itself a tied slave would need chained elimination, which is refused (a string).
 */
export function settleTies(ties: readonly ScalarTie[], held: (node: number) => boolean): ScalarTie[] | string {
  const slaves = new Set<number>();
  const kept = ties.filter((t) => !held(t.slave) && !slaves.has(t.slave) && slaves.add(t.slave));
  for (const t of kept) for (const m of t.masters) if (slaves.has(m)) return `tied node ${t.slave + 1} depends on node ${m + 1}, which is itself tied; tie each interface to an untied master side`;
  return kept;
}

export function scalarTransform(n: number, ties: readonly ScalarTie[]): ScalarTransform {
  const G: ScalarTransform = Array.from({ length: n }, (_, i) => ({ cols: [i], weights: [1] }));
  for (const t of ties) G[t.slave] = { cols: t.masters.slice(), weights: t.weights.slice() };
  return G;
}

/** G^T A G of a half-stored (upper) scalar matrix given as CSR; every row keeps its diagonal. */
export function transformScalarCsr(n: number, rowPtr: Int32Array, col: Int32Array, val: Float64Array, G: ScalarTransform): { rowPtr: Int32Array; col: Int32Array; val: Float64Array } {
  const rows: Map<number, number>[] = Array.from({ length: n }, (_, i) => new Map([[i, 0]]));
  const add = (a: number, b: number, v: number) => {
    const [r, c] = a <= b ? [a, b] : [b, a];
    rows[r].set(c, (rows[r].get(c) ?? 0) + v);
  };
  for (let i = 0; i < n; i++)
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = col[p], v = val[p];
      const gi = G[i], gj = G[j];
      for (let x = 0; x < gi.cols.length; x++)
        for (let y = 0; y < gj.cols.length; y++) {
          const a = gi.cols[x], b = gj.cols[y], c = gi.weights[x] * gj.weights[y] * v;
          // A diagonal entry's product covers both triangles itself; an off-diagonal one stands for its mirror too.
          if (i === j) {
            if (a <= b) add(a, b, c);
          } else add(a, b, a === b ? 2 * c : c);
        }
    }
  const out = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) out[i + 1] = out[i] + rows[i].size;
  const c2 = new Int32Array(out[n]);
  const v2 = new Float64Array(out[n]);
  rows.forEach((row, i) => [...row.keys()].sort((x, y) => x - y).forEach((j, k) => ((c2[out[i] + k] = j), (v2[out[i] + k] = row.get(j)!))));
  return { rowPtr: out, col: c2, val: v2 };
}

export function transformScalar(K: BlockCsr, G: ScalarTransform): BlockCsr {
  if (K.b !== 1) throw new Error("transformScalar takes 1 x 1 blocks");
  return { n: K.n, b: 1, ...transformScalarCsr(K.n, K.rowPtr, K.col, K.val, G) };
}

/** G^T f, with `c` values per node (the same weights for each). */
export function reduceScalar(G: ScalarTransform, f: Float64Array, c = 1): Float64Array {
  const out = new Float64Array(f.length);
  G.forEach((row, i) => row.cols.forEach((a, x) => { for (let k = 0; k < c; k++) out[c * a + k] += row.weights[x] * f[c * i + k]; }));
  return out;
}

/** G v, with `c` values per node. */
export function expandScalar(G: ScalarTransform, v: Float64Array, c = 1): Float64Array {
  const out = new Float64Array(v.length);
  G.forEach((row, i) => row.cols.forEach((a, x) => { for (let k = 0; k < c; k++) out[c * i + k] += row.weights[x] * v[c * a + k]; }));
  return out;
}
