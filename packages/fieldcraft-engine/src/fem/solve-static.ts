// Linear static analysis: validate, check restraints, assemble, precondition (smoothed-aggregation AMG), CG, post-process.
import { DEFAULT_CAPS } from "../base/caps.js";
import type { Mesh } from "../mesh/types.js";
import { NODES_PER_ELEMENT } from "../mesh/types.js";
import type { SolveOptions, StaticProblem, StaticSolution } from "./types.js";
import { assembleStiffness } from "./assembly.js";
import { applyPrescribed } from "./constraints.js";
import { materialProblem } from "./material.js";
import { computeReactions } from "./reactions.js";
import { unrestrainedMotion } from "./rigid-body.js";
import { blockPatternFromMesh } from "./sparse/block-csr.js";
import { nodalStress } from "./stress.js";
import { pcg, yieldToEventLoop } from "./solvers/cg.js";
import { blockOperator, blockDiagonal, type LinearOperator } from "./solvers/operator.js";
import { buildAmg, DEFAULT_AMG } from "./solvers/amg/hierarchy.js";
import { rigidBodyModes, NULLSPACE } from "./solvers/amg/tentative.js";
import { jacobiPreconditioner } from "./solvers/jacobi.js";
import { factorDense, solveDense } from "./solvers/dense-cholesky.js";

export type StaticResult = { ok: true; solution: StaticSolution } | { ok: false; error: string };

/** Defaults for the caps (the session's, the one source of truth); each can be lowered (or raised) through SolveOptions. */
export const SOLVE_DEFAULTS = {
  tolerance: 1e-8,
  maxIterations: 1000,
  maxDofs: DEFAULT_CAPS.maxDofs,
  maxMemoryBytes: DEFAULT_CAPS.maxMemoryBytes,
} as const;

/** Below this many DOFs the system is factored densely (exact, and faster than building a hierarchy). */
const DENSE_LIMIT = 600;

/**
 * Bytes the solve will hold, from the stiffness pattern (upper blocks): the matrix, the multigrid hierarchy
 * (measured 1.5-2x the matrix on tet meshes, setup transients included) and about 16 vectors.
 */
export function estimateSolveBytes(blocks: number, nodes: number): number {
  const matrix = blocks * (9 * 8 + 4) + (nodes + 1) * 4;
  return Math.round(matrix * 3.2 + 3 * nodes * 8 * 16);
}

function validate(p: StaticProblem): string | null {
  const mesh: Mesh = p.mesh;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  if (ne === 0) return "the mesh has no elements; generate a mesh first";
  if (p.elementMaterial.length !== ne) return `elementMaterial has ${p.elementMaterial.length} entries for ${ne} elements`;
  for (let e = 0; e < ne; e++) {
    const m = p.elementMaterial[e];
    if (m < 0 || m >= p.materials.length)
      return `element ${e + 1} (body "${mesh.bodies[mesh.elementBody[e]] ?? "?"}") has no section with a material; assign a section to its body`;
  }
  for (const [i, m] of p.materials.entries()) {
    const problem = materialProblem(m);
    if (problem) return `material ${i + 1}: ${problem}`;
  }
  if (p.forces.length !== 3 * nn) return `forces has ${p.forces.length} entries for ${nn} nodes (3 per node expected)`;
  for (let d = 0; d < p.forces.length; d++) if (!Number.isFinite(p.forces[d])) return `the force at node ${Math.floor(d / 3) + 1} is not a finite number`;
  for (const [dof, value] of p.prescribed) {
    if (!Number.isInteger(dof) || dof < 0 || dof >= 3 * nn) return `prescribed DOF ${dof} is outside the mesh (0..${3 * nn - 1})`;
    if (!Number.isFinite(value)) return `the prescribed displacement at node ${Math.floor(dof / 3) + 1} is not a finite number`;
  }
  return null;
}

function meshCenter(mesh: Mesh): { center: [number, number, number]; scale: number } {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.nodes.length; i++) {
    const a = i % 3;
    lo[a] = Math.min(lo[a], mesh.nodes[i]);
    hi[a] = Math.max(hi[a], mesh.nodes[i]);
  }
  const scale = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
  return { center: [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2], scale };
}

/** Rigid-body modes, zero at prescribed DOFs (the coarse levels must not move what is held). */
function nearNullspace(mesh: Mesh, fixed: Uint8Array): Float64Array {
  const { center, scale } = meshCenter(mesh);
  const B = rigidBodyModes(mesh.nodes, center, scale);
  for (let d = 0; d < fixed.length; d++) if (fixed[d]) B.fill(0, d * NULLSPACE, (d + 1) * NULLSPACE);
  return B;
}

