// Steady conduction as named steps, on the engine's generic path with 1 unknown per node: assemble the
// conduction form, add the film terms, eliminate the prescribed temperatures, solve (CG with multigrid built on
// the constant mode), then the nodal heat flux and the reaction heat flow at the held nodes.
import type { Mesh } from "../../mesh/types.js";
import type { SolveOptions } from "../types.js";
import type { Facets } from "../loads.js";
import { assembleForm } from "../assembly.js";
import { CONDUCTION, planarConduction } from "../forms/index.js";
import { meshFamily } from "../../mesh/types.js";
import { applyPrescribed } from "../constraints.js";
import { cancelled, dofCapFailure, elementMaterialProblem, patternWithinMemory, SOLVE_DEFAULTS, solveSystem, type Failure } from "../linear-solve.js";
import { computeReactions } from "../reactions.js";
import { findBlock, type BlockCsr } from "../sparse/block-csr.js";
import { yieldToEventLoop } from "../solvers/cg.js";
import { constantModes } from "../solvers/amg/tentative.js";
import { filmLoad } from "./boundary.js";
import { nodalHeatFlux } from "./flux.js";
import { fullyIntegrated } from "../full-integration.js";
import { expandScalar, reduceScalar, scalarTransform, settleTies, transformScalar, type ScalarTie } from "../tie-scalar.js";

export interface HeatProblem {
  mesh: Mesh;
  elementMaterial: Int32Array;
  /** Conductivity per material. */
  conductivity: readonly number[];
  /** Node -> prescribed temperature. */
  prescribed: Map<number, number>;
  /** External nodal heat inflow (surface flux and body heat, already integrated), 1 per node. */
  heat: Float64Array;
  /** Planar meshes: the thickness per material (plane stress and strain; 1 when left out). */
  thickness?: readonly number[];
  /** Planar films: their edges' depth (the loads' single thickness; axisymmetry uses 2 pi r). */
  films: { facets: Facets; coefficient: number; sink: number; thickness?: number }[];
  /** Tied interfaces: T_slave = sum w T_master, eliminated (a held slave keeps its temperature). */
  ties?: ScalarTie[];
}

export interface HeatSolution {
  temperature: Float64Array;
  /** -k grad T, 3 per node, averaged from the elements. */
  flux: Float64Array;
  /** Heat flowing into the model at each held node (K T - Q there, films included); zero elsewhere. */
  reaction: Float64Array;
  /** Net external heat inflow per node: fluxes, body heat and the films' h (T_sink - T). Reactions balance it. */
  applied: Float64Array;
  stats: { dofs: number; freeDofs: number; iterations: number; relativeResidual: number; assemblySeconds: number; solveSeconds: number; solver: string };
}

export type HeatResult = { ok: true; solution: HeatSolution } | Failure;

/** The first reason the problem cannot be solved as given, or null. */
export function validateHeat(p: HeatProblem): string | null {
  const nn = p.mesh.nodes.length / 3;
  const sections = elementMaterialProblem(p.mesh, p.elementMaterial, p.conductivity.length);
  if (sections) return sections;
  for (const [i, k] of p.conductivity.entries())
    if (!(Number.isFinite(k) && k > 0)) return `material ${i + 1} has no conductivity; a heat analysis needs it (give the material a positive conductivity)`;
  if (p.heat.length !== nn) return `heat has ${p.heat.length} entries for ${nn} nodes`;
  for (let i = 0; i < nn; i++) if (!Number.isFinite(p.heat[i])) return `the heat load at node ${i + 1} is not a finite number`;
  for (const [n, t] of p.prescribed) {
    if (!Number.isInteger(n) || n < 0 || n >= nn) return `prescribed node ${n} is outside the mesh (0..${nn - 1})`;
    if (!Number.isFinite(t)) return `the prescribed temperature at node ${n + 1} is not a finite number`;
  }
  for (const f of p.films)
    if (!(Number.isFinite(f.coefficient) && f.coefficient >= 0) || !Number.isFinite(f.sink))
      return `a film needs a coefficient >= 0 and a finite sink temperature (got ${f.coefficient}, ${f.sink})`;
  // Without a prescribed temperature or a film the temperature level is undetermined.
  if (p.prescribed.size === 0 && !p.films.some((f) => f.coefficient > 0 && f.facets.element.length > 0))
    return "the temperature is not fixed anywhere: add a temperature boundary condition or a film";
  return null;
}

