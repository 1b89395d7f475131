// Linear static analysis of a planar mesh (CPS, CPE, CAX families): the same problem contract as solveStatic
// (3 values per node for prescribed DOFs, forces and results, so decks, probes and contours read it unchanged)
// solved with two unknowns per node. u3 is zero; a prescribed u3 is ignored and a force's z component refused.
// Stress is reported as (S11, S22, S33, S12, S13, S23): S33 is 0 (plane stress), nu (S11 + S22) (plane strain)
// or the hoop stress (axisymmetry). Axisymmetric forces and reactions are for the full circle.
import { meshFamily } from "../mesh/types.js";
import { assembleForm, gatherCoords } from "./assembly.js";
import { applyPrescribed } from "./constraints.js";
import { planarB, planarD, planarElasticity, planarStrains, type PlanarConstants } from "./forms/index.js";
import { cancelled, dofCapFailure, patternWithinMemory, SOLVE_DEFAULTS, solveSystem, type Failure } from "./linear-solve.js";
import { computeReactions } from "./reactions.js";
import { validateStatic } from "./solve-static.js";
import { vonMises } from "./stress.js";
import type { SolveOptions, StaticProblem, StaticSolution } from "./types.js";
import type { Mesh } from "../mesh/types.js";
import type { PlanarKind } from "./families/index.js";

export interface PlanarProblem extends StaticProblem {
  /** Thickness per material index (plane stress, plane strain; 1 when omitted). Ignored for axisymmetry. */
  thickness?: number[];
}

export type PlanarResult = { ok: true; solution: StaticSolution } | Failure;

/** In-plane rigid-body modes (x, y translations, rotation about z), 3 per DOF, zero where held. */
export function planarModes(mesh: Mesh, fixed: Uint8Array): Float64Array {
  const nn = mesh.nodes.length / 3;
  let cx = 0, cy = 0, scale = 0;
  for (let i = 0; i < nn; i++) { cx += mesh.nodes[3 * i] / nn; cy += mesh.nodes[3 * i + 1] / nn; }
  for (let i = 0; i < nn; i++) scale = Math.max(scale, Math.abs(mesh.nodes[3 * i] - cx), Math.abs(mesh.nodes[3 * i + 1] - cy));
  scale ||= 1;
  const B = new Float64Array(2 * nn * 3);
  for (let i = 0; i < nn; i++) {
    const x = (mesh.nodes[3 * i] - cx) / scale, y = (mesh.nodes[3 * i + 1] - cy) / scale;
    B.set([1, 0, -y], 6 * i);
    B.set([0, 1, x], 6 * i + 3);
  }
  for (let d = 0; d < fixed.length; d++) if (fixed[d]) B.fill(0, 3 * d, 3 * d + 3);
  return B;
}

function constantsOf(p: PlanarProblem): PlanarConstants[] {
  return p.materials.map((m, i) => ({ young: m.young, poisson: m.poisson, thickness: p.thickness?.[i] ?? 1 }));
}

/** A reason a planar problem cannot be solved, or null (beyond validateStatic's). */
function planarProblemError(p: PlanarProblem): string | null {
  const kind = meshFamily(p.mesh).planar;
  if (!kind) return `the mesh's ${p.mesh.type} elements are not planar`;
  const X = p.mesh.nodes;
  for (let i = 0; i < X.length / 3; i++) {
    if (X[3 * i + 2] !== 0) return `node ${i + 1} lies off the x-y plane (z = ${X[3 * i + 2]}); planar meshes lie in z = 0`;
    if (kind === "axisymmetric" && X[3 * i] < 0) return `node ${i + 1} has a negative radius (x = ${X[3 * i]}); axisymmetric models lie in x >= 0`;
  }
  for (const [i, t] of (p.thickness ?? []).entries()) if (!(t > 0)) return `material ${i + 1}: thickness must be positive (got ${t})`;
  for (let n = 0; n < X.length / 3; n++) if (p.forces[3 * n + 2] !== 0) return `the force at node ${n + 1} has a z component; planar models are loaded in their plane`;
  return null;
}

