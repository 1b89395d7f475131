// Reference points, their couplings to faces, and the loads and holds that act on them: the shape of each
// definition, which is also the parameters of the command that creates it and its form in `.fieldcraft` files.
import { z } from "zod";
import { displacementComponents, itemName, vector3 } from "./schema-parts.js";

const pointRef = itemName("Reference point (model.reference_point.create)");

export const referencePointSchema = z
  .object({
    name: itemName("Reference point name"),
    point: vector3("length", "Where the point is [x, y, z]"),
  })
  .strict();

export const couplingSchema = z
  .object({
    name: itemName("Coupling name"),
    type: z
      .enum(["kinematic", "distributing"])
      .describe(
        "`kinematic`: the face's nodes follow the point rigidly (u_i = u_R + theta_R x (x_i - x_R)); `distributing`: the point's force and moment are spread over the face's nodes by their areas (RBE3, CalculiX *DISTRIBUTING), and the point moves as their weighted average",
      ),
    reference_point: pointRef,
    set: itemName("Set of faces the point is coupled to (model.set.create with {body, face} members)"),
    dofs: z
      .array(z.number().int().min(1).max(3))
      .min(1)
      .max(3)
      .optional()
      .describe("Kinematic only: the translation components (1..3) of the face nodes that follow the point (default all three)"),
  })
  .strict()
  .refine((c) => c.type === "kinematic" || c.dofs === undefined, { message: "`dofs` applies to kinematic couplings only" })
  .refine((c) => c.dofs === undefined || new Set(c.dofs).size === c.dofs.length, { message: "`dofs` lists a component twice" });

export const pointLoadSchema = z
  .object({
    name: itemName("Load name (listed in a step's `loads`)"),
    reference_point: pointRef,
    force: vector3("force", "Force [Fx, Fy, Fz] at the point").optional(),
    moment: vector3("moment", "Moment [Mx, My, Mz] about the point").optional(),
  })
  .strict()
  .refine((l) => l.force !== undefined || l.moment !== undefined, { message: "give `force`, `moment` or both" });

const rotation = (axis: string) => z.number().finite().describe(`Rotation about ${axis} (radians)`).optional();

export const pointConditionSchema = z
  .object({
    name: itemName("Boundary condition name (listed in a step's `boundary_conditions`)"),
    reference_point: pointRef,
    components: z
      .object({
        ...displacementComponents(),
        ur1: rotation("x"),
        ur2: rotation("y"),
        ur3: rotation("z"),
      })
      .strict()
      .refine((c) => Object.values(c).some((v) => v !== undefined), { message: "give at least one of u1, u2, u3, ur1, ur2, ur3" })
      .describe("The components to prescribe (0 holds); the others stay free"),
  })
  .strict();

export type ReferencePointDefinition = z.output<typeof referencePointSchema>;
export type CouplingDefinition = z.output<typeof couplingSchema>;
export type PointLoadDefinition = z.output<typeof pointLoadSchema>;
export type PointConditionDefinition = z.output<typeof pointConditionSchema>;

/** The point components in order: index k is DOF k + 1 of the reference node in the decks. */
export const POINT_COMPONENTS = ["u1", "u2", "u3", "ur1", "ur2", "ur3"] as const;
