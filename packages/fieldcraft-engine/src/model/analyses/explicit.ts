// `explicit`: explicit dynamics by central differences with a lumped mass (src/fem/explicit). Loads and prescribed
// motion scaled by amplitudes, initial velocities on sets, frames of displacement, velocity and acceleration with
// the energies of each. A frame reads like a static solution (stresses from its displacement), so contours,
// probes and pictures of a frame reuse the static readers (`frame` or `time` picks it, default the last).
import { z } from "zod";
import { timeFunction, type AmplitudeSpec, type TimeFunction } from "../../fem/explicit/amplitude.js";
import { explicitFamilyProblem, type ExplicitMaterial } from "../../fem/explicit/operators.js";
import { gravityForces } from "../../fem/explicit/gravity.js";
import { solveExplicit } from "../../fem/explicit/solve-explicit.js";
import type { ExplicitHistory, ExplicitPrescribed, ExplicitProblem } from "../../fem/explicit/types.js";
import { nodalStress } from "../../fem/stress.js";
import type { SolveOptions, StaticSolution } from "../../fem/types.js";
import { meshFamily, type Mesh } from "../../mesh/types.js";
import { explicitDeck } from "../../decks/procedures-explicit.js";
import type { CheckItem } from "../check.js";
import { lookup } from "../definitions.js";
import { ModelError } from "../errors.js";
import { elementMaterials, heldComponents, prescribesMotion, resolvedTarget, stepForces } from "../problem.js";
import { quantity } from "../schema-parts.js";
import type { Model, StepDefinition } from "../types.js";
import { STATIC_ANALYSIS } from "./static.js";
import { explicitDeckStep } from "./explicit-deck.js";
import { explicitSymmetry } from "./explicit-symmetry.js";
import type { AnalysisRow, ResultField, Solved } from "./types.js";

export const explicitProcedure = z
  .object({
    type: z.literal("explicit").describe("Explicit dynamics: central differences with a lumped mass"),
    duration: quantity("time", "Time to integrate over").positive(),
    frames: z.number().int().min(1).max(100_000).optional().describe("Frames written after t = 0, evenly spaced (default 20 unless output_interval is given)"),
    output_interval: quantity("time", "Time between frames (instead of `frames`)").positive().optional(),
    time_step: z
      .object({
        safety: z.number().gt(0).max(1).default(0.9).describe("Factor on the stable step (default 0.9)"),
        fixed: quantity("time", "A fixed step instead (refused when above the stable one)").positive().optional(),
      })
      .strict()
      .optional()
      .describe("The time step: the stable one times `safety`, or `fixed`"),
    bulk_viscosity: z
      .object({
        linear: z.number().min(0).max(10).default(0.06).describe("Linear coefficient b1 (default 0.06, as Abaqus)"),
        quadratic: z.number().min(0).max(10).default(1.2).describe("Quadratic coefficient b2 (default 1.2, as Abaqus)"),
      })
      .strict()
      .optional()
      .describe("Bulk viscosity damping the highest frequencies: p = b1 rho c L eps_vol' + rho (b2 L eps_vol')^2 in compression"),
  })
  .strict()
  .refine((p) => p.frames === undefined || p.output_interval === undefined, { message: "give `frames` or `output_interval`, not both" });

export type ExplicitProcedure = z.infer<typeof explicitProcedure>;

export const DEFAULT_FRAMES = 20;

/** A frame of an explicit step, read like a static solution, with velocities and accelerations. */
export type ExplicitFrameSolution = StaticSolution & { velocity: Float64Array; acceleration: Float64Array };

/** What a solved explicit step keeps: every frame, and what stresses of a frame are computed from. */
export interface ExplicitSummary {
  history: ExplicitHistory;
  mesh: Mesh;
  elementMaterial: Int32Array;
  materials: ExplicitMaterial[];
  safety: number;
  /** Each load's nodal forces at full amplitude (the history's `loadFactors` scale them per frame). */
  loads: Float64Array[];
}

