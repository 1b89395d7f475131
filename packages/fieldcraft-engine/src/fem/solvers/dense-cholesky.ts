// Dense LDL^T for the coarsest multigrid level (a few hundred unknowns).
export interface DenseFactor {
  n: number;
  /** Unit lower factor (row-major, strictly lower part used) and the diagonal D (0 where a pivot vanished). */
  L: Float64Array;
  d: Float64Array;
}

export function factorDense(a: Float64Array, n: number): DenseFactor {
  const L = Float64Array.from(a);
  const d = new Float64Array(n);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * n + i]));
  const tiny = maxDiag * 1e-13;
  for (let j = 0; j < n; j++) {
    let dj = L[j * n + j];
    for (let k = 0; k < j; k++) dj -= L[j * n + k] * L[j * n + k] * d[k];
    // A vanishing pivot is a mode the coarse level cannot see; treat it as absent (pseudo-inverse).
    d[j] = dj > tiny ? dj : 0;
    for (let i = j + 1; i < n; i++) {
      let s = L[i * n + j];
      for (let k = 0; k < j; k++) s -= L[i * n + k] * L[j * n + k] * d[k];
      L[i * n + j] = d[j] !== 0 ? s / d[j] : 0;
    }
  }
  return { n, L, d };
}

export function solveDense(f: DenseFactor, b: Float64Array, x: Float64Array): void {
  const { n, L, d } = f;
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= L[i * n + k] * x[k];
    x[i] = s;
  }
  for (let i = 0; i < n; i++) x[i] = d[i] !== 0 ? x[i] / d[i] : 0;
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let k = i + 1; k < n; k++) s -= L[k * n + i] * x[k];
    x[i] = s;
  }
}
