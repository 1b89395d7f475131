// Smoothed-aggregation algebraic multigrid (rigid-body near-nullspace) used as a CG preconditioner:
// one symmetric V-cycle with Chebyshev smoothing per application.
import { lowerIndex, type BlockCsr } from "../../sparse/block-csr.js";
import { galerkinProduct, singleMultiplyAdd, singleMultiplyTransposeAdd, smoothedProlongator, type Csr, type SingleCsr, type SparseLeft } from "../../sparse/csr.js";
import { factorDense, solveDense, type DenseFactor } from "../dense-cholesky.js";
import { blockDiagonal, blockOperator, csrDiagonal, csrOperator, type LinearOperator } from "../operator.js";
import { aggregate } from "./aggregate.js";
import { blockStrength, groupedStrength, type NodeGraph } from "./strength.js";
import { NULLSPACE, tentativeProlongator, type Tentative } from "./tentative.js";

export interface AmgOptions {
  /** Strength threshold for aggregation. */
  theta: number;
  /** Chebyshev degree of the smoother. */
  smootherDegree: number;
  /** Stop coarsening at this many DOFs (then a dense factor). */
  coarseSize: number;
  maxLevels: number;
}

export const DEFAULT_AMG: AmgOptions = { theta: 0.02, smootherDegree: 2, coarseSize: 600, maxLevels: 10 };

interface Level {
  A: LinearOperator;
  invDiag: Float64Array;
  /** Chebyshev interval on D^-1 A. */
  lo: number;
  hi: number;
  /** Prolongator to this level from the next, in single precision (half the memory; the preconditioner need not be exact). */
  P?: SingleCsr;
  b: Float64Array;
  x: Float64Array;
  r: Float64Array;
  d: Float64Array;
  t: Float64Array;
  nnz: number;
}

export interface AmgHierarchy {
  levels: Level[];
  coarse: DenseFactor;
  /** Preconditioner z = M^-1 r. */
  preconditioner: LinearOperator;
  describe: string;
  bytes: number;
}

/** Largest eigenvalue of D^-1 A by power iteration (a lower bound; callers add a margin). */
function spectralRadius(A: LinearOperator, invDiag: Float64Array): number {
  const n = A.size;
  let v = new Float64Array(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    v[i] = seed / 0x7fffffff - 0.5;
  }
  const w = new Float64Array(n);
  let rho = 0;
  for (let it = 0; it < 15; it++) {
    A.apply(v, w);
    let num = 0, den = 0;
    for (let i = 0; i < n; i++) {
      num += v[i] * w[i];
      den += v[i] * v[i] / (invDiag[i] !== 0 ? invDiag[i] : 1);
      w[i] *= invDiag[i];
    }
    rho = den > 0 ? num / den : 0;
    let norm = 0;
    for (let i = 0; i < n; i++) norm += w[i] * w[i];
    norm = Math.sqrt(norm);
    if (norm === 0) break;
    for (let i = 0; i < n; i++) w[i] /= norm;
    [v] = [Float64Array.from(w)];
  }
  return rho;
}

function inverse(d: Float64Array): Float64Array {
  return d.map((v) => (v > 0 ? 1 / v : 0));
}

/** P = (I - omega D^-1 A) T, with omega = 4 / (3 rho), in single precision (no double-precision copy ever exists). */
function smoothProlongator(rows: SparseLeft, T: Tentative, level: Level): SingleCsr {
  const omega = 4 / (3 * (level.hi / 1.1));
  const scale = level.invDiag.map((d) => -omega * d);
  return smoothedProlongator(rows, T.P, scale);
}

function makeLevel(A: LinearOperator, diag: Float64Array, nnz: number): Level {
  const n = A.size;
  const invDiag = inverse(diag);
  const rho = spectralRadius(A, invDiag) * 1.1;
  return {
    A, invDiag, lo: rho / 30, hi: rho, nnz,
    b: new Float64Array(n), x: new Float64Array(n), r: new Float64Array(n), d: new Float64Array(n), t: new Float64Array(n),
  };
}

function toDense(A: Csr): Float64Array {
  const a = new Float64Array(A.rows * A.rows);
  for (let i = 0; i < A.rows; i++) for (let k = A.ptr[i]; k < A.ptr[i + 1]; k++) a[i * A.rows + A.idx[k]] = A.val[k];
  return a;
}

/**
 * Builds the hierarchy for a block matrix whose prescribed DOFs are already identity rows/columns.
 * `B0`: near-nullspace rows of 6 per DOF, zero at prescribed DOFs.
 */