export interface ExplicitRowProblem {
  problem: ExplicitProblem;
  /** Sum of the load patterns at full amplitude (what `applied` reports). */
  applied: Float64Array;
  safety: number;
}

function amplitudeOf(model: Model, name: string | undefined, item: string): TimeFunction {
  if (name === undefined) return timeFunction(undefined);
  const a = lookup(model, "amplitudes", name, item);
  return timeFunction((a.points ? { points: a.points } : { smooth_step: a.smooth_step! }) as AmplitudeSpec);
}

export function explicitProblem(model: Model, step: StepDefinition): ExplicitRowProblem {
  const procedure = step.procedure as unknown as ExplicitProcedure;
  const mesh = model.mesh!.mesh;
  const bad = explicitFamilyProblem(meshFamily(mesh));
  if (bad) throw new ModelError(`step ${step.name}: ${bad}`);
  const { elementMaterial, materials } = elementMaterials(model);
  const defs = model.definitions.materials;
  for (const i of new Set(elementMaterial))
    if (defs[i].density === undefined) throw new ModelError(`material ${defs[i].name} has no density, which an explicit step needs for the mass: give it one (model.material.create {density})`);
  const nn = mesh.nodes.length / 3;
  const densities = defs.map((m) => m.density ?? 0);
  const loads = step.loads.map((name) => {
    const load = lookup(model, "loads", name, `step ${step.name}`);
    if (load.type !== "force" && load.type !== "pressure" && load.type !== "gravity")
      throw new ModelError(`step ${step.name}: load ${load.name} is a ${load.type} load, which an explicit step cannot use: list force, pressure or gravity loads`);
    const amplitude = amplitudeOf(model, load.amplitude, `load ${load.name}: amplitude`);
    if (load.type !== "gravity") return { forces: stepForces(model, { ...step, loads: [name] }), amplitude };
    const target = resolvedTarget(model, load.target.set, `load ${load.name}`);
    if (target.elements.length === 0) throw new ModelError(`load ${load.name}: its set \`${load.target.set}\` has no elements for gravity to act on (use a set of bodies)`);
    const forces = new Float64Array(3 * nn);
    gravityForces(mesh, elementMaterial, densities, target.elements, load.vector, forces);
    return { forces, amplitude };
  });
  const owner = new Map<number, string>();
  const conditions = step.boundary_conditions.map((name) => lookup(model, "boundary_conditions", name, `step ${step.name}`));
  const prescribed: ExplicitPrescribed[] = conditions.flatMap((bc) => {
    if (bc.type === "temperature") throw new ModelError(`step ${step.name}: boundary condition ${bc.name} prescribes a temperature, which an explicit step cannot use`);
    if (bc.type === "wall" || bc.type === "outlet")
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} is a fluid ${bc.type} condition, which an explicit step cannot use: list it in a fluid step`);
    if (bc.type === "velocity" && bc.profile !== undefined && bc.profile !== "uniform")
      throw new ModelError(`step ${step.name}: velocity condition ${bc.name} has profile ${bc.profile}, which only fluid steps use; give the nodes' velocity without a profile`);
    if (bc.type === "symmetry") return []; // after the others: they may hold some of its nodes already
    const target = resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`);
    if (target.nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: its set \`${bc.target.set}\` holds no nodes of the mesh`);
    const held = bc.type === "velocity" ? bc.vector.map((value, component) => ({ component, value })) : heldComponents(bc);
    const dofs: number[] = [], values: number[] = [];
    for (const { component, value } of held)
      for (const n of target.nodes) {
        const dof = 3 * n + component;
        const before = owner.get(dof);
        if (before !== undefined) throw new ModelError(`step ${step.name}: boundary conditions \`${before}\` and \`${bc.name}\` both prescribe u${component + 1} of node ${n + 1}: list one of them`);
        owner.set(dof, bc.name);
        dofs.push(dof);
        values.push(value);
      }
    const amplitude = bc.type === "fixed" ? timeFunction(undefined) : amplitudeOf(model, bc.amplitude, `boundary condition ${bc.name}: amplitude`);
    return [{ kind: bc.type === "velocity" ? "velocity" : "displacement", dofs: Int32Array.from(dofs), values: Float64Array.from(values), amplitude } as ExplicitPrescribed];
  });
  const values = new Map<number, number>();
  for (const g of prescribed) g.dofs.forEach((d, i) => values.set(d, g.values[i]));
  const symmetry = explicitSymmetry(model, step, conditions.filter((bc) => bc.type === "symmetry"), owner, values);
  if (symmetry.principal.dofs.length > 0) prescribed.push(symmetry.principal);
  const initialVelocity = new Float64Array(3 * nn);
  for (const ic of model.definitions.initial_conditions ?? []) {
    const target = resolvedTarget(model, ic.target.set, `initial condition ${ic.name}`);
    for (const n of target.nodes) for (let c = 0; c < 3; c++) initialVelocity[3 * n + c] = ic.vector[c];
  }
  const applied = new Float64Array(3 * nn);
  for (const l of loads) for (let d = 0; d < applied.length; d++) applied[d] += l.forces[d];
  const frames = procedure.frames ?? (procedure.output_interval !== undefined ? Math.max(1, Math.round(procedure.duration / procedure.output_interval)) : DEFAULT_FRAMES);
  const safety = procedure.time_step?.safety ?? 0.9;
  return {
    problem: {
      mesh,
      elementMaterial,
      materials: materials.map((m, i) => ({ ...m, density: defs[i].density ?? 0 })),
      loads,
      prescribed,
      ...(symmetry.normals ? { normals: symmetry.normals } : {}),
      initialVelocity,
      duration: procedure.duration,
      frames,
      timeStep: { safety, ...(procedure.time_step?.fixed !== undefined ? { fixed: procedure.time_step.fixed } : {}) },
      bulkViscosity: { linear: procedure.bulk_viscosity?.linear ?? 0.06, quadratic: procedure.bulk_viscosity?.quadratic ?? 1.2 },
    },
    applied,
    safety,
  };
}

