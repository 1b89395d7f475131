// Linear static analysis as named steps: validate, check the caps and the restraints, size the job against the
// memory cap, assemble the elastic stiffness, apply the prescribed DOFs, solve (multigrid-preconditioned CG),
// recover reactions and stresses.
import type { Mesh } from "../mesh/types.js";
import type { SolveOptions, StaticProblem, StaticSolution } from "./types.js";
import { assembleStiffness } from "./assembly.js";
import { applyPrescribed } from "./constraints.js";
import { cancelled, dofCapFailure, elementMaterialProblem, patternWithinMemory, SOLVE_DEFAULTS, solveSystem, type Failure, type LinearSolveOptions } from "./linear-solve.js";
import { materialProblem } from "./material.js";
import { computeReactions } from "./reactions.js";
import { unrestrainedMotion } from "./rigid-body.js";
import { nodalStress } from "./stress.js";
import { yieldToEventLoop } from "./solvers/cg.js";
import { rigidBodyModes, NULLSPACE } from "./solvers/amg/tentative.js";

export { SOLVE_DEFAULTS, estimateSolveBytes } from "./linear-solve.js";

export type StaticResult = { ok: true; solution: StaticSolution } | Failure;

/** Unknowns per node of a static (elastic solid) problem. */
const UNKNOWNS = 3;

/** The first reason the problem cannot be solved as given, or null. */
export function validateStatic(p: StaticProblem): string | null {
  const mesh: Mesh = p.mesh;
  const nn = mesh.nodes.length / 3;
  const sections = elementMaterialProblem(mesh, p.elementMaterial, p.materials.length);
  if (sections) return sections;
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

/** Every connected piece must have its six rigid-body motions held (named before any assembly). */
export function restraintFailure(mesh: Mesh, prescribed: Map<number, number>): Failure | null {
  const fixed = new Uint8Array(UNKNOWNS * (mesh.nodes.length / 3));
  for (const dof of prescribed.keys()) fixed[dof] = 1;
  const loose = unrestrainedMotion(mesh, fixed);
  return loose ? { ok: false, error: `the model is not restrained: ${loose}; add a boundary condition` } : null;
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
export function rigidBodyNullspace(mesh: Mesh, fixed: Uint8Array): Float64Array {
  const { center, scale } = meshCenter(mesh);
  const B = rigidBodyModes(mesh.nodes, center, scale);
  for (let d = 0; d < fixed.length; d++) if (fixed[d]) B.fill(0, d * NULLSPACE, (d + 1) * NULLSPACE);
  return B;
}

function linearOptions(opts: Required<Pick<SolveOptions, "tolerance" | "maxIterations">> & SolveOptions): LinearSolveOptions {
  return {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    signal: opts.signal,
    threads: opts.threads,
    maxThreads: opts.maxThreads,
    report: (message, progress = 0, total) => opts.onProgress?.({ progress, total, message }),
  };
}

export async function solveStatic(problem: StaticProblem, options: SolveOptions = {}): Promise<StaticResult> {
  const opts = { ...SOLVE_DEFAULTS, ...options };
  const lin = linearOptions(opts);
  const invalid = validateStatic(problem);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const dofs = UNKNOWNS * (mesh.nodes.length / 3);
  const freeDofs = dofs - problem.prescribed.size;
  const refused = dofCapFailure(freeDofs, opts.maxDofs) ?? restraintFailure(mesh, problem.prescribed);
  if (refused) return refused;

  const t0 = performance.now();
  lin.report("assembling the stiffness matrix");
  const sized = patternWithinMemory(mesh, UNKNOWNS, opts.maxMemoryBytes);
  if (!sized.ok) return sized;
  const assembled = assembleStiffness(mesh, problem.elementMaterial, problem.materials, sized.pattern);
  if (!assembled.ok) return assembled;
  const K = assembled.matrix;
  const system = applyPrescribed(K, problem.prescribed, problem.forces);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return cancelled();

  const solved = await solveSystem(K, system, () => rigidBodyNullspace(mesh, system.fixed), lin);
  if (!solved.ok) return solved;
  const x = solved.x;
  const reaction = computeReactions(system, x, problem.forces);
  const { stress, mises } = nodalStress(mesh, problem.elementMaterial, problem.materials, x);
  lin.report(`solved in ${solved.iterations} iterations`, solved.iterations, solved.iterations);
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
        iterations: solved.iterations,
        relativeResidual: solved.relativeResidual,
        assemblySeconds,
        solveSeconds: solved.seconds,
        solver: solved.solver,
      },
    },
  };
}
