// Steady conduction: K T = Q with K the conductivity plus film terms, temperatures prescribed at held nodes
// (eliminated symmetrically), solved by preconditioned CG; then the nodal heat flux and the reaction heat flow.
import type { Mesh } from "../../mesh/types.js";
import { NODES_PER_ELEMENT } from "../../mesh/types.js";
import type { SolveOptions } from "../types.js";
import type { Facets } from "../loads.js";
import { pcg, yieldToEventLoop } from "../solvers/cg.js";
import { jacobiPreconditioner } from "../solvers/jacobi.js";
import { factorDense, solveDense } from "../solvers/dense-cholesky.js";
import type { LinearOperator } from "../solvers/operator.js";
import { addPair, assembleConductivity, pairMultiply, type PairMatrix } from "./conduction.js";
import { filmLoad } from "./boundary.js";
import { nodalHeatFlux } from "./flux.js";

export interface HeatProblem {
  mesh: Mesh;
  elementMaterial: Int32Array;
  /** Conductivity per material. */
  conductivity: readonly number[];
  /** Node -> prescribed temperature. */
  prescribed: Map<number, number>;
  /** External nodal heat inflow (surface flux and body heat, already integrated), 1 per node. */
  heat: Float64Array;
  films: { facets: Facets; coefficient: number; sink: number }[];
}

export interface HeatSolution {
  temperature: Float64Array;
  /** -k grad T, 3 per node, averaged from the elements. */
  flux: Float64Array;
  /** Heat flowing into the model at each held node (K T - Q there); zero elsewhere. */
  reaction: Float64Array;
  stats: { dofs: number; freeDofs: number; iterations: number; relativeResidual: number; solveSeconds: number; solver: string };
}

export type HeatResult = { ok: true; solution: HeatSolution } | { ok: false; error: string };

const DENSE_LIMIT = 600;

function validate(p: HeatProblem): string | null {
  const npe = NODES_PER_ELEMENT[p.mesh.type];
  const nn = p.mesh.nodes.length / 3;
  const ne = p.mesh.elements.length / npe;
  if (ne === 0) return "the mesh has no elements; generate a mesh first";
  for (let e = 0; e < ne; e++) {
    const m = p.elementMaterial[e];
    if (m < 0 || m >= p.conductivity.length)
      return `element ${e + 1} (body "${p.mesh.bodies[p.mesh.elementBody[e]] ?? "?"}") has no section with a material; assign a section to its body`;
  }
  for (const [i, k] of p.conductivity.entries())
    if (!(Number.isFinite(k) && k > 0)) return `material ${i + 1} has no conductivity; a heat analysis needs it (give the material a positive conductivity)`;
  if (p.heat.length !== nn) return `heat has ${p.heat.length} entries for ${nn} nodes`;
  for (const [n, t] of p.prescribed) {
    if (!Number.isInteger(n) || n < 0 || n >= nn) return `prescribed node ${n} is outside the mesh`;
    if (!Number.isFinite(t)) return `the prescribed temperature at node ${n + 1} is not a finite number`;
  }
  for (const f of p.films)
    if (!(f.coefficient >= 0) || !Number.isFinite(f.sink)) return `a film needs a coefficient >= 0 and a finite sink temperature (got ${f.coefficient}, ${f.sink})`;
  return null;
}

