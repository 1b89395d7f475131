// Steady incompressible Navier-Stokes on Taylor-Hood P2-P1 tetrahedra: Picard (Oseen) iterations from the
// Stokes solution, each linearised saddle-point system [F D^T; D 0] solved by right-preconditioned GMRES with
// the block upper-triangular preconditioner [F^ D^T; 0 -S^]: F^ one multigrid V-cycle of the viscous Laplacian
// per velocity component, S^ the pressure mass matrix scaled by 1/viscosity (its diagonal). For Stokes the
// Schur complement D F^-1 D^T is spectrally equivalent to that mass matrix (Verfuerth 1984), so the iteration
// count does not grow with the mesh; for Oseen at moderate Reynolds numbers it grows mildly
// (Elman, Silvester & Wathen, "Finite Elements and Fast Iterative Solvers", 2nd ed., ch. 9).
import type { Mesh } from "../../mesh/types.js";
import { assembleForm } from "../assembly.js";
import { applyPrescribed } from "../constraints.js";
import { CONDUCTION } from "../forms/index.js";
import { cancelled, choosePreconditioner, dofCapFailure, elementMaterialProblem, SOLVE_DEFAULTS, type Failure } from "../linear-solve.js";
import { pressureLoad, facetArea, type Facets } from "../loads.js";
import { constantModes } from "../solvers/amg/tentative.js";
import { yieldToEventLoop } from "../solvers/cg.js";
import type { BlockCsr } from "../sparse/block-csr.js";
import type { LinearOperator } from "../solvers/operator.js";
import type { SolveOptions } from "../types.js";
import { gmres, innerGmres } from "./gmres.js";
import { addNewtonProduct, assembleNewtonBlock } from "./newton.js";
import { facetFlow, facetPerimeter, nodalPressure, vorticityMagnitude } from "./post.js";
import { assembleDivergence, assembleVelocityBlock, taylorHood, type ElementFluid, type TaylorHood } from "./taylor-hood.js";

export interface FluidProperties {
  density: number;
  viscosity: number;
}

export interface FluidProblem {
  mesh: Mesh;
  elementMaterial: Int32Array;
  /** Per material; a material without fluid properties has NaN here (refused if an element uses it). */
  fluids: readonly FluidProperties[];
  /** Velocity conditions: node -> prescribed velocity (inlets, moving walls, no-slip walls at zero). */
  velocity: Map<number, [number, number, number]>;
  /** Faces of each named velocity condition, for the Reynolds number. */
  inlets: { name: string; facets: Facets; speed: number }[];
  /** Outlets: facets with a prescribed pressure (the natural, "do-nothing" condition). */
  outlets: { name: string; facets: Facets; pressure: number }[];
  /** Nonlinear iterations at most, and the relative nonlinear residual at which they stop. */
  maxNonlinear: number;
  nonlinearTolerance: number;
  /** "picard" (default): Oseen iterations throughout; "newton": `picardFirst` Picard iterations, then Newton. */
  nonlinear?: NonlinearMethod;
  /** Picard iterations before Newton takes over (default 2): Newton converges only close to the solution. */
  picardFirst?: number;
  /** A starting state, e.g. the solution at a lower Reynolds number (continuation): velocity 3 per node (the
   * prescribed values win) and pressure per node (its corner values are read; without it, 0). Without a start the
   * iterations start from the Stokes solution. */
  initial?: { velocity: Float64Array; pressure?: Float64Array };
}

export type NonlinearMethod = "picard" | "newton";

/** Scalars only: `.fieldcraft` files store a result's stats as a flat record. */
export interface FluidStats {
  dofs: number;
  freeDofs: number;
  /** Krylov iterations, all linear solves together. */
  iterations: number;
  nonlinearIterations: number;
  /** How the nonlinear iterations went: "picard", or "newton after N Picard iterations". */
  nonlinearMethod: string;
  /** Relative nonlinear residual after each nonlinear iteration (the first: after the Stokes solve), space-separated. */
  history: string;
  relativeResidual: number;
  assemblySeconds: number;
  solveSeconds: number;
  solver: string;
  /** Re = rho U D_h / mu at the inlet, with its U, D_h and where they were taken. */
  reynolds: number;
  reynoldsVelocity: number;
  reynoldsLength: number;
  reynoldsFrom: string;
  /** Inflow and outflow over the whole boundary, and |in - out| / in. */
  inflow: number;
  outflow: number;
  massImbalance: number;
  /** Pressure level: the outlets fix it, or one node is held at 0 (closed cavities). */
  pressureReference: string;
}

