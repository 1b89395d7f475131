// What a command may need the session to hold first, how to tell, and which command provides it.
import { resultProvider } from "../model/analyses/index.js";
import type { Model } from "../model/types.js";

interface RequirementRow {
  /** "needs <what>" */
  what: string;
  held(model: Model): boolean;
  /** The command that provides it; results name the solve commands of the model's own steps. */
  provider: string | ((model: Model) => string);
}

export const REQUIREMENTS = {
  design: { what: "a design", held: (m) => m.design !== undefined, provider: "geometry.open" },
  mesh: { what: "a mesh", held: (m) => m.mesh !== undefined, provider: "mesh.tet.generate" },
  set: { what: "a set", held: (m) => m.definitions.sets.length > 0, provider: "model.set.create" },
  material: { what: "a material", held: (m) => m.definitions.materials.length > 0, provider: "model.material.create" },
  section: { what: "a section", held: (m) => m.definitions.sections.length > 0, provider: "model.section.create" },
  boundary_condition: {
    what: "a boundary condition",
    held: (m) => m.definitions.boundary_conditions.length > 0,
    provider: "model.boundary_condition.create",
  },
  load: { what: "a load", held: (m) => m.definitions.loads.length > 0, provider: "model.load.create" },
  step: { what: "a step", held: (m) => m.definitions.steps.length > 0, provider: "model.step.create" },
  // Results come from the analyses' solve commands (their rows in src/model/analyses).
  result: { what: "results", held: (m) => Object.keys(m.results).length > 0, provider: (m) => resultProvider(m) },
} satisfies Record<string, RequirementRow>;

export type Requirement = keyof typeof REQUIREMENTS;

/** One message per missing piece, each naming the command that provides it. */
export function requirementProvider(requirement: Requirement, model: Model): string {
  const row: RequirementRow = REQUIREMENTS[requirement];
  return typeof row.provider === "string" ? row.provider : row.provider(model);
}

export function missingRequirements(model: Model, requires: readonly Requirement[]): { requirement: Requirement; message: string; provider: string }[] {
  return requires
    .filter((r) => !REQUIREMENTS[r].held(model))
    .map((r) => {
      const provider = requirementProvider(r, model);
      return { requirement: r, provider, message: `needs ${REQUIREMENTS[r].what}: run ${provider} first` };
    });
}
