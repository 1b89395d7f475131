// The solver-neutral DeckModel of the model's steps: node and element sets, materials, sections, and per step
// the held components per node set, concentrated forces (loads already spread to nodes) and facet pressures.
import { deckTies } from "./tie-deck.js";
import { symmetryDeckBoundary, symmetryNodeSets } from "./symmetry-set.js";
import type { DeckModel, DeckStep } from "../decks/types.js";
import { sectionCoverage } from "./check.js";
import { analysisOf } from "./analyses/index.js";
import { lookup } from "./definitions.js";
import { ModelError } from "./errors.js";
import { heldComponents, resolvedTarget, stepForces } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";
import { unitSystem } from "./units.js";
import { explicitDefinitions } from "./analyses/explicit-deck.js";
import { refusePointsOutsideStatic, setItems } from "./reference-points.js";
import { deckPointStep, deckPoints } from "./reference-point-deck.js";

export function deckModel(model: Model, steps: StepDefinition[], heading: string): DeckModel {
  const mesh = model.mesh!.mesh;
  const { sectionOf, problems } = sectionCoverage(model);
  if (problems.length > 0) throw new ModelError(`${problems[0].item}: ${problems[0].message}`);
  const bare = sectionOf.filter((s) => s < 0).length;
  if (bare > 0) throw new ModelError(`${bare} of ${sectionOf.length} elements have no section: run model.section.create for a set that covers them`);
  const resolved = model.definitions.sets.map((s) => ({ name: s.name, r: resolvedTarget(model, s.name, `set ${s.name}`) }));
  const deckSteps: DeckStep[] = steps.map((step) => {
    const row = analysisOf(step);
    const decks = row.decks;
    const procedure = typeof decks === "function" ? decks(step.procedure as never) : decks;
    refusePointsOutsideStatic(model, step);
    const own = row.deckStep?.(model, step);
    if (own) return { name: step.name, procedure, ...own };
    const boundaries = setItems(model, step).boundary_conditions.flatMap((name) => {
      const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
      if (bc.type === "symmetry") return [symmetryDeckBoundary(model, bc)];
      // One line per distinct value keeps the deck compact: fixed is one entry with components 1..3.
      const byValue = new Map<number, number[]>();
      for (const { component, value } of heldComponents(bc)) byValue.set(value, [...(byValue.get(value) ?? []), component + 1]);
      return [...byValue].map(([value, components]) => ({ nset: bc.target.set, components, value }));
    });
    const forces = stepForces(model, step);
    const cloads: DeckStep["cloads"] = [];
    for (let i = 0; i < forces.length; i++) if (forces[i] !== 0) cloads.push({ node: Math.floor(i / 3), component: (i % 3) + 1, value: forces[i] });
    return { name: step.name, procedure, boundaries, cloads, pressures: [], ...deckPointStep(model, step) };
  });
  return {
    heading,
    units: unitSystem(model.units).id,
    mesh,
    nsets: [...resolved.map(({ name, r }) => ({ name, nodes: r.nodes })), ...symmetryNodeSets(model, steps)],
    elsets: resolved.filter(({ r }) => r.elements.length > 0).map(({ name, r }) => ({ name, elements: r.elements })),
    materials: model.definitions.materials.map((m) => ({
      name: m.name,
      young: m.elastic?.young ?? Number.NaN,
      poisson: m.elastic?.poisson ?? Number.NaN,
      ...(m.density !== undefined ? { density: m.density } : {}),
      ...(m.conductivity !== undefined ? { conductivity: m.conductivity } : {}),
      ...(m.specific_heat !== undefined ? { specificHeat: m.specific_heat } : {}),
    })),
    sections: model.definitions.sections.map((s) => ({ elset: s.set, material: s.material, ...(s.kind.type === "plane_stress" || s.kind.type === "plane_strain" ? { thickness: s.kind.thickness ?? 1 } : {}) })),
    steps: deckSteps,
    ...(mesh.ties?.length ? { ties: deckTies(mesh) } : {}),
    ...explicitDefinitions(model, steps),
    ...(model.definitions.couplings?.length ? { points: deckPoints(model) } : {}),
  };
}
