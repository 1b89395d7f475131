// Reference points and what acts through them: the point, its coupling to a face set, and the loads and
// holds on it (listed in a step's `loads` and `boundary_conditions` with the others). Static steps solve them.
import { z } from "zod";
import { addDefinition, lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { couplingSchema, pointConditionSchema, pointLoadSchema, referencePointSchema } from "../../model/reference-point-schemas.js";
import type { Model } from "../../model/types.js";
import { defineCommand } from "../types.js";
import { clearedResults, resultsCleared } from "../result-parts.js";

/** Step lists hold both kinds of loads (and of conditions) by name, so a name may be used by one of them only. */
function refuseShared(model: Model, kind: "loads" | "boundary_conditions", name: string): void {
  if ((model.definitions[kind] as { name: string }[]).some((d) => d.name === name))
    throw new ModelError(`params.name: a ${kind === "loads" ? "load" : "boundary condition"} named \`${name}\` exists already; choose another name`);
}

export const modelReferencePointCreateCommand = defineCommand({
  id: "model.reference_point.create",
  label: "Create reference point",
  description:
    "A named point [x, y, z] with six unknowns (three translations, three rotations), coupled to a face set by model.coupling.create; loads (forces, moments) and holds (displacements, rotations) act on it through model.reference_point.load and model.reference_point.hold. Static steps solve it.",
  params: referencePointSchema,
  result: z.object({ reference_point: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    return { result: { reference_point: params.name }, model: addDefinition(ctx.model, "reference_points", params, ctx.caps.maxDefinitions) };
  },
});

export const modelCouplingCreateCommand = defineCommand({
  id: "model.coupling.create",
  label: "Create coupling",
  description:
    "Couples a reference point to a set of faces: `kinematic` (the face's nodes follow the point rigidly, in all or the chosen translation components; *KINEMATIC, RBE2) or `distributing` (the point's force and moment spread over the face by nodal area, the point moving as the face's weighted average; *DISTRIBUTING, RBE3). One coupling per point.",
  params: couplingSchema,
  result: z.object({ coupling: z.string(), ...resultsCleared }),
  requires: ["set"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "reference_points", params.reference_point, "params.reference_point");
    const set = lookup(ctx.model, "sets", params.set, "params.set");
    if (!set.geometry.some((m) => "face" in m && m.face !== undefined) && !set.geometry.some((m) => !("face" in m) && !("edge" in m)))
      throw new ModelError(`params.set: set \`${set.name}\` has no faces (only ids or edges); a coupling needs a set of faces ({body, face} members)`);
    const taken = (ctx.model.definitions.couplings ?? []).find((c) => c.reference_point === params.reference_point);
    if (taken) throw new ModelError(`params.reference_point: point \`${params.reference_point}\` is already coupled by \`${taken.name}\`; give each point one coupling`);
    const next = addDefinition(ctx.model, "couplings", params, ctx.caps.maxDefinitions);
    return { result: { coupling: params.name, ...clearedResults(ctx.model, next, "couplings") }, model: next };
  },
});

export const modelReferencePointLoadCommand = defineCommand({
  id: "model.reference_point.load",
  label: "Load reference point",
  description: "A force and/or a moment on a reference point; list it in a static step's `loads`. The point's coupling carries it to the model.",
  params: pointLoadSchema,
  result: z.object({ load: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "reference_points", params.reference_point, "params.reference_point");
    refuseShared(ctx.model, "loads", params.name);
    return { result: { load: params.name }, model: addDefinition(ctx.model, "point_loads", params, ctx.caps.maxDefinitions) };
  },
});

export const modelReferencePointHoldCommand = defineCommand({
  id: "model.reference_point.hold",
  label: "Hold reference point",
  description:
    "Prescribes displacements (u1..u3) and rotations (ur1..ur3, radians) of a reference point (0 holds it); list it in a static step's `boundary_conditions`. Needs a kinematic coupling (a distributing one only passes loads on).",
  params: pointConditionSchema,
  result: z.object({ boundary_condition: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "reference_points", params.reference_point, "params.reference_point");
    refuseShared(ctx.model, "boundary_conditions", params.name);
    return { result: { boundary_condition: params.name }, model: addDefinition(ctx.model, "point_conditions", params, ctx.caps.maxDefinitions) };
  },
});
