// Natural frequencies: K phi = omega^2 M phi for the lowest modes, with the step's supports held at zero.
// LOBPCG preconditioned by the static solver's multigrid (built on K, or on K + sigma M when the model can move
// freely); small models are solved densely. Modes come out mass-normalised, with participation factors.
// Planar meshes (CPS, CPE, CAX) solve with two unknowns per node and their planar mass; shapes come out with three.
import { meshFamily, type Mesh } from "../mesh/types.js";
import { assembleForm } from "./assembly.js";
import { planarElasticity } from "./forms/index.js";
import { assemblePlanarMass } from "./mass/planar-mass.js";
import { planarModes } from "./solve-planar.js";
import type { ElasticMaterial, SolveOptions } from "./types.js";
import { assembleStiffness } from "./assembly.js";
import { applyPrescribed } from "./constraints.js";
import { materialProblem } from "./material.js";
import { unrestrainedMotion } from "./rigid-body.js";
import { blockMultiplyAbs, blockPatternFromMesh, type BlockCsr } from "./sparse/block-csr.js";
import { blockDiagonal, blockOperator, type LinearOperator } from "./solvers/operator.js";
import { buildAmg, DEFAULT_AMG } from "./solvers/amg/hierarchy.js";
import { jacobiPreconditioner } from "./solvers/jacobi.js";
import { yieldToEventLoop } from "./solvers/cg.js";
import { generalizedEigen } from "./solvers/eigen/dense.js";
import { getColumn, type Block } from "./solvers/eigen/block.js";
import { lobpcg } from "./solvers/eigen/lobpcg.js";
import { addScaledMass, assembleMass, massOperator, type MassKind, type NodeMass } from "./mass/assemble.js";
import { modalParticipation, type Participation } from "./modal/participation.js";
import { estimateSolveBytes, rigidBodyNullspace } from "./solve-static.js";
import { elementMaterialProblem, solvePool } from "./linear-solve.js";
import { poolAssembly } from "./parallel/assembly.js";
import { blockLevelOperator } from "./parallel/operators.js";
import { sharedFloat64 } from "./parallel/shared.js";

/** A shared copy (the shifted matrix the multigrid is built on reads on the pool's threads too). */
function sharedCopy(a: Float64Array): Float64Array {
  const s = sharedFloat64(a.length);
  s.set(a);
  return s;
}
import { fullyIntegrated } from "./full-integration.js";
import { buildTransform, transformStiffness } from "./node-constraints.js";
import { expandScalar, scalarTransform, settleTies, transformScalarCsr, type ScalarTie, type ScalarTransform } from "./tie-scalar.js";

export interface FrequencyProblem {
  mesh: Mesh;
  elementMaterial: Int32Array;
  materials: ElasticMaterial[];
  /** Mass density per material (same order as `materials`). */
  density: readonly number[];
  /** Held DOFs (3 * node + component); frequency steps hold them at zero whatever value a condition names. */
  held: Iterable<number>;
  /** Planar meshes: the thickness per material (plane stress and strain; 1 when left out). */
  thickness?: readonly number[];
  /** Tied interfaces (solid meshes): u_slave = sum w u_master, eliminated from K and M (a held slave keeps its hold). */
  ties?: ScalarTie[];
}

export interface FrequencyOptions extends SolveOptions {
  /** How many modes (the lowest, above `minHz` when given). */
  modes: number;
  minHz?: number;
  maxHz?: number;
  mass?: MassKind;
  /** "auto": dense up to DENSE_LIMIT free DOFs, LOBPCG above; the others force one path (tests compare them). */
  method?: "auto" | "dense" | "lobpcg";
  /** LOBPCG columns (default: modes + max(4, modes / 4)); a tuning knob for measurements (bench/). */
  blockSize?: number;
}

export interface Mode {
  frequencyHz: number;
  /** omega^2, (rad/s)^2 in consistent units. */
  eigenvalue: number;
  /** phi^T M phi: 1 (mass-normalised). */
  generalizedMass: number;
  /** 3 per node. */
  shape: Float64Array;
}