export interface FluidSolution {
  /** 3 per node. */
  velocity: Float64Array;
  /** At every node (mid-edge nodes interpolated from their corners). */
  pressure: Float64Array;
  vorticity: Float64Array;
  /** The outlet pressures as nodal forces, 3 per node (what the boundary does to the fluid). */
  applied: Float64Array;
  stats: FluidStats;
}

export type FluidResult = { ok: true; solution: FluidSolution } | Failure;

/** GMRES restart length: 60 vectors bound the memory (60 x 8 bytes per unknown) and rarely restart here. */
const RESTART = 60;
/** Linear tolerance per Picard step, relative to its own residual: the next step corrects what is left, so the
 * last correction, and with it the continuity residual, ends about 1e-3 below the converged nonlinear residual.
 * (Measured on the duct-flow sample: 1e-3 with 5 inner iterations took the fewest V-cycles, mass imbalance 5e-9.) */
const LINEAR_TOLERANCE = 1e-3;
/** Inner solve of the Oseen velocity block: enough to capture the convection, cheap next to an outer iteration. */
const INNER_ITERATIONS = 5;
const INNER_TOLERANCE = 1e-2;
/** GMRES iterations per Newton step at most: its preconditioner ignores the Newton block, and near the solution
 * restarted GMRES can stagnate on the tight forcing term (seen on the cavity at Re = 250: thousands of
 * iterations). A step cut short still lowers the linear residual, and inexact Newton converges with it. */
const NEWTON_LINEAR_CAP = 300;

export function validateFluid(p: FluidProblem): string | null {
  if (p.mesh.type !== "C3D10")
    return `fluid steps need a quadratic tetrahedral mesh (C3D10, Taylor-Hood elements); the mesh is ${p.mesh.type}: run mesh.tet.generate {order: 2}`;
  const sections = elementMaterialProblem(p.mesh, p.elementMaterial, p.fluids.length);
  if (sections) return sections;
  for (const m of new Set(p.elementMaterial)) {
    const f = p.fluids[m];
    if (!(f.density >= 0 && f.viscosity > 0)) return `material ${m + 1} has no fluid properties (density >= 0, viscosity > 0); give it fluid: {density, viscosity}`;
  }
  if (p.velocity.size === 0) return "no velocity is prescribed anywhere: add a velocity (inlet) or wall condition";
  for (const [n, v] of p.velocity) if (!v.every(Number.isFinite)) return `the velocity prescribed at node ${n + 1} is not finite`;
  for (const o of p.outlets) if (!Number.isFinite(o.pressure)) return `outlet ${o.name}: its pressure is not finite`;
  if (!(Number.isInteger(p.maxNonlinear) && p.maxNonlinear >= 1)) return "max_iterations must be a positive integer";
  if (p.nonlinear !== undefined && p.nonlinear !== "picard" && p.nonlinear !== "newton") return `nonlinear must be "picard" or "newton", not ${String(p.nonlinear)}`;
  if (p.initial && (p.initial.velocity.length !== p.mesh.nodes.length || !p.initial.velocity.every(Number.isFinite)))
    return `the initial velocity needs 3 finite values per node (${p.mesh.nodes.length}), not ${p.initial.velocity.length}`;
  if (p.initial?.pressure && (p.initial.pressure.length !== p.mesh.nodes.length / 3 || !p.initial.pressure.every(Number.isFinite)))
    return `the initial pressure needs one finite value per node (${p.mesh.nodes.length / 3}), not ${p.initial.pressure.length}`;
  if (p.picardFirst !== undefined && !(Number.isInteger(p.picardFirst) && p.picardFirst >= 0)) return "picard_iterations (before Newton) must be a non-negative integer";
  return null;
}

