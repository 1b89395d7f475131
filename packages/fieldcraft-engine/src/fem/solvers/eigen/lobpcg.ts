// LOBPCG (Knyazev 2001) for the lowest eigenpairs of K x = lambda M x, K and M symmetric, M positive definite on the
// free DOFs, with a preconditioner T ~ K^-1 (the multigrid V-cycle). Every block is kept M-orthonormal (SVQB,
// Stathopoulos & Wu 2002) so the Rayleigh-Ritz Gram matrices stay well conditioned (Hetmaniuk & Lehoucq 2006);
// converged columns stay in X but leave W and P ("soft locking").
import type { LinearOperator } from "../operator.js";
import { yieldToEventLoop } from "../cg.js";
import { applyToBlock, block, columnNorms, combine, gram, pickColumns, subtractProduct, type Block } from "./block.js";
import { generalizedEigen, symmetricEigen } from "./dense.js";
import { sharedFloat64 } from "../../parallel/shared.js";

export interface LobpcgOptions {
  /** Eigenpairs wanted (the lowest). */
  count: number;
  /** Columns iterated (extra ones speed up convergence of the last wanted pairs); default count + max(4, count / 4). */
  blockSize?: number;
  /** Relative residual ||K x - lambda M x|| / ((|lambda| + floor) ||M x||) at which a pair counts as converged. */
  tolerance?: number;
  maxIterations?: number;
  /** DOFs held at zero (prescribed): every vector is zero there. */
  constrained?: Uint8Array;
  /** Starting vectors (n x k, k <= blockSize); random columns fill the rest. */
  initial?: Block;
  seed?: number;
  signal?: AbortSignal;
  /**
   * |K| and |M| (every entry by its absolute value). With them, a pair whose residual stopped falling is
   * accepted once it lies within the round-off of computing K x - lambda M x in double precision (reported in
   * `limited`); without them only the tolerance counts.
   */
  absolute?: { K: LinearOperator; M: LinearOperator };
  onIteration?: (info: { iteration: number; converged: number; largestResidual: number }) => void;
}

export interface LobpcgResult {
  status: "converged" | "max-iterations" | "aborted" | "breakdown";
  /** Ascending eigenvalues, `count` of them. */
  values: Float64Array;
  /** n x count, M-orthonormal (x^T M x = 1). */
  vectors: Block;
  residuals: Float64Array;
  /** Wanted pairs (indices) accepted at the round-off limit: their residual is above the tolerance but within
   * what double precision can compute for them. */
  limited: number[];
  iterations: number;
  /** Operator applications (one per vector), for the solver report. */
  applications: { K: number; M: number; T: number };
}

export const LOBPCG_DEFAULTS = { tolerance: 1e-8, maxIterations: 500 } as const;

/**
 * Iterations without the largest wanted residual halving after which the residuals are recomputed from K X
 * itself and checked against their round-off limit.
 */
const STALL_ITERATIONS = 20;
/** Iterations after a check that found the pairs not converged before the next one. */
const RECHECK_ITERATIONS = 5;
/**
 * The round-off limit of a relative residual, in units of eps ||(|K| + |lambda| |M|) |x|||. Measured where
 * residuals stop falling: 2.5 units (the C3D10 cantilever's first bending pair), 6 (a one-layer thin plate's
 * first mode); 8 takes those, and a residual still falling by orders lies far above it.
 */
const ROUNDOFF_UNITS = 8;

const YIELD_EVERY_MS = 50;

function randomBlock(n: number, k: number, seed: number, mask?: Uint8Array): Block {
  const B = block(n, k);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < n * k; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    B.data[i] = s / 4294967296 - 0.5;
  }
  if (mask) zeroRows(B, mask);
  return B;
}

function zeroRows(B: Block, mask: Uint8Array): void {
  for (let i = 0; i < B.n; i++) if (mask[i]) B.data.fill(0, i * B.k, (i + 1) * B.k);
}

