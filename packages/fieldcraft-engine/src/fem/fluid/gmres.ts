// Restarted flexible GMRES (FGMRES, Saad 1993), right-preconditioned: the residual it minimises is the true one,
// so its tolerance means what the caller asked, and the preconditioner may change from one application to the
// next (an inner Krylov solve). Givens rotations on the Hessenberg matrix, modified Gram-Schmidt. A small
// synchronous GMRES serves as that inner solve.
import type { LinearOperator } from "../solvers/operator.js";
import { yieldToEventLoop } from "../solvers/cg.js";

export interface GmresOptions {
  tolerance: number;
  maxIterations: number;
  restart: number;
  signal?: AbortSignal;
  onIteration?: (iteration: number, relativeResidual: number) => void;
}

export type GmresResult = { status: "converged" | "max-iterations" | "aborted"; iterations: number; relativeResidual: number };

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** Solves A x = b from the x given; M applies the preconditioner z = M^-1 r. */
export async function gmres(A: LinearOperator, M: LinearOperator, b: Float64Array, x: Float64Array, o: GmresOptions): Promise<GmresResult> {
  const n = b.length;
  const m = o.restart;
  const bnorm = Math.sqrt(dot(b, b)) || 1;
  const V: Float64Array[] = [];
  const Z: Float64Array[] = [];
  const H = new Float64Array((m + 1) * m);
  const cs = new Float64Array(m), sn = new Float64Array(m), g = new Float64Array(m + 1);
  const r = new Float64Array(n), w = new Float64Array(n);
  let iterations = 0;
  let rel = 1;
  let lastYield = performance.now();
  for (;;) {
    A.apply(x, w);
    for (let i = 0; i < n; i++) r[i] = b[i] - w[i];
    const beta = Math.sqrt(dot(r, r));
    rel = beta / bnorm;
    if (rel <= o.tolerance) return { status: "converged", iterations, relativeResidual: rel };
    if (iterations >= o.maxIterations) return { status: "max-iterations", iterations, relativeResidual: rel };
    if (V.length === 0) V.push(new Float64Array(n));
    for (let i = 0; i < n; i++) V[0][i] = r[i] / beta;
    g.fill(0);
    g[0] = beta;
    let k = 0;
    for (; k < m && iterations < o.maxIterations; k++) {
      iterations++;
      if (Z.length <= k) Z.push(new Float64Array(n));
      M.apply(V[k], Z[k]);
      A.apply(Z[k], w);
      for (let j = 0; j <= k; j++) {
        const h = dot(w, V[j]);
        H[j * m + k] = h;
        const v = V[j];
        for (let i = 0; i < n; i++) w[i] -= h * v[i];
      }
      const h1 = Math.sqrt(dot(w, w));
      H[(k + 1) * m + k] = h1;
      if (V.length <= k + 1) V.push(new Float64Array(n));
      const next = V[k + 1];
      if (h1 > 0) for (let i = 0; i < n; i++) next[i] = w[i] / h1;
      applyGivens(H, cs, sn, g, k, m);
      rel = Math.abs(g[k + 1]) / bnorm;
      o.onIteration?.(iterations, rel);
      if (performance.now() - lastYield > 100) {
        await yieldToEventLoop();
        lastYield = performance.now();
        if (o.signal?.aborted) return { status: "aborted", iterations, relativeResidual: rel };
      }
      if (rel <= o.tolerance || h1 === 0) {
        k++;
        break;
      }
    }
    addCorrection(x, Z, H, g, k, m);
    if (o.signal?.aborted) return { status: "aborted", iterations, relativeResidual: rel };
  }
}

/**
 * GMRES without restarts and without pauses, from x = 0: at most `m` iterations or until the residual falls by
 * `tolerance`. The inner solve of a preconditioner; scratch is kept between calls.
 */
export function innerGmres(A: LinearOperator, M: LinearOperator, m: number, tolerance: number): LinearOperator {
  const n = A.size;
  const V = Array.from({ length: m + 1 }, () => new Float64Array(n));
  const Z = Array.from({ length: m }, () => new Float64Array(n));
  const H = new Float64Array((m + 1) * m);
  const cs = new Float64Array(m), sn = new Float64Array(m), g = new Float64Array(m + 1);
  const w = new Float64Array(n);
  return {
    size: n,
    apply(b, x) {
      x.fill(0);
      const beta = Math.sqrt(dot(b, b));
      if (beta === 0) return;
      for (let i = 0; i < n; i++) V[0][i] = b[i] / beta;
      g.fill(0);
      g[0] = beta;
      let k = 0;
      for (; k < m; k++) {
        M.apply(V[k], Z[k]);
        A.apply(Z[k], w);
        for (let j = 0; j <= k; j++) {
          const h = dot(w, V[j]);
          H[j * m + k] = h;
          const v = V[j];
          for (let i = 0; i < n; i++) w[i] -= h * v[i];
        }
        const h1 = Math.sqrt(dot(w, w));
        H[(k + 1) * m + k] = h1;
        if (h1 > 0) for (let i = 0; i < n; i++) V[k + 1][i] = w[i] / h1;
        applyGivens(H, cs, sn, g, k, m);
        if (Math.abs(g[k + 1]) <= tolerance * beta || h1 === 0) {
          k++;
          break;
        }
      }
      addCorrection(x, Z, H, g, k, m);
    },
  };
}

/**
 * Column k of the Hessenberg matrix (row stride m) to upper-triangular form: the earlier rotations applied to it,
 * then a new rotation (cs[k], sn[k]) that zeroes its subdiagonal, applied to the residual vector g as well.
 * |g[k + 1]| is then the residual norm of the current least-squares solution.
 */
function applyGivens(H: Float64Array, cs: Float64Array, sn: Float64Array, g: Float64Array, k: number, m: number): void {
  for (let j = 0; j < k; j++) {
    const a = H[j * m + k], c = H[(j + 1) * m + k];
    H[j * m + k] = cs[j] * a + sn[j] * c;
    H[(j + 1) * m + k] = -sn[j] * a + cs[j] * c;
  }
  const a = H[k * m + k], c = H[(k + 1) * m + k];
  const d = Math.hypot(a, c) || 1e-300;
  cs[k] = a / d;
  sn[k] = c / d;
  H[k * m + k] = d;
  H[(k + 1) * m + k] = 0;
  g[k + 1] = -sn[k] * g[k];
  g[k] = cs[k] * g[k];
}

/** x += Z y, y solving the k x k upper-triangular system H y = g (H stored with row stride m): the GMRES update. */
function addCorrection(x: Float64Array, Z: readonly Float64Array[], H: Float64Array, g: Float64Array, k: number, m: number): void {
  const y = new Float64Array(k);
  for (let i = k - 1; i >= 0; i--) {
    let s = g[i];
    for (let j = i + 1; j < k; j++) s -= H[i * m + j] * y[j];
    y[i] = s / H[i * m + i];
  }
  for (let j = 0; j < k; j++) {
    const zj = Z[j], yj = y[j];
    for (let i = 0; i < x.length; i++) x[i] += yj * zj[i];
  }
}
