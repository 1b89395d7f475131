// Smoothed-aggregation algebraic multigrid used as a CG preconditioner: one symmetric V-cycle with
// Chebyshev smoothing per application. The finest level is the solve's block matrix (3x3 blocks with the six
// rigid-body modes for elasticity; any block size, e.g. 1 unknown per node with constants, goes through
// its scalar expansion); coarse levels are scalar CSR whose DOFs are grouped per aggregate.
import { expandToScalar, lowerIndex, type BlockCsr } from "../../sparse/block-csr.js";
import { smoothedProlongator, type Csr, type SingleCsr, type SparseLeft } from "../../sparse/csr.js";
import { parallelGalerkinProduct } from "../../parallel/galerkin.js";
import { poolProductRunner } from "../../parallel/prolongator.js";
import { EPILOGUE } from "../../parallel/kernels/epilogue.js";
import { blockLevelOperator, csrLevelOperator, transferOperator, type LevelOperator, type Transfer } from "../../parallel/operators.js";
import type { KernelPool } from "../../parallel/pool.js";
import { sharedFloat64 } from "../../parallel/shared.js";
import { collectGarbage } from "../../parallel/collect.js";
import { factorDense, solveDense, type DenseFactor } from "../dense-cholesky.js";
import { blockDiagonal, csrDiagonal, type LinearOperator } from "../operator.js";
import { aggregate } from "./aggregate.js";
import { blockStrength, groupedStrength, squareGraph, type NodeGraph } from "./strength.js";
import { tentativeProlongator, type Tentative } from "./tentative.js";

export interface AmgOptions {
  /** Strength threshold for aggregation. */
  theta: number;
  /** Chebyshev degree of the smoother. */
  smootherDegree: number;
  /** Stop coarsening at this many DOFs (then a dense factor). */
  coarseSize: number;
  maxLevels: number;
  /**
   * Aggressive coarsening: when the finest level's aggregates average fewer nodes than this, it aggregates on
   * the distance-2 strength graph instead (0: never).
   */
  aggressiveBelow: number;
}

/**
 * theta = 0.02: a weak threshold, so the small off-diagonal blocks of elasticity on stretched tets still join
 * aggregates (Vanek, Mandel & Brezina use 0.08 * 0.5^level for scalar problems; PETSc GAMG's default is 0);
 * it gave the 21-37 CG iterations from 50k to 1.1M DOFs in docs/solver.md. Degree 2 Chebyshev: Adams, Brezina,
 * Hu & Tuminaro (2003) find degree 2-4 competitive with Gauss-Seidel; 2 is the cheapest of those.
 * 600 DOFs: the dense LDL^T of the coarsest level costs 600^2 doubles (2.9 MB), negligible next to a V-cycle.
 * aggressiveBelow = 40 nodes: linear tets aggregate about 26 nodes each (a node has some 14 neighbours), so
 * the first coarse level keeps a thirteenth of the DOFs at 244 entries a row and the setup's Galerkin
 * products took 70% of a 1M-DOF C3D4 solve; on the distance-2 graph (as PETSc GAMG's default MIS-2 on its
 * finest level) a 1M C3D4 solve on 2 threads took 12.6 s instead of 23.1 (34 CG iterations against 23).
 * Quadratic tets (about 130 nodes an aggregate) gain nothing from it (56 iterations against 34, the same
 * time at 200k) and stay on the plain graph (docs/solver.md, "Aggressive coarsening").
 */
export const DEFAULT_AMG: AmgOptions = { theta: 0.02, smootherDegree: 2, coarseSize: 600, maxLevels: 10, aggressiveBelow: 40 };

/**
 * Power iterations for the largest eigenvalue of D^-1 A, and the margin added to it. The Rayleigh quotient
 * approaches rho from below; the 1.1 factor is the one PETSc's Chebyshev smoother applies to its estimate
 * (KSPChebyshevEstEigSet(..., 0, 0.1, 0, 1.1)), which takes 10 steps; 15 costs little next to the setup.
 */
const POWER_ITERATIONS = 15;
const RHO_MARGIN = 1.1;
/** Lower end of the Chebyshev interval, [rho / 30, rho]: ML's default ("smoother: Chebyshev alpha" = 30), as in Adams et al. 2003. */
const CHEBYSHEV_RATIO = 30;
/** Prolongator damping omega = 4 / (3 rho(D^-1 A)): Vanek, Mandel & Brezina (1996), Computing 56, the classical choice. */
const OMEGA_NUMERATOR = 4 / 3;

