// `frequency`: natural frequencies and mode shapes, K phi = omega^2 M phi, with the step's supports held at zero.
import { symmetryDeckBoundary } from "../symmetry-set.js";
import { z } from "zod";
import { frequencyDeck } from "../../decks/procedures-modal-heat.js";
import { solveFrequency, type FrequencyProblem, type FrequencyOptions } from "../../fem/solve-frequency.js";
import { nodalStress } from "../../fem/stress.js";
import type { StaticSolution } from "../../fem/types.js";
import type { MassKind } from "../../fem/mass/assemble.js";
import type { CheckItem } from "../check.js";
import { ModelError } from "../errors.js";
import { elementMaterials, heldComponents, planarSections, stepPrescribed } from "../problem.js";
import { meshFamily } from "../../mesh/types.js";
import type { NodeConstraints } from "../../fem/node-constraints.js";
import { planarNodalStress } from "../../fem/solve-planar.js";
import { lookup } from "../definitions.js";
import { quantity } from "../schema-parts.js";
import type { ModalSummary, Model, StepDefinition } from "../types.js";
import { STATIC_ANALYSIS } from "./static.js";
import type { AnalysisRow, Solved } from "./types.js";

export const MAX_MODES = 200;

export const frequencyProcedure = z
  .object({
    type: z.literal("frequency").describe("Natural frequencies and mode shapes"),
    modes: z.number().int().min(1).max(MAX_MODES).describe(`How many modes: the lowest (above min_hz when given), at most ${MAX_MODES}`),
    min_hz: quantity("frequency", "Lowest frequency of interest: modes below it are left out").min(0).optional(),
    max_hz: quantity("frequency", "Highest frequency of interest: modes above it are left out").positive().optional(),
  })
  .strict();

type FrequencyProcedure = z.infer<typeof frequencyProcedure>;

export interface FrequencyRowProblem {
  problem: FrequencyProblem;
  procedure: FrequencyProcedure;
  mass?: MassKind;
  materials: { young: number; poisson: number }[];
}

/** Planar meshes: the sections are the solver's materials (their thickness and their material's density). */
function planarFrequencyProblem(model: Model, step: StepDefinition): FrequencyRowProblem {
  const { elementMaterial, materials, thickness, material } = planarSections(model);
  const density = material.map((i) => model.definitions.materials[i].density);
  material.forEach((i, k) => {
    if (density[k] === undefined) throw new ModelError(`material ${model.definitions.materials[i].name} has no density, which a frequency step needs for the mass: give it one (model.material.create {density})`);
  });
  return {
    problem: { mesh: model.mesh!.mesh, elementMaterial, materials, density: density.map((r) => r ?? 0), held: stepPrescribed(model, step).keys(), thickness },
    procedure: step.procedure as unknown as FrequencyProcedure,
    materials,
  };
}

/** What the solve returns: the first mode's nodal solution, carrying the modal summary with every mode's. */
export type FrequencyRowSolution = StaticSolution & { modal: ModalSummary };

function densities(model: Model): (number | undefined)[] {
  return model.definitions.materials.map((m) => m.density);
}

export function frequencyProblem(model: Model, step: StepDefinition, mass?: MassKind): FrequencyRowProblem {
  if (meshFamily(model.mesh!.mesh).planar) return { ...planarFrequencyProblem(model, step), mass };
  const { elementMaterial, materials } = elementMaterials(model);
  const rho = densities(model);
  const used = new Set(elementMaterial);
  for (const i of used) {
    if (rho[i] === undefined) throw new ModelError(`material ${model.definitions.materials[i].name} has no density, which a frequency step needs for the mass: give it one (model.material.create {density})`);
  }
  // Ties are eliminated from K and M as in statics; an oblique symmetry plane is not solved here yet.
  const constraints = { normals: [], ties: [] } as NodeConstraints;
  const prescribed = stepPrescribed(model, step, model.mesh!.mesh.ties?.length ? constraints : undefined);
  if (constraints.normals.length > 0)
    throw new ModelError(`step ${step.name}: a symmetry condition lies on an oblique plane, which frequency steps do not solve yet; use a principal plane or a static step`);
  return {
    problem: { mesh: model.mesh!.mesh, elementMaterial, materials, density: rho.map((r) => r ?? 0), held: prescribed.keys(), ...(constraints.ties.length ? { ties: constraints.ties } : {}) },
    procedure: step.procedure as unknown as FrequencyProcedure,
    mass,
    materials,
  };
}

