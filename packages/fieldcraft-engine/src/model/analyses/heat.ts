// `heat`: steady conduction with prescribed temperatures, surface fluxes, films and body heat.
import { z } from "zod";
import { HEAT_DECK } from "../../decks/procedures-modal-heat.js";
import { bodyHeatLoad, surfaceFluxLoad } from "../../fem/heat/boundary.js";
import { solveHeat, type HeatProblem, type HeatSolution } from "../../fem/heat/solve-heat.js";
import type { CheckItem } from "../check.js";
import { lookup } from "../definitions.js";
import { ModelError } from "../errors.js";
import { elementMaterials, planarSections, planarThickness, resolvedTarget } from "../problem.js";
import { meshFamily } from "../../mesh/types.js";
import type { Model, StepDefinition } from "../types.js";
import type { AnalysisRow, ResultField } from "./types.js";
import { fullyIntegrated } from "../../fem/full-integration.js";

type HeatField = "temperature" | "heat_flux";

const FIELDS: readonly ResultField<HeatField, HeatSolution>[] = [
  { name: "temperature", dimension: "temperature", description: "temperature", read: ({ temperature }) => (n) => temperature[n] },
  {
    name: "heat_flux",
    dimension: "heat_flux",
    description: "heat flux magnitude |k grad T|",
    read: ({ flux }) => (n) => Math.hypot(flux[3 * n], flux[3 * n + 1], flux[3 * n + 2]),
  },
];

export const heatProcedure = z
  .object({
    type: z.literal("heat").describe("Steady-state heat conduction"),
    steady: z.literal(true).default(true).describe("Steady state (transient heat is not available yet)"),
  })
  .strict();

/** Element -> conductivity index, the conductivities, and (planar meshes) each section's thickness and the loads' depth. */
function conductors(model: Model): { elementMaterial: Int32Array; conductivity: number[]; materialOf: number[]; thickness?: number[]; depth: number } {
  const materials = model.definitions.materials;
  if (meshFamily(model.mesh!.mesh).planar) {
    // Planar: a conductor per section (its material's conductivity, its thickness).
    const { elementMaterial, thickness, material } = planarSections(model);
    return { elementMaterial, conductivity: material.map((i) => materials[i].conductivity ?? Number.NaN), materialOf: material, thickness, depth: planarThickness(model) };
  }
  const { elementMaterial } = elementMaterials(model);
  return { elementMaterial, conductivity: materials.map((m) => m.conductivity ?? Number.NaN), materialOf: materials.map((_, i) => i), depth: 1 };
}

export function heatProblem(model: Model, step: StepDefinition): HeatProblem {
  const { elementMaterial, conductivity, materialOf, thickness, depth } = conductors(model);
  for (const i of new Set(elementMaterial))
    if (!(conductivity[i] > 0))
      throw new ModelError(`material ${model.definitions.materials[materialOf[i]].name} has no conductivity, which a heat step needs: give it one (model.material.create {conductivity})`);
  const mesh = model.mesh!.mesh;
  const prescribed = new Map<number, number>();
  const owner = new Map<number, string>();
  for (const name of step.boundary_conditions) {
    const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
    if (bc.type !== "temperature")
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} holds displacements, which a heat step cannot use: list a temperature condition instead`);
    const target = resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`);
    if (target.nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: its set \`${bc.target.set}\` holds no nodes of the mesh`);
    for (const n of target.nodes) {
      const before = prescribed.get(n);
      if (before !== undefined && before !== bc.value)
        throw new ModelError(`step ${step.name}: boundary conditions \`${owner.get(n)}\` and \`${bc.name}\` hold node ${n + 1} at different temperatures (${before} and ${bc.value})`);
      prescribed.set(n, bc.value);
      owner.set(n, bc.name);
    }
  }
  const heat = new Float64Array(mesh.nodes.length / 3);
  const films: HeatProblem["films"] = [];
  for (const name of step.loads) {
    const load = lookup(model, "loads", name, `step ${step.name}`);
    const target = resolvedTarget(model, load.target.set, `load ${load.name}`);
    const faces = () => {
      if (target.facets.element.length === 0) throw new ModelError(`load ${load.name}: its set \`${load.target.set}\` has no faces for the ${load.type} to act on`);
      return target.facets;
    };
    if (load.type === "heat_flux") surfaceFluxLoad(mesh, faces(), load.value, heat, depth);
    else if (load.type === "film") films.push({ facets: faces(), coefficient: load.coefficient, sink: load.sink, thickness: depth });
    else if (load.type === "body_heat") {
      if (target.elements.length === 0) throw new ModelError(`load ${load.name}: its set \`${load.target.set}\` has no elements for the body heat (use a set of bodies)`);
      bodyHeatLoad(fullyIntegrated(mesh), target.elements, load.value, heat, depth);
    } else throw new ModelError(`step ${step.name}: load ${load.name} is a ${load.type} load, which a heat step cannot use: list heat_flux, film or body_heat loads`);
  }
  // Tied interfaces: each slave's temperature interpolated on its master face, as its displacements are in statics.
  const ties = (mesh.ties ?? []).flatMap((t) => t.slaves.map((slave, k) => ({ slave, masters: t.masters[k], weights: t.weights[k] })));
  return { mesh, elementMaterial, conductivity, prescribed, heat, films, ...(thickness ? { thickness } : {}), ...(ties.length ? { ties } : {}) };
}

