// Symmetry conditions in decks: the nodes on the plane as a node set of their own, held along the plane's normal
// (a principal component, or local direction 1 of a rotated frame for an oblique plane).
import type { DeckModel, DeckStep } from "../decks/types.js";
import { lookup } from "./definitions.js";
import { symmetryNodes } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";
import { setItems } from "./reference-points.js";

export const symmetrySetName = (bc: string) => `symmetry-${bc}`;

export function symmetryDeckBoundary(model: Model, bc: { name: string; datum: string }): DeckStep["boundaries"][number] {
  const { normal, axis } = symmetryNodes(model, bc);
  return axis >= 0 ? { nset: symmetrySetName(bc.name), components: [axis + 1], value: 0 } : { nset: symmetrySetName(bc.name), components: [1], value: 0, normal };
}

export function symmetryNodeSets(model: Model, steps: StepDefinition[]): DeckModel["nsets"] {
  const names = new Set(steps.flatMap((s) => setItems(model, s).boundary_conditions));
  return [...names].flatMap((name) => {
    const bc = lookup(model, "boundary_conditions", name, "step");
    return bc.type === "symmetry" ? [{ name: symmetrySetName(bc.name), nodes: symmetryNodes(model, bc).nodes }] : [];
  });
}
