// Blocks of vectors stored row by row (n rows of k values), so the dense kernels of the eigensolver (Gram matrices,
// products with small coefficient matrices) stream each block once instead of once per column pair.
import type { LinearOperator } from "../operator.js";

export interface Block {
  n: number;
  k: number;
  /** Row-major n x k. */
  data: Float64Array;
}

export function block(n: number, k: number): Block {
  return { n, k, data: new Float64Array(n * k) };
}

export function getColumn(B: Block, j: number, out: Float64Array): Float64Array {
  const { n, k, data } = B;
  for (let i = 0; i < n; i++) out[i] = data[i * k + j];
  return out;
}

export function setColumn(B: Block, j: number, v: Float64Array): void {
  const { n, k, data } = B;
  for (let i = 0; i < n; i++) data[i * k + j] = v[i];
}

/** Columns `cols` of B as a new block. */
export function pickColumns(B: Block, cols: readonly number[]): Block {
  const out = block(B.n, cols.length);
  const k = B.k, c = cols.length;
  for (let i = 0; i < B.n; i++) for (let j = 0; j < c; j++) out.data[i * c + j] = B.data[i * k + cols[j]];
  return out;
}

/** out = op(B) column by column; `mask` rows (held DOFs) are zeroed afterwards. */
export function applyToBlock(op: LinearOperator, B: Block, out: Block, mask?: Uint8Array, x?: Float64Array, y?: Float64Array): void {
  const n = B.n;
  const u = x ?? new Float64Array(n), v = y ?? new Float64Array(n);
  for (let j = 0; j < B.k; j++) {
    getColumn(B, j, u);
    op.apply(u, v);
    if (mask) for (let i = 0; i < n; i++) if (mask[i]) v[i] = 0;
    setColumn(out, j, v);
  }
}

/** A^T B (A.k x B.k, row-major). */
export function gram(A: Block, B: Block): Float64Array {
  const ka = A.k, kb = B.k, n = A.n;
  const G = new Float64Array(ka * kb);
  const a = A.data, b = B.data;
  for (let i = 0; i < n; i++) {
    const ai = i * ka, bi = i * kb;
    for (let p = 0; p < ka; p++) {
      const v = a[ai + p];
      if (v === 0) continue;
      const g = p * kb;
      for (let q = 0; q < kb; q++) G[g + q] += v * b[bi + q];
    }
  }
  return G;
}

/**
 * out = sum_p parts[p] * C[rows of part p, cols] where C is `cRows x cCols` row-major and the parts' columns
 * stack in order down C's rows. `cols` picks C's columns (default all).
 */
export function combine(parts: readonly Block[], C: Float64Array, cCols: number, cols?: readonly number[]): Block {
  const pick = cols ?? Array.from({ length: cCols }, (_, j) => j);
  const m = pick.length;
  const n = parts[0].n;
  const out = block(n, m);
  const o = out.data;
  let offset = 0;
  for (const P of parts) {
    const k = P.k, d = P.data;
    // The coefficient rows of this part, compacted to the picked columns.
    const c = new Float64Array(k * m);
    for (let r = 0; r < k; r++) for (let j = 0; j < m; j++) c[r * m + j] = C[(offset + r) * cCols + pick[j]];
    for (let i = 0; i < n; i++) {
      const di = i * k, oi = i * m;
      for (let r = 0; r < k; r++) {
        const v = d[di + r];
        if (v === 0) continue;
        const cr = r * m;
        for (let j = 0; j < m; j++) o[oi + j] += v * c[cr + j];
      }
    }
    offset += k;
  }
  return out;
}

/** A -= B G where G is B.k x A.k. */
export function subtractProduct(A: Block, B: Block, G: Float64Array): void {
  const ka = A.k, kb = B.k, n = A.n;
  const a = A.data, b = B.data;
  for (let i = 0; i < n; i++) {
    const ai = i * ka, bi = i * kb;
    for (let r = 0; r < kb; r++) {
      const v = b[bi + r];
      if (v === 0) continue;
      for (let j = 0; j < ka; j++) a[ai + j] -= v * G[r * ka + j];
    }
  }
}

/** Euclidean norm of each column. */
export function columnNorms(B: Block): Float64Array {
  const { n, k, data } = B;
  const s = new Float64Array(k);
  for (let i = 0; i < n; i++) for (let j = 0; j < k; j++) s[j] += data[i * k + j] ** 2;
  return s.map(Math.sqrt);
}