export const HEAT_ANALYSIS = {
  procedure: "heat",
  label: "Steady heat conduction",
  schema: heatProcedure,
  command: "solve.heat",
  connectivity: { pieces: "error", restraint: "temperature" },
  checkStep(model, step) {
    const errors: CheckItem[] = [];
    for (const m of model.definitions.materials)
      if (m.conductivity === undefined) errors.push({ item: `material ${m.name}`, message: `has no conductivity, which step ${step.name} (heat) needs`, command: "model.material.create" });
    const hasFilm = step.loads.some((n) => model.definitions.loads.find((l) => l.name === n)?.type === "film");
    if (step.boundary_conditions.length === 0 && !hasFilm)
      errors.push({ item: `step ${step.name}`, message: "fixes the temperature nowhere: add a temperature condition or a film", command: "model.boundary_condition.create" });
    return { errors, warnings: [] };
  },
  problem: heatProblem,
  solve: solveHeat,
  applied: (p) => p.heat,
  stored: { arrays: { temperature: 1, flux: 3, reaction: 1 }, appliedPerNode: 1 },
  fields: FIELDS,
  // Temperatures on DOF 11, the integrated fluxes and body heat as nodal heat (*CFLUX, the solver's own numbers),
  // films per element face (ccx integrates them with the same face rule).
  deckStep(model, step) {
    const p = heatProblem(model, step);
    const boundaries = step.boundary_conditions.map((name) => {
      const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
      if (bc.type !== "temperature") throw new ModelError(`step ${step.name}: boundary condition ${bc.name} is a ${bc.type} condition, which a heat step cannot use`);
      return { nset: bc.target.set, components: [11], value: bc.value };
    });
    const cloads = [];
    for (let n = 0; n < p.heat.length; n++) if (p.heat[n] !== 0) cloads.push({ node: n, component: 11, value: p.heat[n] });
    const films = p.films.flatMap((f) =>
      Array.from(f.facets.element, (element, k) => ({ element, side: f.facets.side[k], coefficient: f.coefficient, sink: f.sink })),
    );
    // The same fluxes and body heat as they were given, for the formats that write surface and volume heat cards.
    const fluxes: { element: number; side: number; value: number }[] = [];
    const bodyHeat: { element: number; value: number }[] = [];
    for (const name of step.loads) {
      const load = lookup(model, "loads", name, `step ${step.name}`);
      const target = resolvedTarget(model, load.target.set, `load ${load.name}`);
      if (load.type === "heat_flux") target.facets.element.forEach((element, k) => fluxes.push({ element, side: target.facets.side[k], value: load.value }));
      else if (load.type === "body_heat") for (const element of target.elements) bodyHeat.push({ element, value: load.value });
    }
    return { boundaries, cloads, pressures: [], films, fluxes, bodyHeat };
  },
  decks: HEAT_DECK,
} satisfies AnalysisRow<HeatProblem, HeatField, HeatSolution>;
