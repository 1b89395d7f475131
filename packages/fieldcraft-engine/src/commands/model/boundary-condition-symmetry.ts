// `model.boundary_condition.symmetry`: zero displacement normal to a datum plane at the mesh nodes on it.
import { z } from "zod";
import { addDefinition } from "../../model/definitions.js";
import { planeOf } from "../../model/partitions.js";
import { symmetryNodes } from "../../model/problem.js";
import { itemName } from "../params.js";
import { vec3 } from "../result-parts.js";
import { defineCommand } from "../types.js";

export const modelBoundaryConditionSymmetryCommand = defineCommand({
  id: "model.boundary_condition.symmetry",
  label: "Symmetry condition",
  description:
    "Holds the mesh nodes that lie on a datum plane (within 1e-9 of the model's size) at zero displacement along its normal, for any plane orientation: a principal plane holds one component; an oblique plane a rotated local direction (solver elimination, `*TRANSFORM` in Abaqus decks). Refused when no node lies on the plane. Use it with half the load on a half model.",
  params: z.object({ name: itemName("Boundary condition name"), datum: itemName("Datum plane (geometry.datum)") }).strict(),
  result: z.object({ boundary_condition: z.string(), nodes: z.number().int().nonnegative().describe("Mesh nodes on the plane"), normal: vec3, oblique: z.boolean() }),
  requires: ["mesh"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    planeOf(ctx.model, params.datum, "params.datum");
    const { nodes, normal, axis } = symmetryNodes(ctx.model, { name: params.name, datum: params.datum });
    const model = addDefinition(ctx.model, "boundary_conditions", { name: params.name, type: "symmetry", datum: params.datum }, ctx.caps.maxDefinitions);
    return { result: { boundary_condition: params.name, nodes: nodes.length, normal: [...normal], oblique: axis < 0 }, model };
  },
});