/**
 * M-orthonormalises U (given MU = M U) by SVQB: G = U^T M U scaled to unit diagonal, G = V Θ V^T, U Z with
 * Z = D V Θ^-1/2, columns with Θ below `drop` x max(Θ) removed (they are numerically dependent). Returns Z.
 */
export function svqb(U: Block, MU: Block, drop = 1e-12): { Z: Float64Array; cols: number } {
  const k = U.k;
  const G = gram(U, MU);
  const d = new Float64Array(k);
  for (let j = 0; j < k; j++) d[j] = G[j * k + j] > 0 ? 1 / Math.sqrt(G[j * k + j]) : 0;
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) G[i * k + j] *= d[i] * d[j];
  const { values, vectors } = symmetricEigen(G, k);
  const top = values[k - 1] ?? 0;
  const keep: number[] = [];
  for (let j = 0; j < k; j++) if (values[j] > drop * top && top > 0) keep.push(j);
  const c = keep.length;
  const Z = new Float64Array(k * c);
  for (let i = 0; i < k; i++)
    keep.forEach((j, q) => {
      Z[i * c + q] = (d[i] * vectors[i * k + j]) / Math.sqrt(values[j]);
    });
  return { Z, cols: c };
}

/** Symmetric Gram of the stacked parts: G[p][q] = S_p^T (O S)_q. */
function stackedGram(S: readonly Block[], OS: readonly Block[]): { G: Float64Array; d: number } {
  const sizes = S.map((b) => b.k);
  const d = sizes.reduce((a, b) => a + b, 0);
  const G = new Float64Array(d * d);
  let r0 = 0;
  for (let p = 0; p < S.length; p++) {
    let c0 = r0;
    for (let q = p; q < S.length; q++) {
      const g = gram(S[p], OS[q]);
      for (let i = 0; i < sizes[p]; i++)
        for (let j = 0; j < sizes[q]; j++) {
          G[(r0 + i) * d + c0 + j] = g[i * sizes[q] + j];
          G[(c0 + j) * d + r0 + i] = g[i * sizes[q] + j];
        }
      c0 += sizes[q];
    }
    r0 += sizes[p];
  }
  return { G, d };
}

