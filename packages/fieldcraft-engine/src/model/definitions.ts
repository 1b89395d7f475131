// Pure updates of a model's definitions: each returns a new model and drops the results the change makes stale
// (and only those: a set, a material or a load that nothing solved refers to changes no result).
import { ModelError, nameList } from "./errors.js";
import { deepFreeze } from "./freeze.js";
import type { DefinitionKind, Definitions, Model, StepDefinition } from "./types.js";

const SINGULAR: Record<DefinitionKind, string> = {
  sets: "set",
  materials: "material",
  sections: "section",
  boundary_conditions: "boundary condition",
  loads: "load",
  steps: "step",
  amplitudes: "amplitude",
  initial_conditions: "initial condition",
  reference_points: "reference point",
  couplings: "coupling",
  point_loads: "point load",
  point_conditions: "point boundary condition",
};

const CREATOR: Record<DefinitionKind, string> = {
  sets: "model.set.create",
  materials: "model.material.create",
  sections: "model.section.create",
  boundary_conditions: "model.boundary_condition.create",
  loads: "model.load.create",
  steps: "model.step.create",
  amplitudes: "model.amplitude.create",
  initial_conditions: "model.initial_condition.create",
  reference_points: "model.reference_point.create",
  couplings: "model.coupling.create",
  point_loads: "model.reference_point.load",
  point_conditions: "model.reference_point.hold",
};

/**
 * Which solved steps a new item of each kind changes. A new name is referred to by nothing solved yet (steps list
 * loads and conditions when created; sections name their set and material), so most kinds change none; a section
 * gives elements their material (every step), an initial condition starts every explicit step.
 */
const CHANGES: Record<DefinitionKind, (step: StepDefinition) => boolean> = {
  sets: () => false,
  materials: () => false,
  sections: () => true,
  boundary_conditions: () => false,
  loads: () => false,
  steps: () => false,
  amplitudes: () => false,
  initial_conditions: (step) => step.procedure.type === "explicit",
  reference_points: () => false,
  // A coupling ties a face to its point in every static step (the others refuse couplings).
  couplings: (step) => step.procedure.type === "static",
  point_loads: () => false,
  point_conditions: () => false,
};

/** Why results a new item of `kind` drops are stale, for the reply's `results_cleared`. */
export const CLEARED_BECAUSE: Partial<Record<DefinitionKind, string>> = {
  sections: "a new section changes the material of the elements it covers",
  initial_conditions: "a new initial condition changes how explicit steps start",
  couplings: "a new coupling ties a face to its reference point in every static step",
};

export function names(model: Model, kind: DefinitionKind): string[] {
  return (model.definitions[kind] ?? []).map((d) => d.name);
}

/** The named item, or a refusal naming the parameter and the names that exist. */
export function lookup<K extends DefinitionKind>(model: Model, kind: K, name: string, param: string): NonNullable<Definitions[K]>[number] {
  const found = ((model.definitions[kind] ?? []) as NonNullable<Definitions[K]>[number][]).find((d) => d.name === name);
  if (found) return found;
  const existing = names(model, kind);
  const hint = existing.length ? `${SINGULAR[kind]}s: ${nameList(existing)}` : `there are none yet: run ${CREATOR[kind]} first`;
  throw new ModelError(`${param}: no ${SINGULAR[kind]} named \`${name}\`; ${hint}`);
}

// Names of a kind's list, by position, shared along a line of appends (each new list adds its item to its
// parent's index): the taken-name check costs the same however many items exist. A position is trusted only if
// the list holds that name there; a list made otherwise (a file opened) gets its index built once.
const nameIndex = new WeakMap<readonly { name: string }[], Map<string, number>>();

function indexOf(list: readonly { name: string }[]): Map<string, number> {
  let index = nameIndex.get(list);
  if (!index) {
    index = new Map(list.map((d, i) => [d.name, i]));
    nameIndex.set(list, index);
  }
  return index;
}

function hasName(list: readonly { name: string }[], name: string): boolean {
  const at = indexOf(list).get(name);
  if (at === undefined) return false;
  // Another line of appends (after an undo) may have moved the name: then look for it the slow way.
  return list[at]?.name === name || list.some((d) => d.name === name);
}

/** The model with the item added; a name already taken, or a kind at its cap (maxDefinitions), is refused. */
export function addDefinition<K extends DefinitionKind>(model: Model, kind: K, item: NonNullable<Definitions[K]>[number], maxDefinitions: number): Model {
  const old = (model.definitions[kind] ?? []) as NonNullable<Definitions[K]>;
  if (hasName(old, item.name)) {
    throw new ModelError(`params.name: a ${SINGULAR[kind]} named \`${item.name}\` exists already; choose another name`);
  }
  if (old.length >= maxDefinitions) {
    throw new ModelError(`the model holds ${old.length} ${SINGULAR[kind]}s, the cap maxDefinitions (${maxDefinitions}); remove some or raise the cap`);
  }
  // A frozen list holds frozen items only (deepFreeze freezes inside out), so the new list can be frozen here
  // with just its new item: the session's deepFreeze then skips it instead of walking every item again.
  const list = (Object.isFrozen(old) ? Object.freeze([...old, deepFreeze(item)]) : [...old, item]) as Definitions[K];
  const index = indexOf(old);
  index.set(item.name, old.length);
  nameIndex.set(list as readonly { name: string }[], index);
  const changed = new Set(model.definitions.steps.filter(CHANGES[kind]).map((s) => s.name));
  const results = Object.fromEntries(Object.entries(model.results).filter(([step]) => !changed.has(step)));
  return { ...model, definitions: { ...model.definitions, [kind]: list }, results };
}

export function definitionCounts(model: Model): Record<DefinitionKind, number> {
  const d = model.definitions;
  return {
    sets: d.sets.length,
    materials: d.materials.length,
    sections: d.sections.length,
    boundary_conditions: d.boundary_conditions.length,
    loads: d.loads.length,
    steps: d.steps.length,
    amplitudes: d.amplitudes?.length ?? 0,
    initial_conditions: d.initial_conditions?.length ?? 0,
    reference_points: d.reference_points?.length ?? 0,
    couplings: d.couplings?.length ?? 0,
    point_loads: d.point_loads?.length ?? 0,
    point_conditions: d.point_conditions?.length ?? 0,
  };
}