export interface FrequencySolution {
  modes: Mode[];
  participation: Participation;
  /** Mass of the model (every element's rho V). */
  totalMass: number;
  /** Rigid-body motions the supports leave free (0 for a supported model), and what they are. */
  rigidBodyModes: number;
  unrestrained: string | null;
  notes: string[];
  stats: {
    dofs: number;
    freeDofs: number;
    iterations: number;
    largestResidual: number;
    assemblySeconds: number;
    solveSeconds: number;
    solver: string;
    applications: { K: number; M: number; T: number };
  };
}

export type FrequencyResult = { ok: true; solution: FrequencySolution } | { ok: false; error: string };

export const FREQUENCY_DEFAULTS = {
  tolerance: 1e-8,
  maxIterations: 1000,
  maxDofs: 3_000_000,
  maxMemoryBytes: 16 * 1024 ** 3,
  maxModes: 200,
} as const;

/** Up to this many free DOFs the reduced matrices are factored densely (exact and quicker than a hierarchy). */
export const DENSE_LIMIT = 900;

const trace = (a: Float64Array, n: number) => {
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i * n + i];
  return s;
};

const hz = (lambda: number) => Math.sqrt(Math.max(lambda, 0)) / (2 * Math.PI);

function validate(p: FrequencyProblem, o: FrequencyOptions): string | null {
  const sections = elementMaterialProblem(p.mesh, p.elementMaterial, p.materials.length);
  if (sections) return sections;
  for (const [i, m] of p.materials.entries()) {
    const problem = materialProblem(m);
    if (problem) return `material ${i + 1}: ${problem}`;
    const rho = p.density[i];
    if (!(Number.isFinite(rho) && rho > 0)) return `material ${i + 1} has no density; a frequency analysis needs the mass (give the material a density)`;
  }
  if (!Number.isInteger(o.modes) || o.modes < 1) return `modes must be a positive whole number (got ${o.modes})`;
  if (o.modes > FREQUENCY_DEFAULTS.maxModes) return `modes = ${o.modes} is above the cap of ${FREQUENCY_DEFAULTS.maxModes} modes`;
  if (o.minHz !== undefined && !(o.minHz >= 0)) return `min_hz must be zero or positive (got ${o.minHz})`;
  if (o.maxHz !== undefined && !(o.maxHz > (o.minHz ?? 0))) return `max_hz must be above min_hz (got ${o.maxHz})`;
  return null;
}

function rigidCount(description: string | null): number {
  if (!description) return 0;
  return description.split(";").reduce((s, part) => s + (/\(([^)]*)\)/.exec(part)?.[1].split(",").length ?? 0), 0);
}

/** Dense K_ff and M_ff of the free DOFs (K in blocks of any size). */
function denseReduced(K: BlockCsr, M: LinearOperator, free: number[]): { Kd: Float64Array; Md: Float64Array } {
  const nf = free.length;
  const bs = K.b;
  const index = new Int32Array(bs * K.n).fill(-1);
  free.forEach((d, i) => (index[d] = i));
  const Kd = new Float64Array(nf * nf);
  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
      for (let a = 0; a < bs; a++)
        for (let b = 0; b < bs; b++) {
          const r = index[bs * i + a], c = index[bs * K.col[k] + b];
          if (r < 0 || c < 0) continue;
          const v = K.val[bs * bs * k + bs * a + b];
          Kd[r * nf + c] = v;
          Kd[c * nf + r] = v;
        }
  const Md = new Float64Array(nf * nf);
  const e = new Float64Array(M.size), y = new Float64Array(M.size);
  for (let j = 0; j < nf; j++) {
    e.fill(0);
    e[free[j]] = 1;
    M.apply(e, y);
    for (let i = 0; i < nf; i++) Md[i * nf + j] = y[free[i]];
  }
  return { Kd, Md };
}