interface Level {
  A: LevelOperator;
  invDiag: Float64Array;
  /** Chebyshev interval on D^-1 A. */
  lo: number;
  hi: number;
  /** Prolongator to this level from the next, in single precision (half the memory; the preconditioner need not be exact). */
  P?: SingleCsr;
  /** P both ways, over the pool when it has one. */
  transfer?: Transfer;
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
  const vector = (m: number) => A.vector?.(m) ?? sharedFloat64(m);
  const v = vector(n);
  let seed = 12345;
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    v[i] = seed / 0x7fffffff - 0.5;
  }
  const w = vector(n);
  let rho = 0;
  for (let it = 0; it < POWER_ITERATIONS; it++) {
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
    v.set(w);
  }
  return rho;
}

function inverse(d: Float64Array, vector: (n: number) => Float64Array): Float64Array {
  const inv = vector(d.length);
  for (let i = 0; i < d.length; i++) inv[i] = d[i] > 0 ? 1 / d[i] : 0;
  return inv;
}

/** P = (I - omega D^-1 A) T, with omega = 4 / (3 rho), in single precision (no double-precision copy ever exists). */
function smoothProlongator(rows: SparseLeft, T: Tentative, level: Level, pool: KernelPool | null): SingleCsr {
  const omega = OMEGA_NUMERATOR / (level.hi / RHO_MARGIN);
  const scale = sharedFloat64(level.invDiag.length);
  for (let i = 0; i < scale.length; i++) scale[i] = -omega * level.invDiag[i];
  return smoothedProlongator(rows, T.P, scale, poolProductRunner(pool));
}

function makeLevel(A: LevelOperator, diag: Float64Array, nnz: number): Level {
  const n = A.size;
  const invDiag = inverse(diag, A.vector);
  const rho = spectralRadius(A, invDiag) * RHO_MARGIN;
  return {
    A, invDiag, lo: rho / CHEBYSHEV_RATIO, hi: rho, nnz,
    // The smoother's operands where the level's fastest kernels read them (the kernel heap, for level 0).
    b: A.vector(n), x: A.vector(n), r: A.vector(n), d: A.vector(n), t: A.vector(n),
  };
}

function toDense(A: Csr): Float64Array {
  const a = new Float64Array(A.rows * A.rows);
  for (let i = 0; i < A.rows; i++) for (let k = A.ptr[i]; k < A.ptr[i + 1]; k++) a[i * A.rows + A.idx[k]] = A.val[k];
  return a;
}

/** The finest level and what coarsening starts from: its rows for products, strength graph and DOF grouping. */
interface Finest {
  level: Level;
  rows: SparseLeft;
  graph: NodeGraph;
  nodePtr: Int32Array;
  bytes: number;
}

/** 3x3 blocks stay blocks (node-by-node products); other block sizes are expanded to scalar CSR once. */
function finestLevel(A0: BlockCsr, theta: number, pool: KernelPool | null): Finest {
  const b = A0.b;
  const nodePtr = Int32Array.from({ length: A0.n + 1 }, (_, i) => b * i);
  if (b === 3) {
    return {
      level: makeLevel(blockLevelOperator(A0, pool), blockDiagonal(A0), 9 * (2 * A0.col.length - A0.n)),
      rows: { kind: "block", A: A0, lower: lowerIndex(A0) },
      graph: blockStrength(A0, theta),
      nodePtr,
      bytes: A0.val.byteLength + A0.col.byteLength,
    };
  }
  const full: Csr = expandToScalar(A0);
  return {
    level: makeLevel(csrLevelOperator(full, pool), csrDiagonal(full), full.val.length),
    rows: { kind: "csr", A: full },
    graph: groupedStrength(full, nodePtr, theta),
    nodePtr,
    bytes: full.val.byteLength + full.idx.byteLength,
  };
}

/** A level's aggregates: those of the distance-2 graph when the plain ones average fewer than `aggressiveBelow` nodes. */
export function aggregateLevel(graph: NodeGraph, aggressiveBelow: number): { agg: Int32Array; count: number; distance2: boolean } {
  const plain = aggregate(graph);
  if (plain.count === 0 || graph.nodes / plain.count >= aggressiveBelow) return { ...plain, distance2: false };
  return { ...aggregate(squareGraph(graph)), distance2: true };
}

/**
 * Builds the hierarchy for a block matrix whose prescribed DOFs are already identity rows/columns.
 * `B0`: near-nullspace, the same number of modes per DOF (6 rigid-body modes, or 1 constant), zero at prescribed DOFs.
 */
