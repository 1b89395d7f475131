// Materials carry only the properties an analysis needs: each analysis row names the properties its steps read
// (static: elastic; heat: conductivity; ...), and a material a section uses that lacks one is named with it,
// as a model.check error and as the solve's refusal.
import type { CheckItem } from "./check.js";
import { ModelError } from "./errors.js";
import type { MaterialDefinition, Model, StepDefinition } from "./types.js";

export type MaterialProperty = "elastic" | "density" | "conductivity" | "fluid";

/** How each property is given to model.material.create. */
const GIVE: Record<MaterialProperty, string> = {
  elastic: "elastic {type: isotropic, young, poisson}",
  density: "density",
  conductivity: "conductivity",
  fluid: "fluid {density, viscosity}",
};

/** What a property is for, in the step's words. */
const FOR: Partial<Record<MaterialProperty, string>> = { density: " for the mass" };

/** Per material a section uses, the properties `needs` lists that it lacks. */
export function missingMaterialProperties(model: Model, step: StepDefinition, needs: readonly MaterialProperty[]): CheckItem[] {
  const used = new Set(model.definitions.sections.map((s) => s.material));
  const materials = model.definitions.materials.filter((m) => used.has(m.name));
  return materials.flatMap((m: MaterialDefinition) =>
    needs
      .filter((p) => m[p] === undefined)
      .map((p) => ({
        item: `material ${m.name}`,
        message: `has no ${p}, which step ${step.name} (${step.procedure.type}) needs${FOR[p] ?? ""}: give it ${GIVE[p]}`,
        command: "model.material.create",
      })),
  );
}

/** Refuses a step whose materials lack a property it needs, naming the material and the property. */
export function requireMaterialProperties(model: Model, step: StepDefinition, needs: readonly MaterialProperty[]): void {
  const [first] = missingMaterialProperties(model, step, needs);
  if (first) throw new ModelError(`${first.item} ${first.message}`);
}