/** Stresses of a mode shape (3 per node): the solid's, or the planar family's from its in-plane components. */
function modeStress(p: FrequencyRowProblem, shape: Float64Array) {
  const mesh = p.problem.mesh;
  const kind = meshFamily(mesh).planar;
  if (!kind) return nodalStress(mesh, p.problem.elementMaterial, p.materials, shape);
  const u2 = new Float64Array((2 * shape.length) / 3);
  for (let i = 0; i < u2.length / 2; i++) { u2[2 * i] = shape[3 * i]; u2[2 * i + 1] = shape[3 * i + 1]; }
  const constants = p.materials.map((m, i) => ({ ...m, thickness: p.problem.thickness?.[i] ?? 1 }));
  return planarNodalStress(mesh, kind, p.problem.elementMaterial, constants, u2);
}

async function solve(p: FrequencyRowProblem, options: Parameters<typeof solveFrequency>[1] | Omit<FrequencyOptions, "modes">): Promise<Solved<FrequencyRowSolution>> {
  const held = Array.from(p.problem.held);
  const r = await solveFrequency(
    { ...p.problem, held },
    { ...options, modes: p.procedure.modes, minHz: p.procedure.min_hz, maxHz: p.procedure.max_hz, mass: p.mass ?? (options as FrequencyOptions).mass },
  );
  if (!r.ok) return r;
  const s = r.solution;
  if (s.modes.length === 0) return { ok: false, error: `no mode lies in the range asked for (${s.notes.join("; ")})` };
  const mesh = p.problem.mesh;
  const reaction = new Float64Array(mesh.nodes.length);
  const stats = {
    dofs: s.stats.dofs,
    freeDofs: s.stats.freeDofs,
    nonzeros: 0,
    iterations: s.stats.iterations,
    relativeResidual: s.stats.largestResidual,
    assemblySeconds: s.stats.assemblySeconds,
    solveSeconds: s.stats.solveSeconds,
    solver: s.stats.solver,
  };
  const modes = s.modes.map((m, j) => {
    // A shape scaled by a negative sign holds -0 at held DOFs; replies cross JSON, which has no -0.
    for (let i = 0; i < m.shape.length; i++) if (m.shape[i] === 0) m.shape[i] = 0;
    const { stress, mises } = modeStress(p, m.shape);
    return {
      mode: j + 1,
      frequency_hz: m.frequencyHz,
      eigenvalue: m.eigenvalue,
      generalized_mass: m.generalizedMass,
      participation: s.participation.participation[j],
      effective_mass: s.participation.effectiveMass[j],
      solution: { displacement: m.shape, reaction, stress, mises, stats } satisfies StaticSolution,
    };
  });
  const modal: ModalSummary = {
    modes,
    total_mass: s.totalMass,
    movable: s.participation.movable,
    effective_mass_fraction: { x: s.participation.fraction.x, y: s.participation.fraction.y, z: s.participation.fraction.z },
    rigid_body_modes: s.rigidBodyModes,
    notes: s.notes,
  };
  return { ok: true, solution: { ...modes[0].solution, modal } };
}

export const FREQUENCY_ANALYSIS = {
  procedure: "frequency",
  label: "Natural frequencies",
  schema: frequencyProcedure,
  command: "solve.frequency",
  // Rigid modes of a free piece are expected (the solve names them); pieces apart are worth a word.
  connectivity: { pieces: "warning" },
  checkStep(model, step) {
    const errors: CheckItem[] = [];
    const warnings: CheckItem[] = [];
    for (const m of model.definitions.materials)
      if (m.density === undefined) errors.push({ item: `material ${m.name}`, message: `has no density, which step ${step.name} (frequency) needs for the mass`, command: "model.material.create" });
    if (step.boundary_conditions.length === 0)
      warnings.push({ item: `step ${step.name}`, message: "holds no boundary condition: the model is free, so its six rigid-body modes come out near 0 Hz", command: "model.boundary_condition.create" });
    return { errors, warnings };
  },
  problem: (model, step) => frequencyProblem(model, step),
  solve,
  applied: (p) => new Float64Array(p.problem.mesh.nodes.length),
  // Each mode's shape is stored like a static solution (the first mode's is the step's `solution`).
  stored: STATIC_ANALYSIS.stored,
  // Mode shapes offer the static fields (displacement, components, stresses from the shape).
  fields: STATIC_ANALYSIS.fields,
  // The supports only: a frequency step has no loads (any it lists are not part of the eigenproblem).
  deckStep(model, step) {
    const boundaries = step.boundary_conditions.flatMap((name) => {
      const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
      if (bc.type === "symmetry") return [symmetryDeckBoundary(model, bc)];
      const components = heldComponents(bc).map((h) => h.component + 1);
      return components.length ? [{ nset: bc.target.set, components, value: 0 }] : [];
    });
    return { boundaries, cloads: [], pressures: [] };
  },
  decks: (p: FrequencyProcedure) => frequencyDeck({ modes: p.modes, minHz: p.min_hz, maxHz: p.max_hz }),
} satisfies AnalysisRow<FrequencyRowProblem, (typeof STATIC_ANALYSIS.fields)[number]["name"], StaticSolution>;
