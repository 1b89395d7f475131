// The steps every linear analysis shares once its physics is assembled: the caps on size and memory, the
// preconditioner (dense factor for tiny models, smoothed-aggregation multigrid, Jacobi as the fallback) and
// preconditioned CG, each a named function returning an error value the caller passes on.
import { DEFAULT_CAPS } from "../base/caps.js";
import { meshFamily, type Mesh } from "../mesh/types.js";
import type { ConstrainedSystem } from "./constraints.js";
import { blockPatternFromMesh, type BlockCsr } from "./sparse/block-csr.js";
import { pcg, yieldToEventLoop } from "./solvers/cg.js";
import { buildAmg, DEFAULT_AMG } from "./solvers/amg/hierarchy.js";
import { factorDense, solveDense } from "./solvers/dense-cholesky.js";
import { jacobiPreconditioner } from "./solvers/jacobi.js";
import { blockDiagonal, type LinearOperator } from "./solvers/operator.js";
import { blockLevelOperator } from "./parallel/operators.js";
import { kernelPool, resolveThreads, type KernelPool } from "./parallel/pool.js";
import { shareFloat64, sharedFloat64 } from "./parallel/shared.js";
import { kernelPathProblem } from "./parallel/wasm/heap.js";

export type Failure = { ok: false; error: string };

/** Defaults for the caps (the session's, the one source of truth); each can be lowered (or raised) through SolveOptions. */
export const SOLVE_DEFAULTS = {
  tolerance: 1e-8,
  maxIterations: 1000,
  maxDofs: DEFAULT_CAPS.maxDofs,
  maxMemoryBytes: DEFAULT_CAPS.maxMemoryBytes,
} as const;

/** Below this many DOFs the system is factored densely (exact, and faster than building a hierarchy). */
export const DENSE_LIMIT = 600;

/**
 * Bytes the solve will hold, from the pattern (upper blocks of b x b): the matrix, times 3.2 for the
 * multigrid hierarchy and its setup transients, plus about 16 vectors. The factor is measured: at 1.1M DOFs
 * of C3D10 the 5.3M upper blocks take 0.38 GiB and the solve peaked at 1.20 GiB (docs/solver.md, 2026-11-30).
 */
export const MEMORY_FACTOR = 3.2;
const SOLVE_VECTORS = 16;

/**
 * The check every solve starts with: the mesh has elements and each one a section's material (one of
 * `materialCount`). The first problem, or null.
 */
export function elementMaterialProblem(mesh: Mesh, elementMaterial: Int32Array, materialCount: number): string | null {
  const ne = mesh.elements.length / meshFamily(mesh).nodes;
  if (ne === 0) return "the mesh has no elements; generate a mesh first";
  if (elementMaterial.length !== ne) return `elementMaterial has ${elementMaterial.length} entries for ${ne} elements`;
  for (let e = 0; e < ne; e++) {
    const m = elementMaterial[e];
    if (m < 0 || m >= materialCount)
      return `element ${e + 1} (body "${mesh.bodies[mesh.elementBody[e]] ?? "?"}") has no section with a material; assign a section to its body`;
  }
  return null;
}

export function estimateSolveBytes(blocks: number, nodes: number, unknowns = 3): number {
  const matrix = blocks * (unknowns * unknowns * 8 + 4) + (nodes + 1) * 4;
  return Math.round(matrix * MEMORY_FACTOR + unknowns * nodes * 8 * SOLVE_VECTORS);
}

export const cancelled = (): Failure => ({ ok: false, error: "the solve was cancelled" });

export function dofCapFailure(freeDofs: number, maxDofs: number): Failure | null {
  if (freeDofs <= maxDofs) return null;
  return { ok: false, error: `the model has ${freeDofs} free degrees of freedom, above the cap maxDofs = ${maxDofs}; coarsen the mesh or raise maxDofs` };
}

/** The block pattern for `unknowns` per node, refused when the solve it implies would exceed the memory cap. */
export function patternWithinMemory(mesh: Mesh, unknowns: number, maxMemoryBytes: number): { ok: true; pattern: BlockCsr } | Failure {
  const kernels = kernelPathProblem(); // the pattern goes where the kernels read it
  if (kernels) return { ok: false, error: kernels };
  const pattern = blockPatternFromMesh(mesh, unknowns);
  const estimate = estimateSolveBytes(pattern.col.length, pattern.n, unknowns);
  if (estimate > maxMemoryBytes)
    return {
      ok: false,
      error: `the solve would need about ${(estimate / 1024 ** 3).toFixed(1)} GiB, above the cap maxMemoryBytes = ${(maxMemoryBytes / 1024 ** 3).toFixed(1)} GiB; coarsen the mesh or raise maxMemoryBytes`,
    };
  return { ok: true, pattern };
}

/** The whole (constrained) matrix as a dense LDL^T factor: the preconditioner of tiny models (then CG converges at once). */
export function densePreconditioner(K: BlockCsr): LinearOperator {
  const b = K.b, bb = b * b, dofs = b * K.n;
  const dense = new Float64Array(dofs * dofs);
  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
      for (let r = 0; r < b; r++)
        for (let c = 0; c < b; c++) {
          dense[(b * i + r) * dofs + b * K.col[k] + c] = K.val[bb * k + b * r + c];
          dense[(b * K.col[k] + c) * dofs + b * i + r] = K.val[bb * k + b * r + c];
        }
  const f = factorDense(dense, dofs);
  return { size: dofs, apply: (r, z) => solveDense(f, r, z) };
}