/** Frame k (0-based; 0 is t = 0) as a static-like solution: double-precision copies, stresses from its displacement. */
export function frameSolution(s: ExplicitSummary, k: number): ExplicitFrameSolution {
  const h = s.history;
  const ndof = s.mesh.nodes.length;
  const slice = (a: Float32Array) => Float64Array.from(a.subarray(k * ndof, (k + 1) * ndof));
  const displacement = slice(h.displacement);
  const reaction = new Float64Array(ndof);
  const nr = h.reactionDofs.length;
  for (let i = 0; i < nr; i++) reaction[h.reactionDofs[i]] = h.reaction[k * nr + i];
  const { stress, mises } = nodalStress(s.mesh, s.elementMaterial, s.materials, displacement);
  return {
    displacement,
    velocity: slice(h.velocity),
    acceleration: slice(h.acceleration),
    reaction,
    stress,
    mises,
    stats: { dofs: ndof, freeDofs: ndof - nr, nonzeros: 0, iterations: h.steps, relativeResidual: 0, assemblySeconds: 0, solveSeconds: h.seconds, solver: "central differences, lumped mass" },
  };
}

/** The loads applied at frame k: each load's pattern times its amplitude then (what the frame's reactions balance). */
export function frameApplied(s: ExplicitSummary, k: number): Float64Array {
  const ndof = s.mesh.nodes.length;
  const out = new Float64Array(ndof);
  const nl = s.loads.length;
  for (let i = 0; i < nl; i++) {
    const f = s.history.loadFactors[k * nl + i], pattern = s.loads[i];
    if (f !== 0) for (let d = 0; d < ndof; d++) out[d] += f * pattern[d];
  }
  return out;
}