export async function solveStatic(problem: StaticProblem, options: SolveOptions = {}): Promise<StaticResult> {
  const opts = { ...SOLVE_DEFAULTS, ...options };
  const invalid = validate(problem);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const nn = mesh.nodes.length / 3;
  const dofs = 3 * nn;
  const freeDofs = dofs - problem.prescribed.size;
  if (freeDofs > opts.maxDofs)
    return { ok: false, error: `the model has ${freeDofs} free degrees of freedom, above the cap maxDofs = ${opts.maxDofs}; coarsen the mesh or raise maxDofs` };
  const fixed = new Uint8Array(dofs);
  for (const dof of problem.prescribed.keys()) fixed[dof] = 1;
  const loose = unrestrainedMotion(mesh, fixed);
  if (loose) return { ok: false, error: `the model is not restrained: ${loose}; add a boundary condition` };

  const report = (message: string, progress = 0, total?: number) => opts.onProgress?.({ progress, total, message });
  const t0 = performance.now();
  report("assembling the stiffness matrix");
  const pattern = blockPatternFromMesh(mesh);
  const estimate = estimateSolveBytes(pattern.col.length, nn);
  if (estimate > opts.maxMemoryBytes)
    return {
      ok: false,
      error: `the solve would need about ${(estimate / 1024 ** 3).toFixed(1)} GiB, above the cap maxMemoryBytes = ${(opts.maxMemoryBytes / 1024 ** 3).toFixed(1)} GiB; coarsen the mesh or raise maxMemoryBytes`,
    };
  const assembled = assembleStiffness(mesh, problem.elementMaterial, problem.materials, pattern);
  if (!assembled.ok) return assembled;
  const K = assembled.matrix;
  const system = applyPrescribed(K, problem.prescribed, problem.forces);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return { ok: false, error: "the solve was cancelled" };

  const t1 = performance.now();
  const A: LinearOperator = blockOperator(K);
  let M: LinearOperator;
  let solver: string;
  if (dofs <= DENSE_LIMIT) {
    const dense = new Float64Array(dofs * dofs);
    for (let i = 0; i < K.n; i++)
      for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
        for (let a = 0; a < 3; a++)
          for (let b = 0; b < 3; b++) {
            dense[(3 * i + a) * dofs + 3 * K.col[k] + b] = K.val[9 * k + 3 * a + b];
            dense[(3 * K.col[k] + b) * dofs + 3 * i + a] = K.val[9 * k + 3 * a + b];
          }
    const f = factorDense(dense, dofs);
    M = { size: dofs, apply: (r, z) => solveDense(f, r, z) };
    solver = "dense LDL^T (small model) with CG refinement";
  } else {
    report("building the multigrid preconditioner");
    try {
      const amg = await buildAmg(K, nearNullspace(mesh, system.fixed), DEFAULT_AMG, async () => {
        await yieldToEventLoop();
      });
      M = amg.preconditioner;
      solver = `CG with ${amg.describe}`;
    } catch {
      M = jacobiPreconditioner(blockDiagonal(K));
      solver = "CG with Jacobi preconditioner";
    }
    if (opts.signal?.aborted) return { ok: false, error: "the solve was cancelled" };
  }

  const x = new Float64Array(dofs);
  let lastReport = 0;
  const result = await pcg(A, M, system.rhs, x, {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    signal: opts.signal,
    onIteration: (it, rel) => {
      const now = performance.now();
      if (now - lastReport < 200) return;
      lastReport = now;
      report(`CG iteration ${it}: relative residual ${rel.toExponential(2)}`, it, opts.maxIterations);
    },
  });
  if (result.status === "aborted") return { ok: false, error: "the solve was cancelled" };
  if (result.status === "max-iterations")
    return {
      ok: false,
      error: `the solver did not converge within the cap maxIterations = ${opts.maxIterations} (relative residual ${result.relativeResidual.toExponential(2)}, tolerance ${opts.tolerance}); raise maxIterations or loosen the tolerance`,
    };
  if (result.status === "breakdown")
    return { ok: false, error: "the stiffness matrix is not positive definite (the model may be unrestrained or degenerate); check boundary conditions and element quality" };
  const solveSeconds = (performance.now() - t1) / 1000;

  for (let d = 0; d < dofs; d++) if (system.fixed[d]) x[d] = system.prescribedValues[d];
  const reaction = computeReactions(system, x, problem.forces);
  const { stress, mises } = nodalStress(mesh, problem.elementMaterial, problem.materials, x);
  report(`solved in ${result.iterations} iterations`, result.iterations, result.iterations);
  return {
    ok: true,
    solution: {
      displacement: x,
      reaction,
      stress,
      mises,
      stats: {
        dofs,
        freeDofs,
        nonzeros: 9 * (2 * K.col.length - K.n),
        iterations: result.iterations,
        relativeResidual: result.relativeResidual,
        assemblySeconds,
        solveSeconds,
        solver,
      },
    },
  };
}