/** The memory the solve holds, in bytes: patterns and values, the multigrid (about 3.2x the upper Laplacian), the Krylov basis. */
export function estimateFluidBytes(th: TaylorHood, newton = false): number {
  const n = 3 * th.nV + th.nP;
  const velocityBlock = th.vIdx.length * 12 * 2; // values + pattern, the next iterate assembled beside the current one
  const divergence = th.dIdx.length * (24 + 4);
  const amg = 3.2 * (th.vIdx.length / 2 + th.nV) * 12;
  const newtonBlock = newton ? th.vIdx.length * 9 * 8 : 0; // G: a 3 x 3 block per velocity pattern entry
  return Math.round(velocityBlock + divergence + amg + newtonBlock + (RESTART + 8) * n * 8);
}

/** y = F x on the full scalar pattern. */
function multiply(th: TaylorHood, F: Float64Array, x: Float64Array, xo: number, y: Float64Array, yo: number): void {
  const { vPtr, vIdx, nV } = th;
  for (let i = 0; i < nV; i++) {
    let s = 0;
    for (let k = vPtr[i], end = vPtr[i + 1]; k < end; k++) s += F[k] * x[xo + vIdx[k]];
    y[yo + i] = s;
  }
}

interface Layout {
  th: TaylorHood;
  fixedV: Uint8Array;
  pinned: number;
  size: number;
}

/** The full operator [F D^T; D 0] on x (no constraints). */
function applyFull(L: Layout, F: Float64Array, D: Float64Array, x: Float64Array, y: Float64Array): void {
  const { th } = L;
  const nV = th.nV, pOff = 3 * nV;
  for (let c = 0; c < 3; c++) multiply(th, F, x, c * nV, y, c * nV);
  for (let q = 0; q < th.nP; q++) {
    const pq = x[pOff + q];
    let s = 0;
    for (let k = th.dPtr[q], end = th.dPtr[q + 1]; k < end; k++) {
      const j = th.dIdx[k];
      const dx = D[3 * k], dy = D[3 * k + 1], dz = D[3 * k + 2];
      s += dx * x[j] + dy * x[nV + j] + dz * x[2 * nV + j];
      y[j] += dx * pq;
      y[nV + j] += dy * pq;
      y[2 * nV + j] += dz * pq;
    }
    y[pOff + q] = s;
  }
}

/** The constrained operator: held rows and columns become identity (velocities at held nodes, the pinned pressure). */
function constrainedOperator(L: Layout, F: () => Float64Array, D: Float64Array, G: () => Float64Array | null): LinearOperator {
  const masked = new Float64Array(L.size);
  const { th, fixedV, pinned } = L;
  return {
    size: L.size,
    apply(x, y) {
      masked.set(x);
      for (let c = 0; c < 3; c++) for (let n = 0; n < th.nV; n++) if (fixedV[n]) masked[c * th.nV + n] = 0;
      if (pinned >= 0) masked[3 * th.nV + pinned] = 0;
      applyFull(L, F(), D, masked, y);
      const newton = G();
      if (newton) addNewtonProduct(th, newton, masked, y);
      for (let c = 0; c < 3; c++) for (let n = 0; n < th.nV; n++) if (fixedV[n]) y[c * th.nV + n] = x[c * th.nV + n];
      if (pinned >= 0) y[3 * th.nV + pinned] = x[3 * th.nV + pinned];
    },
  };
}

/** The velocity block of one component with held rows as identity. */
function velocityOperator(L: Layout, F: () => Float64Array): LinearOperator {
  const { th, fixedV } = L;
  const masked = new Float64Array(th.nV);
  return {
    size: th.nV,
    apply(x, y) {
      for (let n = 0; n < th.nV; n++) masked[n] = fixedV[n] ? 0 : x[n];
      multiply(th, F(), masked, 0, y, 0);
      for (let n = 0; n < th.nV; n++) if (fixedV[n]) y[n] = x[n];
    },
  };
}