/** K += h N_a N_b dA on the film facets (upper pairs), Q += h T_sink N_a dA. */
function addFilms(K: BlockCsr, mesh: Mesh, films: HeatProblem["films"], Q: Float64Array): void {
  for (const f of films)
    filmLoad(
      mesh,
      f.facets,
      f.coefficient,
      f.sink,
      Q,
      (a, b, v) => {
        if (a <= b) K.val[findBlock(K, a, b)] += v;
      },
      f.thickness,
    );
}

export async function solveHeat(problem: HeatProblem, options: SolveOptions = {}): Promise<HeatResult> {
  const opts = { ...SOLVE_DEFAULTS, ...options };
  const report = (message: string, progress = 0, total?: number) => opts.onProgress?.({ progress, total, message });
  const invalid = validateHeat(problem);
  if (invalid) return { ok: false, error: invalid };
  // One-point families conduct as their fully integrated twin (C3D8R as DC3D8, as CalculiX).
  const mesh = fullyIntegrated(problem.mesh);
  const nn = mesh.nodes.length / 3;
  // Nodes no element uses carry no conduction: hold them at 0 so the system stays definite.
  const prescribed = new Map(problem.prescribed);
  const used = new Uint8Array(nn);
  for (let k = 0; k < mesh.elements.length; k++) used[mesh.elements[k]] = 1;
  for (let i = 0; i < nn; i++) if (!used[i] && !prescribed.has(i)) prescribed.set(i, 0);
  const freeDofs = nn - prescribed.size;
  const refused = dofCapFailure(freeDofs, opts.maxDofs);
  if (refused) return refused;

  const t0 = performance.now();
  report("assembling the conductivity matrix");
  const sized = patternWithinMemory(mesh, 1, opts.maxMemoryBytes);
  if (!sized.ok) return sized;
  const kind = meshFamily(mesh).planar;
  const assembled = kind
    ? assembleForm(mesh, planarConduction(kind), problem.elementMaterial, problem.conductivity.map((conductivity, i) => ({ conductivity, thickness: problem.thickness?.[i] ?? 1 })), sized.pattern, opts.signal)
    : assembleForm(mesh, CONDUCTION, problem.elementMaterial, problem.conductivity.map((conductivity) => ({ conductivity })), sized.pattern, opts.signal);
  if (!assembled.ok) return assembled;
  const Kfull = assembled.matrix;
  const Qfull = Float64Array.from(problem.heat);
  addFilms(Kfull, mesh, problem.films, Qfull);
  // Ties: G^T K G and G^T Q on the reduced temperatures; the slaves' own unknowns are held at 0 and T = G v.
  const ties = problem.ties?.length ? settleTies(problem.ties, (n) => problem.prescribed.has(n)) : null;
  if (typeof ties === "string") return { ok: false, error: ties };
  const G = ties?.length ? scalarTransform(nn, ties) : null;
  const K = G ? transformScalar(Kfull, G) : Kfull;
  const Q = G ? reduceScalar(G, Qfull) : Qfull;
  if (ties) for (const t of ties) prescribed.set(t.slave, 0);
  const system = applyPrescribed(K, prescribed, Q);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return cancelled();

  const solved = await solveSystem(K, system, () => constantModes(nn).map((v, d) => (system.fixed[d] ? 0 : v)), {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    signal: opts.signal,
    report,
    threads: opts.threads,
    maxThreads: opts.maxThreads,
  });
  if (!solved.ok) return solved;
  const T = G ? expandScalar(G, solved.x) : solved.x;
  const reaction = computeReactions(system, solved.x, Q);
  for (const n of prescribed.keys()) if (!problem.prescribed.has(n)) reaction[n] = 0;
  const applied = Float64Array.from(problem.heat);
  for (const f of problem.films) filmLoad(mesh, f.facets, f.coefficient, f.sink, applied, (a, b, v) => (applied[a] -= v * T[b]), f.thickness);
  report(`solved in ${solved.iterations} iterations`, solved.iterations, solved.iterations);
  return {
    ok: true,
    solution: {
      temperature: T,
      flux: nodalHeatFlux(mesh, problem.elementMaterial, problem.conductivity, T),
      reaction,
      applied,
      stats: { dofs: nn, freeDofs, iterations: solved.iterations, relativeResidual: solved.relativeResidual, assemblySeconds, solveSeconds: solved.seconds, solver: solved.solver },
    },
  };
}