export async function lobpcg(K: LinearOperator, M: LinearOperator, T: LinearOperator | null, options: LobpcgOptions): Promise<LobpcgResult> {
  const o = { ...LOBPCG_DEFAULTS, ...options };
  const n = K.size;
  const mask = o.constrained;
  let free = n;
  if (mask) for (let i = 0; i < n; i++) if (mask[i]) free--;
  const count = o.count;
  if (!(count >= 1) || count > free) throw new Error(`lobpcg: asked for ${count} eigenpairs of a problem with ${free} free DOFs`);
  const m = Math.min(o.blockSize ?? count + Math.max(4, Math.ceil(count / 4)), Math.max(count, Math.floor(free / 3)));
  const applications = { K: 0, M: 0, T: 0 };
  // Shared: an operator on the kernel pool then runs its products on the pool's threads.
  const u = sharedFloat64(n), v = sharedFloat64(n);
  const apply = (op: LinearOperator, B: Block, which: "K" | "M" | "T"): Block => {
    const out = block(n, B.k);
    applyToBlock(op, B, out, mask, u, v);
    applications[which] += B.k;
    return out;
  };
  const transform = (B: Block, Z: Float64Array, cols: number): Block => combine([B], Z, cols);

  let lambda = new Float64Array(m);
  const residuals = new Float64Array(m);
  /** Per column: the round-off limit of its relative residual found at the last check (0: none yet). */
  const limit = new Float64Array(m);
  let iteration = 0;
  // Start: initial columns, random ones for the rest, M-orthonormalised.
  let X = randomBlock(n, m, o.seed ?? 20011, mask);
  if (o.initial) {
    const k0 = Math.min(o.initial.k, m);
    for (let i = 0; i < n; i++) for (let j = 0; j < k0; j++) X.data[i * m + j] = mask?.[i] ? 0 : o.initial.data[i * o.initial.k + j];
  }
  {
    const { Z, cols } = svqb(X, apply(M, X, "M"));
    if (cols < m) return breakdown("the starting block is rank deficient");
    X = transform(X, Z, cols);
  }
  let KX = apply(K, X, "K");
  let MX = apply(M, X, "M");
  {
    const A = gram(X, KX), B = gram(X, MX);
    const eig = generalizedEigen(A, B, m);
    if (!eig) return breakdown("the mass matrix is not positive definite on the starting block");
    X = combine([X], eig.vectors, m);
    KX = combine([KX], eig.vectors, m);
    MX = combine([MX], eig.vectors, m);
    lambda = eig.values.slice();
  }
  // Scale for the residual floor: the Rayleigh quotients of random vectors sit in the upper part of the spectrum.
  const lambdaScale = Math.max(...Array.from(lambda).map(Math.abs));
  let P: Block | null = null, KP: Block | null = null;
  let last = Date.now();

  function breakdown(why: string): LobpcgResult {
    void why;
    return result("breakdown");
  }
  function result(status: LobpcgResult["status"]): LobpcgResult {
    const cols = Array.from({ length: count }, (_, j) => j);
    return {
      status,
      values: lambda.slice(0, count),
      vectors: pickColumns(X, cols),
      residuals: residuals.slice(0, count),
      limited: cols.filter((j) => residuals[j] > o.tolerance && residuals[j] <= limit[j]),
      iterations: iteration,
      applications,
    };
  }

  /** Residuals R = K X - M X diag(lambda), their relative norms, and which pairs meet the tolerance (or their limit). */
  function evaluate() {
    const R = block(n, m);
    for (let i = 0; i < n * m; i++) R.data[i] = KX.data[i] - MX.data[i] * lambda[i % m];
    const rn = columnNorms(R), mn = columnNorms(MX);
    const top = Math.abs(lambda[count - 1]);
    const scale = (j: number) => (Math.abs(lambda[j]) + Math.max(1e-3 * top, 1e-7 * lambdaScale)) * (mn[j] || 1);
    let converged = 0;
    let largest = 0;
    const active: number[] = [];
    for (let j = 0; j < m; j++) {
      residuals[j] = rn[j] / scale(j);
      const ok = residuals[j] <= Math.max(o.tolerance, limit[j]);
      if (j < count) {
        if (ok) converged++;
        largest = Math.max(largest, residuals[j]);
      }
      if (!ok) active.push(j);
    }
    return { R, converged, largest, active, scale };
  }

  /** The round-off limit of each column's relative residual: ROUNDOFF_UNITS eps ||(|K| + |lambda| |M|) |x||| / scale. */
  function roundoffLimits(absolute: { K: LinearOperator; M: LinearOperator }, scale: (j: number) => number): void {
    const absX = block(n, m);
    for (let i = 0; i < n * m; i++) absX.data[i] = Math.abs(X.data[i]);
    const KA = apply(absolute.K, absX, "K"), MA = apply(absolute.M, absX, "M");
    for (let i = 0; i < n * m; i++) KA.data[i] += Math.abs(lambda[i % m]) * MA.data[i];
    const norms = columnNorms(KA);
    for (let j = 0; j < m; j++) limit[j] = (ROUNDOFF_UNITS * Number.EPSILON * norms[j]) / scale(j);
  }

  // KX is updated from the Rayleigh-Ritz coefficients, not applied afresh, and so drifts by round-off: a pair
  // counts as converged only on residuals from K X itself, computed (a "check") when all pairs seem converged
  // or progress has stalled; a check that finds them short also measures their round-off limits.
  let fresh = true;
  let mark = Infinity;
  let stalled = 0;
  let sinceCheck = RECHECK_ITERATIONS;
  for (iteration = 1; iteration <= o.maxIterations; iteration++) {
    let e = evaluate();
    const seemsDone = e.converged === count && (sinceCheck >= RECHECK_ITERATIONS || e.active.length === 0);
    if (!fresh && (seemsDone || stalled >= STALL_ITERATIONS)) {
      KX = apply(K, X, "K");
      fresh = true;
      e = evaluate();
      if (o.absolute && e.converged < count) {
        roundoffLimits(o.absolute, e.scale);
        e = evaluate();
      }
      sinceCheck = stalled = 0;
      mark = e.largest;
    }
    sinceCheck++;
    const { R, converged: convergedWanted, largest, active } = e;
    if (largest < mark / 2) {
      mark = largest;
      stalled = 0;
    } else stalled++;
    o.onIteration?.({ iteration, converged: convergedWanted, largestResidual: largest });
    if (fresh && convergedWanted === count) return result("converged");
    if (Date.now() - last > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      last = Date.now();
    }
    if (o.signal?.aborted) return result("aborted");

    // P restricted to the active columns, M-orthonormal and M-orthogonal to X.
    let Pa: Block | null = null, KPa: Block | null = null, MPa: Block | null = null;
    if (P && KP) {
      Pa = pickColumns(P, active);
      KPa = pickColumns(KP, active);
      const G = gram(MX, Pa);
      subtractProduct(Pa, X, G);
      subtractProduct(KPa, KX, G);
      const { Z, cols } = svqb(Pa, apply(M, Pa, "M"));
      if (cols > 0) {
        Pa = transform(Pa, Z, cols);
        KPa = transform(KPa, Z, cols);
        MPa = apply(M, Pa, "M");
      } else Pa = KPa = null;
    }

    // W = T R on the active columns, made M-orthogonal to X and P (twice, for round-off) and M-orthonormal.
    let W = pickColumns(R, active);
    if (T) W = apply(T, W, "T");
    for (let pass = 0; pass < 2; pass++) {
      subtractProduct(W, X, gram(MX, W));
      if (Pa && MPa) subtractProduct(W, Pa, gram(MPa, W));
    }
    let MW = apply(M, W, "M");
    {
      const { Z, cols } = svqb(W, MW);
      if (cols === 0) {
        if (!fresh) {
          // Nothing left to search with: judge X on K X itself before calling it converged (next iteration).
          KX = apply(K, X, "K");
          fresh = true;
          continue;
        }
        return result(convergedWanted === count ? "converged" : "breakdown");
      }
      W = transform(W, Z, cols);
    }
    MW = apply(M, W, "M");
    const KW = apply(K, W, "K");

    // Rayleigh-Ritz on span [X W P]; without P when its Gram matrix has lost definiteness.
    let S = [X, W], KS = [KX, KW], MS = [MX, MW];
    if (Pa && KPa && MPa) {
      S = [X, W, Pa];
      KS = [KX, KW, KPa];
      MS = [MX, MW, MPa];
    }
    let A = stackedGram(S, KS), B = stackedGram(S, MS);
    let eig = generalizedEigen(A.G, B.G, A.d);
    if (!eig && S.length === 3) {
      S = S.slice(0, 2);
      KS = KS.slice(0, 2);
      MS = MS.slice(0, 2);
      A = stackedGram(S, KS);
      B = stackedGram(S, MS);
      eig = generalizedEigen(A.G, B.G, A.d);
    }
    if (!eig) return breakdown("the Rayleigh-Ritz Gram matrix is not positive definite");
    const d = A.d;
    const C = eig.vectors;
    const firstM = Array.from({ length: m }, (_, j) => j);
    // P = the part of the new X that came from W and P (the search direction).
    const Cwp = C.subarray(m * d);
    P = combine(S.slice(1), Cwp, d, firstM);
    KP = combine(KS.slice(1), Cwp, d, firstM);
    X = combine(S, C, d, firstM);
    KX = combine(KS, C, d, firstM);
    fresh = false;
    MX = apply(M, X, "M");
    lambda = eig.values.slice(0, m);
  }
  iteration = o.maxIterations;
  return result("max-iterations");
}