/** Block upper-triangular preconditioner: z_p = -S^-1 r_p, then z_u = F^-1 (r_u - D^T z_p) per component. */
function blockPreconditioner(L: Layout, D: Float64Array, massOverMu: Float64Array, Finv: LinearOperator): LinearOperator {
  const { th, fixedV, pinned } = L;
  const nV = th.nV, pOff = 3 * nV;
  const t = new Float64Array(nV), s = new Float64Array(nV);
  const rhs = new Float64Array(3 * nV);
  return {
    size: L.size,
    apply(r, z) {
      for (let q = 0; q < th.nP; q++) z[pOff + q] = q === pinned ? r[pOff + q] : -r[pOff + q] / massOverMu[q];
      rhs.set(r.subarray(0, pOff));
      for (let q = 0; q < th.nP; q++) {
        if (q === pinned) continue;
        const pq = z[pOff + q];
        for (let k = th.dPtr[q], end = th.dPtr[q + 1]; k < end; k++) {
          const j = th.dIdx[k];
          rhs[j] -= D[3 * k] * pq;
          rhs[nV + j] -= D[3 * k + 1] * pq;
          rhs[2 * nV + j] -= D[3 * k + 2] * pq;
        }
      }
      for (let c = 0; c < 3; c++) {
        for (let n = 0; n < nV; n++) t[n] = fixedV[n] ? 0 : rhs[c * nV + n];
        Finv.apply(t, s);
        for (let n = 0; n < nV; n++) z[c * nV + n] = fixedV[n] ? r[c * nV + n] : s[n];
      }
    },
  };
}

/**
 * Held rows become identity in applyPrescribed; with a viscosity of 1e-9 (water in MPa s) the free diagonal is
 * of order 1e-9 h, and a unit diagonal beside it ruins the multigrid's smoother and coarse levels. The held
 * diagonal takes the mean free diagonal instead (the held unknowns stay decoupled, so the solution is unchanged).
 */
function scaleHeldDiagonal(K: BlockCsr, fixed: Uint8Array): void {
  let sum = 0, count = 0;
  const diag = (i: number) => K.rowPtr[i]; // the diagonal block is stored first
  for (let i = 0; i < K.n; i++) if (!fixed[i]) {
    sum += K.val[diag(i)];
    count++;
  }
  const mean = count > 0 ? sum / count : 1;
  for (let i = 0; i < K.n; i++) if (fixed[i]) K.val[diag(i)] = mean;
}

const norm = (v: Float64Array) => {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
};

