// Reference points as the decks take them: each point with its coupling's face, and per step the loads and
// holds on the points by component (1..3 translations, 4..6 rotations).
import type { DeckPoint, DeckStep } from "../decks/types.js";
import { faceNodeAreas } from "../fem/couplings.js";
import { lookup } from "./definitions.js";
import { ModelError } from "./errors.js";
import { POINT_COMPONENTS } from "./reference-point-schemas.js";
import { isPointCondition, isPointLoad } from "./reference-points.js";
import { resolvedTarget } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";

export function deckPoints(model: Model): DeckPoint[] {
  const mesh = model.mesh!.mesh;
  return (model.definitions.reference_points ?? []).map((p) => {
    const c = (model.definitions.couplings ?? []).find((x) => x.reference_point === p.name);
    if (!c) return { name: p.name, coordinates: p.point };
    const { facets } = resolvedTarget(model, c.set, `coupling ${c.name}`);
    const face = faceNodeAreas(mesh, facets);
    return {
      name: p.name,
      coordinates: p.point,
      coupling: {
        name: c.name,
        kind: c.type,
        components: c.type === "kinematic" ? [...(c.dofs ?? [1, 2, 3])].sort() : [1, 2, 3, 4, 5, 6],
        facets: Array.from(facets.element, (element, k) => ({ element, side: facets.side[k] })),
        nodes: face.nodes,
        weights: face.areas,
      },
    };
  });
}

export function deckPointStep(model: Model, step: StepDefinition): Required<Pick<DeckStep, "pointLoads" | "pointBoundaries">> {
  // Only coupled points reach a deck (as only they reach the solver): a load or hold on another is refused alike.
  const index = (name: string, item: string) => {
    if (!(model.definitions.couplings ?? []).some((c) => c.reference_point === name))
      throw new ModelError(`${item}: reference point \`${name}\` has no coupling, so nothing carries it: run model.coupling.create`);
    return (model.definitions.reference_points ?? []).findIndex((p) => p.name === name);
  };
  const pointLoads: DeckStep["pointLoads"] & object = [];
  for (const name of step.loads.filter((n) => isPointLoad(model, n))) {
    const l = lookup(model, "point_loads", name, `step ${step.name}`);
    const values = [...(l.force ?? [0, 0, 0]), ...(l.moment ?? [0, 0, 0])];
    values.forEach((value, k) => value !== 0 && pointLoads.push({ point: index(l.reference_point, `load ${l.name}`), component: k + 1, value }));
  }
  const pointBoundaries: DeckStep["pointBoundaries"] & object = [];
  for (const name of step.boundary_conditions.filter((n) => isPointCondition(model, n))) {
    const h = lookup(model, "point_conditions", name, `step ${step.name}`);
    POINT_COMPONENTS.forEach((k, c) => h.components[k] !== undefined && pointBoundaries.push({ point: index(h.reference_point, `boundary condition ${h.name}`), component: c + 1, value: h.components[k]! }));
  }
  return { pointLoads, pointBoundaries };
}