/** The frame for `frame` (0-based) or the nearest to `time`; refused naming the frames there are. */
export function pickFrame(s: ExplicitSummary, step: string, frame: number | undefined, time: number | undefined, param = "params"): number {
  const frames = s.history.frames;
  const last = frames.length - 1;
  if (frame !== undefined && time !== undefined) throw new ModelError(`${param}: give \`frame\` or \`time\`, not both`);
  if (frame !== undefined) {
    if (frame > last) throw new ModelError(`${param}.frame: step ${step} has frames 0..${last}; frame ${frame} is not one of them`);
    return frame;
  }
  if (time !== undefined) {
    const end = frames[last].time;
    if (time < 0 || time > end * (1 + 1e-9)) throw new ModelError(`${param}.time: step ${step} runs from 0 to ${end}; time ${time} is outside it`);
    let best = 0;
    for (let k = 1; k <= last; k++) if (Math.abs(frames[k].time - time) < Math.abs(frames[best].time - time)) best = k;
    return best;
  }
  return last;
}

async function solve(p: ExplicitRowProblem, options: SolveOptions & { maxElementSteps?: number; maxFrames?: number }): Promise<Solved<ExplicitFrameSolution & { explicit: ExplicitSummary }>> {
  const solved = await solveExplicit(p.problem, {
    maxElementSteps: options.maxElementSteps ?? DEFAULT_EXPLICIT_CAPS.maxElementSteps,
    maxFrames: options.maxFrames ?? DEFAULT_EXPLICIT_CAPS.maxFrames,
    maxMemoryBytes: options.maxMemoryBytes ?? 16 * 1024 ** 3,
    threads: options.threads,
    maxThreads: options.maxThreads,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  if (!solved.ok) return solved;
  const explicit: ExplicitSummary = {
    history: solved.solution,
    mesh: p.problem.mesh,
    elementMaterial: p.problem.elementMaterial,
    materials: p.problem.materials,
    safety: p.safety,
    loads: p.problem.loads.map((l) => l.forces),
  };
  return { ok: true, solution: { ...frameSolution(explicit, solved.solution.frames.length - 1), explicit } };
}

export const DEFAULT_EXPLICIT_CAPS = { maxElementSteps: 10_000_000_000, maxFrames: 10_000 };

const magnitude = (a: Float64Array, n: number) => Math.hypot(a[3 * n], a[3 * n + 1], a[3 * n + 2]);

type ExplicitField = (typeof STATIC_ANALYSIS.fields)[number]["name"] | "velocity" | "acceleration";

const FIELDS: readonly ResultField<ExplicitField, ExplicitFrameSolution>[] = [
  ...(STATIC_ANALYSIS.fields as readonly ResultField<ExplicitField, ExplicitFrameSolution>[]),
  { name: "velocity", dimension: "velocity", description: "velocity magnitude (explicit frames)", read: ({ velocity }) => (n) => magnitude(velocity, n) },
  { name: "acceleration", dimension: "acceleration", description: "acceleration magnitude (explicit frames)", read: ({ acceleration }) => (n) => magnitude(acceleration, n) },
];

export const EXPLICIT_ANALYSIS = {
  procedure: "explicit",
  label: "Explicit dynamics",
  schema: explicitProcedure,
  command: "solve.explicit",
  materials: ["elastic", "density"],
  accepts: { loads: ["force", "pressure", "gravity"], conditions: ["fixed", "displacement", "velocity", "symmetry"] },
  // An explicit step moves by its loads, an initial velocity or prescribed motion; with none of them nothing happens.
  checkStep(model, step) {
    const warnings: CheckItem[] = [];
    if (step.loads.length === 0 && (model.definitions.initial_conditions ?? []).length === 0 && !prescribesMotion(model, step))
      warnings.push({ item: `step ${step.name}`, message: "holds no load, no initial velocity and no prescribed motion: nothing moves", command: "model.load.create" });
    return { errors: [], warnings };
  },
  problem: explicitProblem,
  solve,
  applied: (p) => p.applied,
  stored: { arrays: { displacement: 3, reaction: 3, stress: 6, mises: 1, velocity: 3, acceleration: 3 }, appliedPerNode: 3 },
  fields: FIELDS,
  deckStep: explicitDeckStep,
  decks: (p: ExplicitProcedure) => explicitDeck(p),
} satisfies AnalysisRow<ExplicitRowProblem, ExplicitField, ExplicitFrameSolution>;