export async function solveFluid(problem: FluidProblem, options: SolveOptions = {}): Promise<FluidResult> {
  const opts = { ...SOLVE_DEFAULTS, ...options };
  const report = (message: string, progress = 0, total?: number) => opts.onProgress?.({ progress, total, message });
  const invalid = validateFluid(problem);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const t0 = performance.now();
  const th = taylorHood(mesh);
  const nV = th.nV, pOff = 3 * nV, size = 3 * nV + th.nP;
  const fixedV = new Uint8Array(nV);
  for (const n of problem.velocity.keys()) fixedV[n] = 1;
  for (let n = 0; n < nV; n++) if (!th.used[n]) fixedV[n] = 1;
  const pinned = problem.outlets.some((o) => o.facets.element.length > 0) ? -1 : 0;
  let heldV = 0;
  for (let n = 0; n < nV; n++) heldV += fixedV[n];
  const freeDofs = 3 * (nV - heldV) + th.nP - (pinned >= 0 ? 1 : 0);
  const refused = dofCapFailure(freeDofs, opts.maxDofs);
  if (refused) return refused;
  const bytes = estimateFluidBytes(th, problem.nonlinear === "newton");
  if (bytes > opts.maxMemoryBytes)
    return {
      ok: false,
      error: `the solve would need about ${(bytes / 1024 ** 3).toFixed(1)} GiB, above the cap maxMemoryBytes = ${(opts.maxMemoryBytes / 1024 ** 3).toFixed(1)} GiB; coarsen the mesh or raise maxMemoryBytes`,
    };
  const L: Layout = { th, fixedV, pinned, size };
  const ne = mesh.elements.length / 10;
  // Solved in units where the first element's viscosity is 1 (momentum rows divided by mu0, pressure in units
  // of mu0): with water in MPa s (1e-9) the two blocks would otherwise differ by nine orders of magnitude, and
  // GMRES's residual norm would weigh only one of them.
  const mu0 = problem.fluids[problem.elementMaterial[0]].viscosity;
  const fluid: ElementFluid = {
    viscosity: Float64Array.from({ length: ne }, (_, e) => problem.fluids[problem.elementMaterial[e]].viscosity / mu0),
    density: Float64Array.from({ length: ne }, (_, e) => problem.fluids[problem.elementMaterial[e]].density / mu0),
  };

  report("assembling the Stokes system");
  const { D, massOverMu } = assembleDivergence(mesh, th, fluid);
  const start = problem.initial && fluid.density.some((rho) => rho > 0) ? problem.initial.velocity : null;
  let assembled = assembleVelocityBlock(mesh, th, fluid, start);
  if (!assembled.ok) return assembled;
  let F = assembled.values;
  // Right side: the outlet pressures as tractions; the lifted prescribed velocities.
  const applied = new Float64Array(3 * nV);
  for (const o of problem.outlets) pressureLoad(mesh, o.facets, o.pressure, applied);
  const b = new Float64Array(size);
  for (let c = 0; c < 3; c++) for (let n = 0; n < nV; n++) b[c * nV + n] = applied[3 * n + c] / mu0;
  const x = new Float64Array(size);
  for (const [n, v] of problem.velocity) for (let c = 0; c < 3; c++) x[c * nV + n] = v[c];
  // Residuals are relative to that of the Stokes start (the prescribed velocities alone), with or without a
  // starting velocity, so a tolerance means the same whatever the start.
  const stokesStart = start ? Float64Array.from(x) : null;
  if (start) {
    for (let n = 0; n < nV; n++) for (let c = 0; c < 3; c++) x[c * nV + n] = start[3 * n + c];
    const p0 = problem.initial?.pressure;
    if (p0) for (let q = 0; q < th.nP; q++) x[pOff + q] = p0[th.pressureNode[q]] / mu0;
    for (const [n, v] of problem.velocity) for (let c = 0; c < 3; c++) x[c * nV + n] = v[c];
  }

  // The velocity preconditioner: multigrid on the constrained viscous Laplacian (one scalar operator).
  const K = assembleForm(mesh, CONDUCTION, problem.elementMaterial, problem.fluids.map((f) => ({ conductivity: f.viscosity > 0 ? f.viscosity / mu0 : 1 })));
  if (!K.ok) return K;
  const held = new Map<number, number>();
  for (let n = 0; n < nV; n++) if (fixedV[n]) held.set(n, 0);
  applyPrescribed(K.matrix, held, new Float64Array(nV));
  scaleHeldDiagonal(K.matrix, fixedV);
  const linear = { tolerance: options.tolerance ?? LINEAR_TOLERANCE, maxIterations: opts.maxIterations, signal: opts.signal, report };
  const pre = await choosePreconditioner(K.matrix, () => constantModes(nV).map((v, d) => (fixedV[d] ? 0 : v)), linear);
  if (!pre.ok) return pre;
  // Stokes: one V-cycle approximates F well. Oseen: the convection makes F non-symmetric and the Laplacian's
  // V-cycle alone a poor model of it, so a few inner GMRES iterations on F (V-cycle preconditioned) solve it.
  const velocitySolve = (convective: boolean) => (convective ? innerGmres(velocityOperator(L, () => F), pre.M, INNER_ITERATIONS, INNER_TOLERANCE) : pre.M);
  let M = blockPreconditioner(L, D, massOverMu, velocitySolve(start !== null));
  // Newton: the Jacobian adds G (src/fem/fluid/newton.ts) to the Oseen operator; the preconditioner keeps F alone.
  let G: Float64Array | null = null;
  const A = constrainedOperator(L, () => F, D, () => G);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return cancelled();

  const t1 = performance.now();
  const y = new Float64Array(size), r = new Float64Array(size), delta = new Float64Array(size);
  /** The nonlinear residual b - A(x) x on the free rows, for the F assembled at x. */
  const residual = () => {
    applyFull(L, F, D, x, y);
    for (let i = 0; i < size; i++) r[i] = b[i] - y[i];
    for (let c = 0; c < 3; c++) for (let n = 0; n < nV; n++) if (fixedV[n]) r[c * nV + n] = 0;
    if (pinned >= 0) r[pOff + pinned] = 0;
    return norm(r);
  };
  let scale: number;
  if (stokesStart) {
    const atStart = Float64Array.from(x), oseen = F;
    x.set(stokesStart);
    const stokes = assembleVelocityBlock(mesh, th, fluid, null);
    if (!stokes.ok) return stokes;
    F = stokes.values;
    scale = residual();
    x.set(atStart);
    F = oseen;
  } else scale = residual();
  let last = residual() / (scale || 1);
  const history: number[] = [];
  let iterations = 0;
  const convective = fluid.density.some((rho) => rho > 0);
  const newton = convective && problem.nonlinear === "newton";
  const picardFirst = problem.picardFirst ?? 2;
  let newtonFrom = -1;
  if (newton && start && picardFirst === 0) {
    newtonFrom = 0;
    G = assembleNewtonBlock(mesh, th, fluid, start);
  }
  let converged = scale === 0 || last <= problem.nonlinearTolerance;
  let picard = 0;
  while (!converged) {
    // Solve the linear system for the correction from the current residual.
    delta.fill(0);
    const kind = G ? "Newton" : "Picard";
    const solved = await gmres(A, M, r, delta, {
      ...linear,
      // Newton converges quadratically only if each linear solve is tighter than the residual it corrects
      // (inexact Newton, Eisenstat & Walker 1996): 0.01 times the relative residual, once below the Picard tolerance
      // (measured on the Re = 100 cavity: 0.1 let one step stall, the error left in weakly resolved modes).
      tolerance: G ? Math.min(linear.tolerance, Math.max(0.01 * last, 1e-12)) : linear.tolerance,
      maxIterations: G ? Math.min(opts.maxIterations, NEWTON_LINEAR_CAP) : opts.maxIterations,
      restart: RESTART,
      onIteration: (it, rel) => {
        if (it % 20 === 0) report(`${kind} iteration ${picard + 1}: GMRES iteration ${it}, relative residual ${rel.toExponential(2)}`, picard, problem.maxNonlinear);
      },
    });
    iterations += solved.iterations;
    if (solved.status === "aborted") return cancelled();
    if (solved.status === "max-iterations" && !(G && solved.relativeResidual < 1))
      return {
        ok: false,
        error: `GMRES did not converge within the cap maxIterations = ${opts.maxIterations} in ${kind} iteration ${picard + 1} (relative residual ${solved.relativeResidual.toExponential(2)}); nonlinear residuals so far: ${historyText(history)}; refine the mesh, lower the Reynolds number or raise max_iterations`,
      };
    for (let i = 0; i < size; i++) x[i] += delta[i];
    picard++;
    if (convective) {
      const w = new Float64Array(3 * nV);
      for (let n = 0; n < nV; n++) for (let c = 0; c < 3; c++) w[3 * n + c] = x[c * nV + n];
      assembled = assembleVelocityBlock(mesh, th, fluid, w);
      if (!assembled.ok) return assembled;
      F = assembled.values;
      if (picard === 1 && !start) M = blockPreconditioner(L, D, massOverMu, velocitySolve(true));
      if (newton && picard >= picardFirst) {
        if (newtonFrom < 0) newtonFrom = picard;
        G = assembleNewtonBlock(mesh, th, fluid, w);
      }
    }
    last = residual() / scale;
    history.push(last);
    report(`${kind} iteration ${picard}: relative nonlinear residual ${last.toExponential(3)} (${solved.iterations} GMRES iterations)`, picard, problem.maxNonlinear);
    await yieldToEventLoop();
    if (opts.signal?.aborted) return cancelled();
    if (!Number.isFinite(last) || last > 1e6)
      return { ok: false, error: `the ${newtonFrom >= 0 ? "Newton" : "Picard"} iterations diverge: relative nonlinear residuals ${historyText(history)}; refine the mesh or lower the Reynolds number (inlet velocity or density)` };
    if (last <= problem.nonlinearTolerance) converged = true;
    else if (picard >= problem.maxNonlinear)
      return {
        ok: false,
        error: `the ${newtonFrom >= 0 ? "Newton" : "Picard"} iterations did not converge within max_iterations = ${problem.maxNonlinear} (tolerance ${problem.nonlinearTolerance}); relative nonlinear residuals: ${historyText(history)}; raise the step's max_iterations, refine the mesh or lower the Reynolds number`,
      };
  }
  const solveSeconds = (performance.now() - t1) / 1000;

  const velocity = new Float64Array(3 * nV);
  for (let n = 0; n < nV; n++) for (let c = 0; c < 3; c++) velocity[3 * n + c] = x[c * nV + n];
  const pressure = nodalPressure(mesh, th, x.subarray(pOff).map((v) => v * mu0));
  const all = { element: mesh.boundary.element, side: mesh.boundary.side };
  const total = facetFlow(mesh, all, velocity, pressure);
  const imbalance = total.inflow > 0 ? Math.abs(total.inflow - total.outflow) / total.inflow : 0;
  const method = newtonFrom >= 0 ? `newton after ${newtonFrom} Picard iteration${newtonFrom === 1 ? "" : "s"}` : "picard";
  report(`converged after ${picard} nonlinear iteration${picard === 1 ? "" : "s"} (${method})`, picard, picard);
  return {
    ok: true,
    solution: {
      velocity,
      pressure,
      vorticity: vorticityMagnitude(mesh, velocity),
      applied,
      stats: {
        dofs: size,
        freeDofs,
        iterations,
        nonlinearIterations: picard,
        nonlinearMethod: method,
        history: history.map((v) => v.toPrecision(6)).join(" "),
        relativeResidual: last,
        assemblySeconds,
        solveSeconds,
        solver: `${newtonFrom >= 0 ? "Picard then Newton" : "Picard (Oseen)"} iterations, GMRES(${RESTART}) with a block-triangular preconditioner: ${pre.solver.replace(/^CG with /, "")} on the velocity block, viscosity-scaled pressure mass on the Schur complement`,
        ...reynolds(problem, velocity, pressure),
        inflow: total.inflow,
        outflow: total.outflow,
        massImbalance: imbalance,
        pressureReference: pinned >= 0 ? `node ${th.pressureNode[pinned] + 1} held at pressure 0 (no outlet fixes the level)` : "the outlet pressures",
      },
    },
  };
}