export interface LinearSolveOptions {
  tolerance: number;
  maxIterations: number;
  signal?: AbortSignal;
  report: (message: string, progress?: number, total?: number) => void;
  /** Threads for the products (default: FIELDCRAFT_THREADS, else the machine's); 1 runs the one-thread path. */
  threads?: number;
  /** Cap on threads (the session's maxThreads). */
  maxThreads?: number;
}

/**
 * The kernel pool for a solve's `threads` (null for one thread), with a note when workers were asked for
 * but cannot run here (the solve then runs on one thread and says so in its solver description).
 */
export async function solvePool(threads: number | undefined, maxThreads?: number): Promise<{ ok: true; pool: KernelPool | null; note: string } | Failure> {
  const wanted = resolveThreads(threads, maxThreads);
  if (!wanted.ok) return wanted;
  if (wanted.threads === 1) return { ok: true, pool: null, note: "1 thread" };
  const got = await kernelPool(wanted.threads);
  if (!got.ok) return { ok: true, pool: null, note: `1 thread (${got.error})` };
  return { ok: true, pool: got.pool, note: `${got.pool.threads} threads` };
}

/** Dense below DENSE_LIMIT DOFs; otherwise multigrid on the near-nullspace (Jacobi if the hierarchy cannot be built). */
export async function choosePreconditioner(
  K: BlockCsr,
  nearNullspace: () => Float64Array,
  o: LinearSolveOptions,
  pool: KernelPool | null = null,
): Promise<{ ok: true; M: LinearOperator; solver: string } | Failure> {
  if (K.b * K.n <= DENSE_LIMIT) return { ok: true, M: densePreconditioner(K), solver: "dense LDL^T (small model) with CG refinement" };
  o.report("building the multigrid preconditioner");
  let M: LinearOperator, solver: string;
  try {
    const amg = await buildAmg(
      K,
      nearNullspace(),
      DEFAULT_AMG,
      async () => {
        await yieldToEventLoop();
        // Between levels: a cancelled build stops here instead of finishing the hierarchy.
        if (o.signal?.aborted) throw new Error("cancelled");
      },
      pool,
    );
    M = amg.preconditioner;
    solver = `CG with ${amg.describe}`;
  } catch {
    if (o.signal?.aborted) return cancelled();
    M = jacobiPreconditioner(blockDiagonal(K));
    solver = "CG with Jacobi preconditioner";
  }
  if (o.signal?.aborted) return cancelled();
  return { ok: true, M, solver };
}

export interface CgSolution {
  ok: true;
  x: Float64Array;
  iterations: number;
  relativeResidual: number;
}

/** Preconditioned CG on the constrained system, its failures worded for the user. */
export async function runCg(A: LinearOperator, M: LinearOperator, rhs: Float64Array, o: LinearSolveOptions): Promise<CgSolution | Failure> {
  const x = sharedFloat64(A.size);
  let lastReport = 0;
  const result = await pcg(A, M, rhs, x, {
    tolerance: o.tolerance,
    maxIterations: o.maxIterations,
    signal: o.signal,
    onIteration: (it, rel) => {
      const now = performance.now();
      if (now - lastReport < 200) return;
      lastReport = now;
      o.report(`CG iteration ${it}: relative residual ${rel.toExponential(2)}`, it, o.maxIterations);
    },
  });
  if (result.status === "aborted") return cancelled();
  if (result.status === "max-iterations")
    return {
      ok: false,
      error: `the solver did not converge within the cap maxIterations = ${o.maxIterations} (relative residual ${result.relativeResidual.toExponential(2)}, tolerance ${o.tolerance}); raise maxIterations or loosen the tolerance`,
    };
  if (result.status === "breakdown")
    return { ok: false, error: "the stiffness matrix is not positive definite (the model may be unrestrained or degenerate); check boundary conditions and element quality" };
  return { ok: true, x, iterations: result.iterations, relativeResidual: result.relativeResidual };
}

export interface SystemSolution extends CgSolution {
  solver: string;
  seconds: number;
}

/**
 * Solves a constrained block system: preconditioner, CG, then the prescribed values put back into the
 * solution. `nearNullspace` is called only when a multigrid is built (rows of modes per DOF, zero where held).
 */
export async function solveSystem(
  K: BlockCsr,
  system: ConstrainedSystem,
  nearNullspace: () => Float64Array,
  o: LinearSolveOptions,
): Promise<SystemSolution | Failure> {
  const t1 = performance.now();
  const threads = await solvePool(o.threads, o.maxThreads);
  if (!threads.ok) return threads;
  const pre = await choosePreconditioner(K, nearNullspace, o, threads.pool);
  if (!pre.ok) return pre;
  const solved = await runCg(blockLevelOperator(K, threads.pool), pre.M, shareFloat64(system.rhs), o);
  if (!solved.ok) return solved;
  const seconds = (performance.now() - t1) / 1000;
  const { x } = solved;
  for (let d = 0; d < x.length; d++) if (system.fixed[d]) x[d] = system.prescribedValues[d];
  return { ...solved, solver: `${pre.solver}, ${threads.note}`, seconds };
}