export async function solveHeat(problem: HeatProblem, options: SolveOptions = {}): Promise<HeatResult> {
  const tolerance = options.tolerance ?? 1e-10, maxIterations = options.maxIterations ?? 5000;
  const invalid = validate(problem);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const nn = mesh.nodes.length / 3;
  const used = new Uint8Array(nn);
  for (let k = 0; k < mesh.elements.length; k++) used[mesh.elements[k]] = 1;
  const freeDofs = nn - problem.prescribed.size;
  if (options.maxDofs !== undefined && freeDofs > options.maxDofs)
    return { ok: false, error: `the model has ${freeDofs} free degrees of freedom, above the cap maxDofs = ${options.maxDofs}; coarsen the mesh or raise maxDofs` };
  const assembled = assembleConductivity(mesh, problem.elementMaterial, problem.conductivity);
  if (!assembled.ok) return assembled;
  const K = assembled.matrix;
  const Q = Float64Array.from(problem.heat);
  for (const f of problem.films) filmLoad(mesh, f.facets, f.coefficient, f.sink, Q, (a, b, v) => { if (a <= b) addPair(K, a, b, v); });
  // Without a prescribed temperature or a film the temperature level is undetermined.
  if (problem.prescribed.size === 0 && !problem.films.some((f) => f.coefficient > 0 && f.facets.element.length > 0))
    return { ok: false, error: "the temperature is not fixed anywhere: add a temperature boundary condition or a film" };

  const original = Float64Array.from(K.val);
  const held = new Uint8Array(nn);
  const Tp = new Float64Array(nn);
  for (const [n, t] of problem.prescribed) { held[n] = 1; Tp[n] = t; }
  for (let i = 0; i < nn; i++) if (!used[i]) held[i] = 1; // loose nodes stay at 0
  const KTp = new Float64Array(nn);
  pairMultiply(K, Tp, KTp);
  const rhs = new Float64Array(nn);
  for (let i = 0; i < nn; i++) rhs[i] = held[i] ? 0 : Q[i] - KTp[i];
  for (let i = 0; i < nn; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) {
      const j = K.col[k];
      if (held[i] || held[j]) K.val[k] = i === j ? 1 : 0;
    }
  await yieldToEventLoop();
  if (options.signal?.aborted) return { ok: false, error: "the solve was cancelled" };

  const t0 = performance.now();
  const A: LinearOperator = { size: nn, apply: (x, y) => pairMultiply(K, x, y) };
  let M: LinearOperator;
  let solver: string;
  if (nn <= DENSE_LIMIT) {
    const dense = new Float64Array(nn * nn);
    for (let i = 0; i < nn; i++)
      for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) {
        dense[i * nn + K.col[k]] = K.val[k];
        dense[K.col[k] * nn + i] = K.val[k];
      }
    const f = factorDense(dense, nn);
    M = { size: nn, apply: (r, z) => solveDense(f, r, z) };
    solver = "dense LDL^T (small model) with CG refinement";
  } else {
    const diag = new Float64Array(nn);
    for (let i = 0; i < nn; i++) diag[i] = K.val[K.rowPtr[i]];
    M = jacobiPreconditioner(diag);
    solver = "CG with Jacobi preconditioner";
  }
  const T = new Float64Array(nn);
  const r = await pcg(A, M, rhs, T, {
    tolerance,
    maxIterations,
    signal: options.signal,
    onIteration: (it, rel) => options.onProgress?.({ progress: it, total: maxIterations, message: `CG iteration ${it}: relative residual ${rel.toExponential(2)}` }),
  });
  if (r.status === "aborted") return { ok: false, error: "the solve was cancelled" };
  if (r.status !== "converged")
    return { ok: false, error: `the heat solve did not converge within the cap maxIterations = ${maxIterations} (relative residual ${r.relativeResidual.toExponential(2)}); raise maxIterations or loosen the tolerance` };
  for (let i = 0; i < nn; i++) if (held[i]) T[i] = Tp[i];
  const solveSeconds = (performance.now() - t0) / 1000;

  const full: PairMatrix = { ...K, val: original };
  const KT = new Float64Array(nn);
  pairMultiply(full, T, KT);
  const reaction = new Float64Array(nn);
  for (const n of problem.prescribed.keys()) reaction[n] = KT[n] - Q[n];
  return {
    ok: true,
    solution: {
      temperature: T,
      flux: nodalHeatFlux(mesh, problem.elementMaterial, problem.conductivity, T),
      reaction,
      stats: { dofs: nn, freeDofs, iterations: r.iterations, relativeResidual: r.relativeResidual, solveSeconds, solver },
    },
  };
}
