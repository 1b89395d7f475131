// Linear static analysis as named steps: validate, check the caps and the restraints, size the job against the
// memory cap, assemble the elastic stiffness, apply the prescribed DOFs, solve (multigrid-preconditioned CG),
// recover reactions and stresses.
import type { Mesh } from "../mesh/types.js";
import type { SolveOptions, StaticProblem, StaticSolution } from "./types.js";
import { assembleStiffness } from "./assembly.js";
import { applyPrescribed } from "./constraints.js";
import { buildTransform, expandVector, reduceVector, transformStiffness, type NodeConstraints } from "./node-constraints.js";
import { cancelled, dofCapFailure, elementMaterialProblem, patternWithinMemory, SOLVE_DEFAULTS, solvePool, solveSystem, type Failure, type LinearSolveOptions } from "./linear-solve.js";
import { poolAssembly } from "./parallel/assembly.js";
import { materialProblem } from "./material.js";
import { computeReactions } from "./reactions.js";
import { unrestrainedMotion } from "./rigid-body.js";
import { nodalStress } from "./stress.js";
import { yieldToEventLoop } from "./solvers/cg.js";
import { rigidBodyModes, NULLSPACE } from "./solvers/amg/tentative.js";
import { couplingRows, pointNullspace, type PointSystem } from "./couplings.js";
import type { BlockCsr } from "./sparse/block-csr.js";

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

/** Every connected piece (ties join pieces) must have its six rigid-body motions held (named before any assembly). */
export function restraintFailure(mesh: Mesh, prescribed: Map<number, number>, constraints?: NodeConstraints | null): Failure | null {
  const fixed = new Uint8Array(UNKNOWNS * (mesh.nodes.length / 3));
  for (const dof of prescribed.keys()) fixed[dof] = 1;
  const loose = unrestrainedMotion(mesh, fixed, constraints?.ties ?? [], constraints?.normals ?? []);
  return loose ? { ok: false, error: `the model is not restrained: ${loose}; add a boundary condition` } : null;
}

/**
 * The constraints as the transform takes them: a slave with a prescribed DOF keeps the prescription (its tie is
 * dropped), a node on an oblique symmetry plane that is also fully held keeps the hold; a partial hold is refused.
 * Coupling rows (`extra`) are kept whole: a coupled node that is also held, tied or on an oblique plane is refused.
 */
