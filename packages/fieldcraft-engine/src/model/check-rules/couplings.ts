// model.check on reference points: a coupling whose point or set is gone, a load or hold on a point nothing couples,
// and a step that is not static in a model with couplings (its solve refuses them) are errors.
import type { CheckItem } from "../check.js";
import type { Model } from "../types.js";

export function couplingErrors(model: Model): CheckItem[] {
  const d = model.definitions;
  const points = new Set((d.reference_points ?? []).map((p) => p.name));
  const coupled = new Set((d.couplings ?? []).map((c) => c.reference_point));
  const out: CheckItem[] = [];
  for (const c of d.couplings ?? []) {
    if (!points.has(c.reference_point)) out.push({ item: `coupling ${c.name}`, message: `reference point \`${c.reference_point}\` does not exist`, command: "model.reference_point.create" });
    if (!d.sets.some((s) => s.name === c.set)) out.push({ item: `coupling ${c.name}`, message: `set \`${c.set}\` does not exist`, command: "model.set.create" });
  }
  for (const [kind, list] of [["load", d.point_loads ?? []], ["boundary condition", d.point_conditions ?? []]] as const)
    for (const item of list)
      if (!coupled.has(item.reference_point))
        out.push({ item: `${kind} ${item.name}`, message: `reference point \`${item.reference_point}\` has no coupling, so nothing carries it to the model`, command: "model.coupling.create" });
  if ((d.couplings ?? []).length > 0)
    for (const step of d.steps)
      if (step.procedure.type !== "static")
        out.push({ item: `step ${step.name}`, message: `is a ${step.procedure.type} step, and couplings are supported in static steps only: its solve refuses the model's couplings` });
  return out;
}
