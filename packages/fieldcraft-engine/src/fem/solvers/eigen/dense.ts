// Dense symmetric eigenproblems for the Rayleigh-Ritz step of the sparse eigensolver (a few hundred unknowns at most)
// and as the reference the tests check the sparse solver against: Householder tridiagonalisation, then implicit QL.

export interface DenseEigen {
  /** Ascending eigenvalues. */
  values: Float64Array;
  /** n x n row-major; column j is the eigenvector of values[j] (orthonormal, or B-orthonormal for the generalised form). */
  vectors: Float64Array;
}

/** Reduces symmetric `V` (n x n, row-major, overwritten by the orthogonal transform) to tridiagonal d (diagonal), e (sub-diagonal in e[1..]). */
function tridiagonalize(V: Float64Array, n: number, d: Float64Array, e: Float64Array): void {
  for (let j = 0; j < n; j++) d[j] = V[(n - 1) * n + j];
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]);
    if (scale === 0) {
      e[i] = d[i - 1];
      for (let j = 0; j < i; j++) {
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
        V[j * n + i] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k] /= scale;
        h += d[k] * d[k];
      }
      let f = d[i - 1];
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j];
        V[j * n + i] = f;
        g = e[j] + V[j * n + j] * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[k * n + j] * d[k];
          e[k] += V[k * n + j] * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j] /= h;
        f += e[j] * d[j];
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j] -= hh * d[j];
      for (let j = 0; j < i; j++) {
        f = d[j];
        g = e[j];
        for (let k = j; k <= i - 1; k++) V[k * n + j] -= f * e[k] + g * d[k];
        d[j] = V[(i - 1) * n + j];
        V[i * n + j] = 0;
      }
    }
    d[i] = h;
  }
  // Accumulate the transformations.
  for (let i = 0; i < n - 1; i++) {
    V[(n - 1) * n + i] = V[i * n + i];
    V[i * n + i] = 1;
    const h = d[i + 1];
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[k * n + i + 1] / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += V[k * n + i + 1] * V[k * n + j];
        for (let k = 0; k <= i; k++) V[k * n + j] -= g * d[k];
      }
    }
    for (let k = 0; k <= i; k++) V[k * n + i + 1] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[(n - 1) * n + j];
    V[(n - 1) * n + j] = 0;
  }
  V[(n - 1) * n + n - 1] = 1;
  e[0] = 0;
}

/** Implicit QL on the tridiagonal (d, e), accumulating into V; then sorts ascending. */
function tridiagonalQl(V: Float64Array, n: number, d: Float64Array, e: Float64Array): void {
  for (let i = 1; i < n; i++) e[i - 1] = e[i];
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n) {
      if (Math.abs(e[m]) <= eps * tst1) break;
      m++;
    }
    if (m > l) {
      for (let iter = 0; ; iter++) {
        if (iter > 60) throw new Error("dense eigensolver: QL iteration did not converge");
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        p = d[m];
        let c = 1, c2 = c, c3 = c;
        const el1 = e[l + 1];
        let s = 0, s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (let k = 0; k < n; k++) {
            const vk = V[k * n + i + 1];
            V[k * n + i + 1] = s * V[k * n + i] + c * vk;
            V[k * n + i] = c * V[k * n + i] - s * vk;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
        if (!(Math.abs(e[l]) > eps * tst1)) break;
      }
    }
    d[l] += f;
    e[l] = 0;
  }
  // Selection sort, ascending, columns moved with their values.
  for (let i = 0; i < n - 1; i++) {
    let k = i;
    let p = d[i];
    for (let j = i + 1; j < n; j++)
      if (d[j] < p) {
        k = j;
        p = d[j];
      }
    if (k !== i) {
      d[k] = d[i];
      d[i] = p;
      for (let j = 0; j < n; j++) {
        const t = V[j * n + i];
        V[j * n + i] = V[j * n + k];
        V[j * n + k] = t;
      }
    }
  }
}

/** Eigen-decomposition of the symmetric n x n matrix `a` (row-major; only its values are read). */
export function symmetricEigen(a: Float64Array, n: number): DenseEigen {
  const V = new Float64Array(n * n);
  // Symmetrise so round-off in a computed Gram matrix cannot bias the result.
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) V[i * n + j] = 0.5 * (a[i * n + j] + a[j * n + i]);
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  if (n === 0) return { values: d, vectors: V };
  tridiagonalize(V, n, d, e);
  tridiagonalQl(V, n, d, e);
  return { values: d, vectors: V };
}

/** Lower Cholesky factor of a symmetric positive-definite matrix, or null when a pivot is not positive. */
export function cholesky(a: Float64Array, n: number): Float64Array | null {
  const L = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let s = a[j * n + j];
    for (let k = 0; k < j; k++) s -= L[j * n + k] * L[j * n + k];
    if (!(s > 0)) return null;
    const ljj = Math.sqrt(s);
    L[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let t = 0.5 * (a[i * n + j] + a[j * n + i]);
      for (let k = 0; k < j; k++) t -= L[i * n + k] * L[j * n + k];
      L[i * n + j] = t / ljj;
    }
  }
  return L;
}

/**
 * The generalised problem A v = lambda B v with B positive definite: B = L L^T, C = L^-1 A L^-T, v = L^-T w.
 * Eigenvectors come out B-orthonormal. Null when B is not positive definite.
 */
export function generalizedEigen(A: Float64Array, B: Float64Array, n: number): DenseEigen | null {
  const L = cholesky(B, n);
  if (!L) return null;
  // C = L^-1 A L^-T: Y = L^-1 A, then C = L^-1 Y^T (A symmetric). Row-oriented substitutions (contiguous rows).
  const Y = lowerSolveRows(L, A, n);
  const Yt = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) Yt[j * n + i] = Y[i * n + j];
  const C = lowerSolveRows(L, Yt, n);
  const { values, vectors: W } = symmetricEigen(C, n);
  // V = L^-T W: back substitution, row-oriented.
  const V = W;
  for (let i = n - 1; i >= 0; i--) {
    const vi = i * n;
    for (let k = i + 1; k < n; k++) {
      const l = L[k * n + i];
      if (l === 0) continue;
      const vk = k * n;
      for (let c = 0; c < n; c++) V[vi + c] -= l * V[vk + c];
    }
    const d = 1 / L[i * n + i];
    for (let c = 0; c < n; c++) V[vi + c] *= d;
  }
  return { values, vectors: V };
}

/** X = L^-1 B for lower-triangular L (n x n), B n x n, by rows. */
function lowerSolveRows(L: Float64Array, B: Float64Array, n: number): Float64Array {
  const X = Float64Array.from(B.subarray(0, n * n));
  for (let i = 0; i < n; i++) {
    const xi = i * n;
    for (let k = 0; k < i; k++) {
      const l = L[i * n + k];
      if (l === 0) continue;
      const xk = k * n;
      for (let c = 0; c < n; c++) X[xi + c] -= l * X[xk + c];
    }
    const d = 1 / L[i * n + i];
    for (let c = 0; c < n; c++) X[xi + c] *= d;
  }
  return X;
}