export async function solvePlanar(problem: PlanarProblem, options: SolveOptions = {}): Promise<PlanarResult> {
  const opts = { ...SOLVE_DEFAULTS, ...options };
  const invalid = validateStatic(problem) ?? planarProblemError(problem);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const kind = meshFamily(mesh).planar!;
  const nn = mesh.nodes.length / 3;
  const prescribed = new Map<number, number>();
  for (const [dof, v] of problem.prescribed) if (dof % 3 < 2) prescribed.set(2 * Math.floor(dof / 3) + (dof % 3), v);
  const forces = new Float64Array(2 * nn);
  for (let n = 0; n < nn; n++) { forces[2 * n] = problem.forces[3 * n]; forces[2 * n + 1] = problem.forces[3 * n + 1]; }
  const refused = dofCapFailure(2 * nn - prescribed.size, opts.maxDofs);
  if (refused) return refused;
  const t0 = performance.now();
  const report = (message: string, progress = 0, total?: number) => opts.onProgress?.({ progress, total, message });
  const sized = patternWithinMemory(mesh, 2, opts.maxMemoryBytes);
  if (!sized.ok) return sized;
  const constants = constantsOf(problem);
  const assembled = assembleForm(mesh, planarElasticity(kind), problem.elementMaterial, constants, sized.pattern, opts.signal);
  if (!assembled.ok) return assembled;
  const K = assembled.matrix;
  const system = applyPrescribed(K, prescribed, forces);
  const assemblySeconds = (performance.now() - t0) / 1000;
  if (opts.signal?.aborted) return cancelled();
  const solved = await solveSystem(K, system, () => planarModes(mesh, system.fixed), {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
    signal: opts.signal,
    report,
    threads: opts.threads,
    maxThreads: opts.maxThreads,
  });
  if (!solved.ok) return solved;
  const u2 = solved.x;
  const r2 = computeReactions(system, u2, forces);
  const displacement = new Float64Array(3 * nn), reaction = new Float64Array(3 * nn);
  for (let n = 0; n < nn; n++)
    for (let c = 0; c < 2; c++) { displacement[3 * n + c] = u2[2 * n + c]; reaction[3 * n + c] = r2[2 * n + c]; }
  const { stress, mises } = planarNodalStress(mesh, kind, problem.elementMaterial, constants, u2);
  return {
    ok: true,
    solution: {
      displacement,
      reaction,
      stress,
      mises,
      stats: {
        dofs: 2 * nn,
        freeDofs: 2 * nn - prescribed.size,
        nonzeros: 4 * (2 * K.col.length - K.n),
        iterations: solved.iterations,
        relativeResidual: solved.relativeResidual,
        assemblySeconds,
        solveSeconds: solved.seconds,
        solver: solved.solver,
      },
    },
  };
}

/** Stress at the integration points (S11, S22, S33, S12, 0, 0), extrapolated and averaged at nodes; `u` has 2 per node. */
export function planarNodalStress(mesh: Mesh, kind: PlanarKind, elementMaterial: Int32Array, constants: PlanarConstants[], u: Float64Array) {
  const el = meshFamily(mesh).element;
  const npe = el.nodes, nq = el.points, m = 2 * npe, s = planarStrains(kind);
  const nn = mesh.nodes.length / 3, ne = mesh.elements.length / npe;
  const stress = new Float64Array(6 * nn), count = new Float64Array(nn);
  const coords = new Float64Array(3 * npe), grad = new Float64Array(2 * npe), B = new Float64Array(s * m);
  const ue = new Float64Array(m), atPoints = new Float64Array(6 * nq);
  for (let e = 0; e < ne; e++) {
    const c = constants[elementMaterial[e]];
    const D = planarD(kind, c);
    gatherCoords(mesh, npe, e, coords);
    for (let a = 0; a < npe; a++) { const n = mesh.elements[e * npe + a]; ue[2 * a] = u[2 * n]; ue[2 * a + 1] = u[2 * n + 1]; }
    for (let p = 0; p < nq; p++) {
      planarB(kind, el, p, coords, 1, B, grad);
      const eps = [0, 0, 0, 0];
      for (let i = 0; i < s; i++) for (let j = 0; j < m; j++) eps[i] += B[i * m + j] * ue[j];
      const sig = [0, 0, 0, 0];
      for (let i = 0; i < s; i++) for (let k = 0; k < s; k++) sig[i] += D[i * s + k] * eps[k];
      const lambda = (c.young * c.poisson) / ((1 + c.poisson) * (1 - 2 * c.poisson));
      const s33 = kind === "plane_stress" ? 0 : kind === "plane_strain" ? lambda * (eps[0] + eps[1]) : sig[3];
      atPoints.set([sig[0], sig[1], s33, sig[2], 0, 0], 6 * p);
    }
    for (let a = 0; a < npe; a++) {
      const n = mesh.elements[e * npe + a];
      count[n]++;
      for (let p = 0; p < nq; p++) {
        const w = el.toNodes[a * nq + p];
        for (let k = 0; k < 6; k++) stress[6 * n + k] += w * atPoints[6 * p + k];
      }
    }
  }
  const mises = new Float64Array(nn);
  for (let n = 0; n < nn; n++) {
    if (count[n] > 0) for (let k = 0; k < 6; k++) stress[6 * n + k] /= count[n];
    mises[n] = vonMises(stress, 6 * n);
  }
  return { stress, mises };
}