export async function solveFrequency(problem: FrequencyProblem, options: FrequencyOptions): Promise<FrequencyResult> {
  const opts = { ...FREQUENCY_DEFAULTS, ...options };
  const invalid = validate(problem, opts);
  if (invalid) return { ok: false, error: invalid };
  const { mesh } = problem;
  const nn = mesh.nodes.length / 3;
  const dofs = 3 * nn;
  const held = new Uint8Array(dofs);
  for (const d of problem.held) {
    if (!Number.isInteger(d) || d < 0 || d >= dofs) return { ok: false, error: `held DOF ${d} is outside the mesh (0..${dofs - 1})` };
    held[d] = 1;
  }
  // Nodes no element uses cannot move: hold them so they do not show up as zero-mass modes.
  const used = new Uint8Array(nn);
  for (let k = 0; k < mesh.elements.length; k++) used[mesh.elements[k]] = 1;
  for (let i = 0; i < nn; i++) if (!used[i]) held.fill(1, 3 * i, 3 * i + 3);
  // Ties: the slaves' own unknowns are held in the reduced problem K_r = G^T K G, M_r = G^T M G; shapes are G v.
  const heldBefore = Uint8Array.from(held);
  const ties = problem.ties?.length ? settleTies(problem.ties, (n) => held[3 * n] + held[3 * n + 1] + held[3 * n + 2] > 0) : null;
  if (typeof ties === "string") return { ok: false, error: ties };
  if (ties?.length && meshFamily(mesh).planar) return { ok: false, error: "tied interfaces of planar meshes are not solved; mesh the cells so their faces match" };
  const G = ties?.length ? scalarTransform(nn, ties) : null;
  if (ties) for (const t of ties) held.fill(1, 3 * t.slave, 3 * t.slave + 3);
  // Planar: u unknowns per node (x, y); z never moves, and for axisymmetry neither does a rigid x (hoop strain)
  // nor a rotation, so only the in-plane rigid motions the supports leave count as free.
  const kind = meshFamily(mesh).planar;
  const u = kind ? 2 : 3;
  const motionHeld = Uint8Array.from(held);
  if (kind) for (let i = 0; i < nn; i++) { motionHeld[3 * i + 2] = 1; if (kind === "axisymmetric") motionHeld[3 * i] = 1; }
  const heldU = kind ? new Uint8Array(u * nn) : held;
  if (kind) for (let i = 0; i < nn; i++) { heldU[2 * i] = held[3 * i]; heldU[2 * i + 1] = held[3 * i + 1]; }
  let freeDofs = 0;
  for (let d = 0; d < u * nn; d++) if (!heldU[d]) freeDofs++;
  if (freeDofs > opts.maxDofs)
    return { ok: false, error: `the model has ${freeDofs} free degrees of freedom, above the cap maxDofs = ${opts.maxDofs}; coarsen the mesh or raise maxDofs` };
  if (opts.modes > freeDofs) return { ok: false, error: `modes = ${opts.modes} is more than the model's ${freeDofs} free degrees of freedom; ask for fewer modes` };
  // Ties join pieces (their slaves are held above only as the reduced problem's bookkeeping, not as supports).
  const supports = G ? Uint8Array.from(heldBefore) : motionHeld;
  const unrestrained = unrestrainedMotion(mesh, supports, ties ?? []);
  const rigid = rigidCount(unrestrained);
  const notes: string[] = [];
  if (unrestrained) notes.push(`the model is not fully supported: ${unrestrained}; its ${rigid} rigid-body mode${rigid === 1 ? "" : "s"} come out near 0 Hz`);

  const report = (message: string, progress = 0, total?: number) => opts.onProgress?.({ progress, total, message });
  const t0 = performance.now();
  report("assembling the stiffness and mass matrices");
  const pattern = blockPatternFromMesh(mesh, u);
  const blockSize = opts.modes + Math.max(4, Math.ceil(opts.modes / 4));
  const estimate = estimateSolveBytes(pattern.col.length, nn, u) + pattern.col.length * 8 + 13 * u * nn * blockSize * 8;
  if (estimate > opts.maxMemoryBytes)
    return {
      ok: false,
      error: `the frequency solve would need about ${(estimate / 1024 ** 3).toFixed(1)} GiB, above the cap maxMemoryBytes = ${(opts.maxMemoryBytes / 1024 ** 3).toFixed(1)} GiB; coarsen the mesh, ask for fewer modes or raise maxMemoryBytes`,
    };
  const thickness = problem.materials.map((_, i) => problem.thickness?.[i] ?? 1);
  // The kernel pool, as the static solve takes it: assembly, the multigrid and the K products run on it.
  const threads = await solvePool(opts.threads, opts.maxThreads);
  if (!threads.ok) return threads;
  const pool = threads.pool;
  const assembled = kind
    ? assembleForm(mesh, planarElasticity(kind), problem.elementMaterial, problem.materials.map((m, i) => ({ young: m.young, poisson: m.poisson, thickness: thickness[i] })), pattern, opts.signal)
    : assembleStiffness(mesh, problem.elementMaterial, problem.materials, pattern, opts.signal, poolAssembly(pool));
  if (!assembled.ok) return assembled;
  // One-point families (C3D8R) take the fully integrated mass: a one-point mass is singular (see the README).
  const massed = kind
    ? assemblePlanarMass(mesh, problem.elementMaterial, problem.density, thickness, opts.mass ?? "consistent", pattern)
    : assembleMass(fullyIntegrated(mesh), problem.elementMaterial, problem.density, opts.mass ?? "consistent", pattern);
  if (!massed.ok) return massed;
  const K = G ? transformStiffness(assembled.matrix, buildTransform(nn, { normals: [], ties: ties! }).G) : assembled.matrix;
  const zeros = new Map<number, number>();
  for (let d = 0; d < u * nn; d++) if (heldU[d]) zeros.set(d, 0);
  applyPrescribed(K, zeros, new Float64Array(u * nn));
  const freeMass = G ? tiedMass(massed.mass, G) : massed.mass;
  const M = massOperator(freeMass, u, heldU);
  const assemblySeconds = (performance.now() - t0) / 1000;
  await yieldToEventLoop();
  if (opts.signal?.aborted) return { ok: false, error: "the solve was cancelled" };

  const t1 = performance.now();
  const lambdaMin = opts.minHz !== undefined ? (2 * Math.PI * opts.minHz) ** 2 : -Infinity;
  let values: Float64Array;
  let vectors: Float64Array[];
  let iterations = 0;
  let largestResidual = 0;
  let solver: string;
  const applications = { K: 0, M: 0, T: 0 };
  const dense = opts.method === "dense" || (opts.method !== "lobpcg" && freeDofs <= DENSE_LIMIT);
  if (dense) {
    const free: number[] = [];
    for (let d = 0; d < u * nn; d++) if (!heldU[d]) free.push(d);
    const { Kd, Md } = denseReduced(K, M, free);
    const nf = free.length;
    // M v = mu (K + sigma M) v with mu = 1 / (lambda + sigma): K + sigma M is definite even when M is singular
    // (C3D4 and C3D10 masses integrated with the stiffness rule can be, on a few elements) or K is (a free model).
    const sigma = rigid > 0 ? 1e-8 * (trace(Kd, nf) / trace(Md, nf)) : 0;
    const Bd = sigma > 0 ? Kd.map((v, q) => v + sigma * Md[q]) : Kd;
    const eig = generalizedEigen(Md, Bd, nf);
    if (!eig) return { ok: false, error: "the stiffness matrix is not positive definite on the free degrees of freedom; check element quality" };
    const keep: number[] = [];
    for (let j = nf - 1; j >= 0 && keep.length < opts.modes; j--) {
      const mu = eig.values[j];
      if (!(mu > 0)) break; // the rest are infinite frequencies (massless combinations)
      if (1 / mu - sigma >= lambdaMin) keep.push(j);
    }
    values = Float64Array.from(keep, (j) => 1 / eig.values[j] - sigma);
    vectors = keep.map((j) => {
      const v = new Float64Array(u * nn);
      const scale = 1 / Math.sqrt(eig.values[j]); // v^T M v = mu for a (K + sigma M)-normalised v
      free.forEach((d, i) => (v[d] = eig.vectors[i * nf + j] * scale));
      return v;
    });
    solver = "dense generalised eigensolver (small model)";
  } else {
    report("building the multigrid preconditioner");
    // A free model's K is singular: precondition with K + sigma M, sigma far below any elastic eigenvalue.
    let T: LinearOperator;
    let shiftNote = "";
    const Kp: BlockCsr = rigid > 0 ? { ...K, val: sharedCopy(K.val) } : K;
    if (rigid > 0) {
      const dk = blockDiagonal(K);
      const dm = new Float64Array(u * nn);
      const ones = new Float64Array(u * nn).fill(1);
      M.apply(ones, dm);
      let sk = 0, sm = 0;
      for (let d = 0; d < u * nn; d++) if (!heldU[d]) { sk += dk[d]; sm += dm[d]; }
      const sigma = 1e-8 * (sk / sm);
      addScaledMass(Kp, massed.mass, sigma);
      shiftNote = ` on K + ${sigma.toExponential(2)} M`;
    }
    try {
      const B = kind ? planarModes(mesh, heldU) : rigidBodyNullspace(mesh, held);
      const amg = await buildAmg(Kp, B, DEFAULT_AMG, yieldToEventLoop, pool);
      T = amg.preconditioner;
      solver = `LOBPCG preconditioned by ${amg.describe}${shiftNote}, ${threads.note}`;
    } catch {
      T = jacobiPreconditioner(blockDiagonal(Kp));
      solver = `LOBPCG preconditioned by Jacobi${shiftNote}`;
    }
    if (opts.signal?.aborted) return { ok: false, error: "the solve was cancelled" };
    const Kop = blockLevelOperator(K, pool);
    const absolute = { K: { size: K.b * K.n, apply: (x: Float64Array, y: Float64Array) => blockMultiplyAbs(K, x, y) }, M: massOperator(freeMass, u, heldU, true) };
    // Modes below min_hz are computed and dropped: ask for more until enough lie above it.
    let count = opts.modes;
    let initial: Block | undefined;
    for (;;) {
      const r = await lobpcg(Kop, M, T, {
        count,
        ...(opts.blockSize !== undefined ? { blockSize: Math.max(opts.blockSize, count) } : {}),
        tolerance: opts.tolerance,
        maxIterations: opts.maxIterations,
        constrained: heldU,
        absolute,
        initial,
        signal: opts.signal,
        onIteration: ({ iteration, converged, largestResidual }) =>
          report(`LOBPCG iteration ${iteration}: ${converged} of ${count} modes converged, largest residual ${largestResidual.toExponential(2)}`, iteration, opts.maxIterations),
      });
      iterations += r.iterations;
      applications.K += r.applications.K;
      applications.M += r.applications.M;
      applications.T += r.applications.T;
      if (r.status === "aborted") return { ok: false, error: "the solve was cancelled" };
      if (r.status === "max-iterations")
        return {
          ok: false,
          error: `the eigensolver did not converge within the cap maxIterations = ${opts.maxIterations} (largest relative residual ${Math.max(...r.residuals).toExponential(2)}, tolerance ${opts.tolerance}); raise maxIterations or loosen the tolerance`,
        };
      if (r.status === "breakdown") return { ok: false, error: "the eigensolver broke down (the mass matrix may be singular on the free DOFs); check densities and element quality" };
      largestResidual = Math.max(...r.residuals);
      const below = Array.from(r.values).filter((v) => v < lambdaMin).length;
      if (below === 0 || count - below >= opts.modes || count >= opts.modes + FREQUENCY_DEFAULTS.maxModes || count >= freeDofs / 3) {
        const keep: number[] = [];
        for (let j = 0; j < count && keep.length < opts.modes; j++) if (r.values[j] >= lambdaMin) keep.push(j);
        values = Float64Array.from(keep, (j) => r.values[j]);
        vectors = keep.map((j) => getColumn(r.vectors, j, new Float64Array(u * nn)));
        const limited = keep.flatMap((j, q) => (r.limited.includes(j) ? [q + 1] : []));
        if (limited.length > 0)
          notes.push(
            `mode${limited.length > 1 ? "s" : ""} ${limited.join(", ")} stopped at a relative residual up to ${Math.max(...limited.map((q) => r.residuals[keep[q - 1]])).toExponential(1)}, above the tolerance ${opts.tolerance}: ` +
              `the round-off limit of K x - lambda M x for ${limited.length > 1 ? "them" : "it"} in double precision (the frequency error is of the order of the residual squared)`,
          );
        break;
      }
      initial = r.vectors;
      count = Math.min(opts.modes + below + Math.max(2, Math.ceil(below / 2)), Math.floor(freeDofs / 3));
    }
  }
  if (opts.minHz !== undefined && values.length < opts.modes)
    notes.push(`only ${values.length} of ${opts.modes} modes were found above min_hz = ${opts.minHz} Hz`);
  if (opts.maxHz !== undefined) {
    const within = Array.from(values).filter((v) => hz(v) <= opts.maxHz!).length;
    if (within < values.length) {
      notes.push(`${values.length - within} of the ${values.length} modes lie above max_hz = ${opts.maxHz} Hz and are left out`);
      values = values.slice(0, within);
      vectors = vectors.slice(0, within);
    }
  }
  // Planar shapes get their third component (0), so results, participation and pictures read 3 per node.
  if (kind)
    vectors = vectors.map((v) => {
      const w = new Float64Array(dofs);
      for (let i = 0; i < nn; i++) { w[3 * i] = v[2 * i]; w[3 * i + 1] = v[2 * i + 1]; }
      return w;
    });
  if (G) vectors = vectors.map((v) => expandScalar(G, v, 3));
  const M3 = kind ? massOperator(massed.mass, 3, motionHeld.map((h, d) => (d % 3 === 2 ? 1 : held[d]))) : G ? massOperator(massed.mass, 3, heldBefore) : M;
  // Sign convention: the largest component of each shape is positive (shapes are defined up to sign).
  for (const v of vectors) {
    let big = 0;
    for (let d = 0; d < v.length; d++) if (Math.abs(v[d]) > Math.abs(big)) big = v[d];
    if (big < 0) for (let d = 0; d < v.length; d++) v[d] = -v[d];
  }
  const participation = modalParticipation(mesh.nodes, M3, vectors);
  const gm = new Float64Array(dofs);
  const modes: Mode[] = Array.from(values, (lambda, j) => {
    M3.apply(vectors[j], gm);
    let g = 0;
    for (let d = 0; d < dofs; d++) g += gm[d] * vectors[j][d];
    return { frequencyHz: hz(lambda), eigenvalue: lambda, generalizedMass: g, shape: vectors[j] };
  });
  const solveSeconds = (performance.now() - t1) / 1000;
  report(`found ${modes.length} modes`, 1, 1);
  return {
    ok: true,
    solution: {
      modes,
      participation,
      totalMass: massed.total,
      rigidBodyModes: rigid,
      unrestrained,
      notes,
      stats: { dofs: u * nn, freeDofs, iterations, largestResidual, assemblySeconds, solveSeconds, solver: solver!, applications },
    },
  };
}

/** G^T M G of a node mass (a lumped one becomes a consistent-form matrix: the ties couple the masters). */
function tiedMass(M: NodeMass, G: ScalarTransform): NodeMass {
  if (M.kind === "consistent") return { kind: "consistent", n: M.n, ...transformScalarCsr(M.n, M.rowPtr, M.col, M.val, G) };
  const rowPtr = Int32Array.from({ length: M.n + 1 }, (_, i) => i);
  return { kind: "consistent", n: M.n, ...transformScalarCsr(M.n, rowPtr, Int32Array.from({ length: M.n }, (_, i) => i), M.diag, G) };
}

/** The node mass of a problem, for callers that need M outside the solve (e.g. lumped mass for explicit dynamics). */
export type { NodeMass };