const historyText = (h: number[]) => (h.length ? h.map((v) => v.toExponential(2)).join(", ") : "none yet");

/**
 * Re = rho U D_h / mu at the inlet: the velocity condition with the largest prescribed speed (U its mean
 * normal velocity, or the speed itself for a tangential lid), else the outlet with the largest inflow;
 * D_h = 4 A / P of its faces. Density and viscosity of the first element's material.
 */
function reynolds(p: FluidProblem, velocity: Float64Array, pressure: Float64Array): Pick<FluidStats, "reynolds" | "reynoldsVelocity" | "reynoldsLength" | "reynoldsFrom"> {
  const f = p.fluids[p.elementMaterial[0]];
  const candidates = p.inlets.filter((i) => i.speed > 0 && i.facets.element.length > 0).sort((a, b) => b.speed - a.speed);
  let facets: Facets | undefined, U = 0, from = "";
  if (candidates.length) {
    const c = candidates[0];
    const flow = facetFlow(p.mesh, c.facets, velocity, pressure);
    const mean = Math.abs(flow.flow) / flow.area;
    facets = c.facets;
    U = mean > 0.01 * c.speed ? mean : c.speed;
    from = `velocity condition ${c.name}`;
  } else {
    let best = 0;
    for (const o of p.outlets) {
      const flow = facetFlow(p.mesh, o.facets, velocity, pressure);
      if (flow.inflow > best) {
        best = flow.inflow;
        facets = o.facets;
        U = flow.inflow / flow.area;
        from = `outlet ${o.name} (inflow)`;
      }
    }
  }
  if (!facets) return { reynolds: 0, reynoldsVelocity: 0, reynoldsLength: 0, reynoldsFrom: "no inflow" };
  const area = facetArea(p.mesh, facets);
  const perimeter = facetPerimeter(p.mesh, facets);
  const length = perimeter > 0 ? (4 * area) / perimeter : 0;
  return { reynolds: (f.density * U * length) / f.viscosity, reynoldsVelocity: U, reynoldsLength: length, reynoldsFrom: from };
}