export async function buildAmg(
  A0: BlockCsr,
  B0: Float64Array,
  o: AmgOptions = DEFAULT_AMG,
  pause?: () => Promise<void>,
  pool: KernelPool | null = null,
): Promise<AmgHierarchy> {
  const modes = B0.length / (A0.b * A0.n);
  const finest = finestLevel(A0, o.theta, pool);
  let level = finest.level;
  const levels: Level[] = [level];
  // Setup temporaries are dropped (set to null) as soon as they are used, so the collector can return them
  // before the next large array is allocated: the peak memory of the solve is in this loop.
  let graph: NodeGraph | null = finest.graph;
  let nodePtr: Int32Array = finest.nodePtr;
  let B: Float64Array | null = B0;
  let rows: SparseLeft = finest.rows;
  let Acoarse: Csr | null = null;
  let bytes = finest.bytes;
  let aggressive = false;
  while (level.A.size > o.coarseSize && levels.length < o.maxLevels) {
    const { agg, count, distance2 } = aggregateLevel(graph, levels.length === 1 ? o.aggressiveBelow : 0);
    aggressive ||= distance2;
    graph = null;
    if (count === 0) break;
    let T: Tentative | null = tentativeProlongator(agg, count, nodePtr, B, modes);
    B = null;
    if (T.P.cols === 0 || T.P.cols >= level.A.size * 0.9) break;
    const coarseNodePtr = T.coarseNodePtr, coarseB = T.coarseB;
    await pause?.();
    const P = smoothProlongator(rows, T, level, pool);
    T = null;
    collectGarbage();
    await pause?.();
    const Ac = parallelGalerkinProduct(rows, P, pool);
    rows = { kind: "csr", A: Ac }; // releases the level-0 lower index
    // The slices and A P are garbage now: collect before the next level's arrays (see collect.ts).
    collectGarbage();
    await pause?.();
    level.P = P;
    level.transfer = transferOperator(P, pool);
    bytes += P.val.byteLength + P.idx.byteLength;
    Acoarse = Ac;
    const next = makeLevel(csrLevelOperator(Ac, pool), csrDiagonal(Ac), Ac.val.length);
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
  const preconditioner = vCyclePreconditioner(levels, coarse, o.smootherDegree);
  const sizes = levels.map((L) => L.A.size);
  const opComplexity = levels.reduce((s, L) => s + L.nnz, 0) / levels[0].nnz;
  return {
    levels,
    coarse,
    preconditioner,
    describe: `smoothed-aggregation AMG, ${levels.length} levels (${sizes.join(" > ")} DOFs, operator complexity ${opComplexity.toFixed(2)}${aggressive ? ", distance-2 aggregates on the finest level" : ""})${levels[0].A.kernel === "wasm" ? ", WebAssembly SIMD products" : ""}`,
    bytes,
  };
}

/** The symmetric V-cycle (the same Chebyshev polynomial before and after the coarse correction) as an operator. */
function vCyclePreconditioner(levels: Level[], coarse: DenseFactor, degree: number): LinearOperator {
  // Each product carries the vector update that follows it (an epilogue), so a pool applies both in one job.
  const chebyshev = (L: Level, zeroStart: boolean, degree: number) => {
    const { A, invDiag, b, x, r, d, t } = L;
    const theta = (L.hi + L.lo) / 2, delta = (L.hi - L.lo) / 2, sigma = theta / delta;
    // Step 1: x += d with d = D^-1 (b - A x) / theta.
    if (zeroStart) A.zeroStart({ mode: EPILOGUE.none, y: t, b, r, d, x, invDiag, theta });
    else A.fused(x, { mode: EPILOGUE.chebyshevStart, y: t, b, r, d, x, invDiag, theta });
    let rhoOld = 1 / sigma;
    for (let k = 2; k <= degree; k++) {
      const rhoNew = 1 / (2 * sigma - rhoOld);
      const c1 = rhoNew * rhoOld, c2 = (2 * rhoNew) / delta;
      A.fused(d, { mode: EPILOGUE.chebyshevStep, y: t, r, d, x, invDiag, c1, c2 });
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
    chebyshev(L, true, degree);
    L.A.fused(L.x, { mode: EPILOGUE.residual, y: L.t, b: L.b, r: L.r });
    L.transfer!.restrict(L.r, next.b);
    cycle(l + 1);
    L.transfer!.prolongAdd(next.x, L.x);
    chebyshev(L, false, degree);
  };

  return {
    size: levels[0].A.size,
    apply(r, z) {
      levels[0].b.set(r);
      cycle(0);
      z.set(levels[0].x);
    },
  };
}