function settleConstraints(p: StaticProblem, extra: NonNullable<NodeConstraints["rows"]>): NodeConstraints | null | string {
  const c = p.constraints;
  if ((!c || (c.normals.length === 0 && c.ties.length === 0)) && extra.length === 0) return null;
  const held = (n: number) => [0, 1, 2].filter((a) => p.prescribed.has(3 * n + a)).length;
  const normals = [];
  for (const entry of c?.normals ?? []) {
    const h = held(entry.node);
    if (h === 3) continue;
    if (h > 0) return `node ${entry.node + 1} lies on an oblique symmetry plane and has ${h} of its displacement components prescribed; hold all three or none`;
    normals.push(entry);
  }
  const slaves = new Set<number>();
  const ties = (c?.ties ?? []).filter((t) => held(t.slave) === 0 && !slaves.has(t.slave) && slaves.add(t.slave));
  // A slave's master that is itself a slave would need chained elimination: refuse rather than guess.
  for (const t of ties) for (const m of t.masters) if (slaves.has(m)) return `tied node ${t.slave + 1} depends on node ${m + 1}, which is itself tied; tie each interface to an untied master side`;
  const coupled = new Map<number, string>();
  for (const r of extra) {
    const what = `node ${r.node + 1} of coupling ${r.owner}'s face`;
    if (coupled.has(r.node)) return `${what} is also on the face of coupling ${coupled.get(r.node)}; couple each node to one reference point`;
    if (r.node < p.mesh.nodes.length / 3 && held(r.node) > 0) return `${what} is also held by a boundary condition; hold the reference point instead, or couple a face away from the supports`;
    if (slaves.has(r.node)) return `${what} is also a tied node; couple the point to a face of the tie's master side`;
    if (normals.some((n) => n.node === r.node)) return `${what} also lies on an oblique symmetry plane; couple a face off the plane`;
    coupled.set(r.node, r.owner);
  }
  for (const r of extra)
    for (const m of r.cols)
      if (m !== r.node && (coupled.has(m) || slaves.has(m) || normals.some((n) => n.node === m)))
        return `coupling ${r.owner}: face node ${m + 1} is itself constrained (${coupled.has(m) ? `coupling ${coupled.get(m)}` : slaves.has(m) ? "tied" : "an oblique symmetry plane"}); couple the point to a free face`;
  // A tied node follows its masters; a symmetry hold on it would over-constrain it.
  return { normals: normals.filter((n) => !slaves.has(n.node)), ties, ...(extra.length ? { rows: extra } : {}) };
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

/** Rigid-body modes, zero at prescribed DOFs (the coarse levels must not move what is held); reference points' rows after the mesh's. */
export function rigidBodyNullspace(mesh: Mesh, fixed: Uint8Array, points?: PointSystem): Float64Array {
  const { center, scale } = meshCenter(mesh);
  const meshModes = rigidBodyModes(mesh.nodes, center, scale);
  const B = points ? Float64Array.from([...meshModes, ...pointNullspace(points, center, scale, NULLSPACE)]) : meshModes;
  for (let d = 0; d < fixed.length; d++) if (fixed[d]) B.fill(0, d * NULLSPACE, (d + 1) * NULLSPACE);
  return B;
}

/** The block matrix with empty rows for the reference points' nodes (filled by the coupling transform). */
function withExtraNodes(K: BlockCsr, n: number): BlockCsr {
  if (n === K.n) return K;
  const rowPtr = new Int32Array(n + 1);
  rowPtr.set(K.rowPtr);
  rowPtr.fill(K.rowPtr[K.n], K.n + 1);
  return { ...K, n, rowPtr };
}

const POINT_DOFS = ["u1", "u2", "u3", "ur1", "ur2", "ur3"];

/**
 * A motion of a point that moves nothing (a kinematic coupling of too few components, or a point on its face's plane
 * whose rotation the chosen components do not see) is named before CG meets a singular matrix: the point's own 6x6
 * block of the reduced stiffness, less its held DOFs, must factor.
 */
function loosePointDof(K: BlockCsr, points: PointSystem, meshNodes: number, prescribed: Map<number, number>): string | null {
  for (let p = 0; p < points.names.length; p++) {
    const t = meshNodes + 2 * p;
    if ([0, 1, 2, 3, 4, 5].every((k) => prescribed.has(3 * t + k))) continue;
    const A = pointBlock(K, t);
    const free = [0, 1, 2, 3, 4, 5].filter((k) => !prescribed.has(3 * t + k));
    const scale = Math.max(...free.map((k) => Math.abs(A[7 * k])), 0);
    // Gaussian elimination on the free DOFs; a pivot that vanishes names a DOF that some motion leaves unresisted.
    for (const [i, k] of free.entries()) {
      const pivot = A[7 * k];
      if (!(pivot > 1e-10 * scale)) {
        const coupling = points.couplings.find((c) => c.point === p)?.name ?? "?";
        return `reference point ${points.names[p]}: its ${POINT_DOFS[k]}${i > 0 ? ` (together with ${free.slice(0, i).map((j) => POINT_DOFS[j]).join(", ")})` : ""} can move without moving the face of coupling ${coupling}; couple more components, or hold it with model.reference_point.hold`;
      }
      for (const j of free.slice(i + 1)) {
        const f = A[6 * j + k] / pivot;
        for (const m of free) A[6 * j + m] -= f * A[6 * k + m];
      }
    }
  }
  return null;
}

/** The 6x6 block of the reduced stiffness on point node pair (t, t + 1), full (row-major). */
function pointBlock(K: BlockCsr, t: number): Float64Array {
  const A = new Float64Array(36);
  for (const i of [t, t + 1])
    for (let q = K.rowPtr[i]; q < K.rowPtr[i + 1]; q++) {
      const j = K.col[q];
      if (j !== t && j !== t + 1) continue;
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) {
          const v = K.val[9 * q + 3 * r + c];
          const R = 3 * (i - t) + r, C = 3 * (j - t) + c;
          A[6 * R + C] = v;
          A[6 * C + R] = v;
        }
    }
  return A;
}