export async function buildAmg(A0: BlockCsr, B0: Float64Array, o: AmgOptions = DEFAULT_AMG, pause?: () => Promise<void>): Promise<AmgHierarchy> {
  const levels: Level[] = [];
  const op0 = blockOperator(A0);
  let level = makeLevel(op0, blockDiagonal(A0), 9 * (2 * A0.col.length - A0.n));
  levels.push(level);
  // Setup temporaries are dropped (set to null) as soon as they are used, so the collector can return them
  // before the next large array is allocated: the peak memory of the solve is in this loop.
  let graph: NodeGraph | null = blockStrength(A0, o.theta);
  let nodePtr: Int32Array = Int32Array.from({ length: A0.n + 1 }, (_, i) => 3 * i);
  let B: Float64Array | null = B0;
  let rows: SparseLeft = { kind: "block", A: A0, lower: lowerIndex(A0) };
  let Acoarse: Csr | null = null;
  let bytes = A0.val.byteLength + A0.col.byteLength;
  while (level.A.size > o.coarseSize && levels.length < o.maxLevels) {
    const { agg, count } = aggregate(graph);
    graph = null;
    if (count === 0) break;
    let T: Tentative | null = tentativeProlongator(agg, count, nodePtr, B);
    B = null;
    if (T.P.cols === 0 || T.P.cols >= level.A.size * 0.9) break;
    const coarseNodePtr = T.coarseNodePtr, coarseB = T.coarseB;
    await pause?.();
    const P = smoothProlongator(rows, T, level);
    T = null;
    await pause?.();
    const Ac = galerkinProduct(rows, P);
    rows = { kind: "csr", A: Ac }; // releases the level-0 lower index
    await pause?.();
    level.P = P;
    bytes += P.val.byteLength + P.idx.byteLength;
    Acoarse = Ac;
    const next = makeLevel(csrOperator(Ac), csrDiagonal(Ac), Ac.val.length);
    bytes += Ac.val.byteLength + Ac.idx.byteLength;
    levels.push(next);
    level = next;
    nodePtr = coarseNodePtr;
    B = coarseB;
    graph = groupedStrength(Ac, nodePtr, o.theta);
  }
  // The coarsest level is solved exactly.
  const last = levels[levels.length - 1];
  const denseA = Acoarse && levels.length > 1 ? toDense(Acoarse) : null;
  if (!denseA) throw new Error("the multigrid hierarchy needs at least two levels");
  const coarse = factorDense(denseA, last.A.size);
  void NULLSPACE;

  const chebyshev = (L: Level, zeroStart: boolean, degree: number) => {
    const { A, invDiag, b, x, r, d, t } = L;
    const n = A.size;
    const theta = (L.hi + L.lo) / 2, delta = (L.hi - L.lo) / 2, sigma = theta / delta;
    if (zeroStart) {
      x.fill(0);
      r.set(b);
    } else {
      A.apply(x, t);
      for (let i = 0; i < n; i++) r[i] = b[i] - t[i];
    }
    for (let i = 0; i < n; i++) d[i] = (invDiag[i] * r[i]) / theta;
    let rhoOld = 1 / sigma;
    for (let k = 1; k <= degree; k++) {
      for (let i = 0; i < n; i++) x[i] += d[i];
      if (k === degree) break;
      A.apply(d, t);
      const rhoNew = 1 / (2 * sigma - rhoOld);
      const c1 = rhoNew * rhoOld, c2 = (2 * rhoNew) / delta;
      for (let i = 0; i < n; i++) {
        r[i] -= t[i];
        d[i] = c1 * d[i] + c2 * invDiag[i] * r[i];
      }
      rhoOld = rhoNew;
    }
  };

  const cycle = (l: number) => {
    const L = levels[l];
    if (l === levels.length - 1) {
      solveDense(coarse, L.b, L.x);
      return;
    }
    const next = levels[l + 1];
    chebyshev(L, true, o.smootherDegree);
    L.A.apply(L.x, L.t);
    for (let i = 0; i < L.A.size; i++) L.r[i] = L.b[i] - L.t[i];
    next.b.fill(0);
    singleMultiplyTransposeAdd(L.P!, L.r, next.b);
    cycle(l + 1);
    singleMultiplyAdd(L.P!, next.x, L.x);
    chebyshev(L, false, o.smootherDegree);
  };

  const preconditioner: LinearOperator = {
    size: op0.size,
    apply(r, z) {
      levels[0].b.set(r);
      cycle(0);
      z.set(levels[0].x);
    },
  };
  const sizes = levels.map((L) => L.A.size);
  const opComplexity = levels.reduce((s, L) => s + L.nnz, 0) / levels[0].nnz;
  return {
    levels,
    coarse,
    preconditioner,
    describe: `smoothed-aggregation AMG, ${levels.length} levels (${sizes.join(" > ")} DOFs, operator complexity ${opComplexity.toFixed(2)})`,
    bytes,
  };
}