/** Per point: displacement (3), rotation (3), reaction force (3) and reaction moment (3). */
function pointResults(x: Float64Array, reaction: Float64Array, meshNodes: number, count: number): Float64Array {
  const out = new Float64Array(12 * count);
  for (let p = 0; p < count; p++) {
    out.set(x.subarray(3 * meshNodes + 6 * p, 3 * meshNodes + 6 * p + 6), 12 * p);
    out.set(reaction.subarray(3 * meshNodes + 6 * p, 3 * meshNodes + 6 * p + 6), 12 * p + 6);
  }
  return out;
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
  // Reference points add two 3-DOF nodes each after the mesh's (src/fem/couplings.ts).
  const meshNodes = mesh.nodes.length / 3;
  const points = problem.points;
  const allNodes = meshNodes + 2 * (points ? points.names.length : 0);
  const dofs = UNKNOWNS * allNodes;
  const rows = points ? couplingRows(mesh, points) : [];
  if (typeof rows === "string") return { ok: false, error: rows };
  const constraints = settleConstraints(problem, rows);
  if (typeof constraints === "string") return { ok: false, error: constraints };
  const transform = constraints ? buildTransform(allNodes, constraints) : null;
  const pointHeld = points ? [...points.held].map(([d, v]): [number, number] => [3 * meshNodes + d, v]) : [];
  for (const [d] of pointHeld) if (transform?.held.includes(d)) return { ok: false, error: `reference point ${points!.names[Math.floor((d - 3 * meshNodes) / 6)]} follows its face (a distributing coupling), so it cannot be held: hold it through a kinematic coupling, or hold the face` };
  const freeDofs = dofs - problem.prescribed.size - pointHeld.length - (transform?.held.length ?? 0);
  // Ties join pieces in the restraint check; a model held through reference points is judged by the coupling check
  // (model/reference-points.ts names a point motion nothing resists) and CG.
  const refused = dofCapFailure(freeDofs, opts.maxDofs) ?? (points ? null : restraintFailure(mesh, problem.prescribed, constraints));
  if (refused) return refused;

  const t0 = performance.now();
  lin.report("assembling the stiffness matrix");
  const sized = patternWithinMemory(mesh, UNKNOWNS, opts.maxMemoryBytes);
  if (!sized.ok) return sized;
  // The pool is the process's (solveSystem gets the same one): assembly runs on it too.
  const threads = await solvePool(opts.threads, opts.maxThreads);
  if (!threads.ok) return threads;
  const assembled = assembleStiffness(mesh, problem.elementMaterial, problem.materials, sized.pattern, opts.signal, poolAssembly(threads.pool));
  if (!assembled.ok) return assembled;
  const K = transform ? transformStiffness(withExtraNodes(assembled.matrix, allNodes), transform.G) : assembled.matrix;
  const allForces = points ? Float64Array.from([...problem.forces, ...points.loads]) : problem.forces;
  const forces = transform ? reduceVector(transform.G, allForces) : allForces;
  const prescribed = transform ? new Map([...problem.prescribed, ...pointHeld, ...transform.held.map((d): [number, number] => [d, 0])]) : problem.prescribed;
  const loose = points ? loosePointDof(K, points, meshNodes, prescribed) : null;
  if (loose) return { ok: false, error: loose };
  const system = applyPrescribed(K, prescribed, forces);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return cancelled();

  const solved = await solveSystem(K, system, () => rigidBodyNullspace(mesh, system.fixed, points), lin);
  if (!solved.ok) return solved;
  const xAll = transform ? expandVector(transform.G, solved.x) : solved.x;
  const reactionAll = computeReactions(system, solved.x, forces);
  const x = xAll.subarray(0, 3 * meshNodes);
  const reaction = reactionAll.subarray(0, 3 * meshNodes);
  // Reactions of rotated nodes come back from their local frame.
  if (transform)
    for (const [node, R] of transform.frames) {
      const r = [reaction[3 * node], reaction[3 * node + 1], reaction[3 * node + 2]];
      for (let a = 0; a < 3; a++) reaction[3 * node + a] = R[3 * a] * r[0] + R[3 * a + 1] * r[1] + R[3 * a + 2] * r[2];
    }
  const { stress, mises } = nodalStress(mesh, problem.elementMaterial, problem.materials, x);
  lin.report(`solved in ${solved.iterations} iterations`, solved.iterations, solved.iterations);
  return {
    ok: true,
    solution: {
      displacement: x,
      reaction,
      stress,
      mises,
      ...(points ? { points: pointResults(xAll, reactionAll, meshNodes, points.names.length) } : {}),
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
