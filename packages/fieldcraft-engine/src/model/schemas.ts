// The shape of each definition, which is also the parameters of the command that creates it and the way it is
// stored in `.fieldcraft` files. Closed objects, documented fields, physical dimensions as `x-dimension`.
import { z } from "zod";
import { PROCEDURE_SCHEMAS } from "./analyses/index.js";
import { displacementComponents, itemName, quantity, targetSchema, vector3 } from "./schema-parts.js";
import { couplingSchema, pointConditionSchema, pointLoadSchema, referencePointSchema } from "./reference-point-schemas.js";

const bodyName = z.string().min(1).max(200).describe("Body name (geometry.bodies)");
// One closed object rather than a union of three, so a bad member gets a message about its own field.
const setMember = z
  .object({
    body: bodyName,
    face: z.string().min(1).max(300).optional().describe("Persistent face name, e.g. `F1:-x` (geometry.bodies lists them)"),
    edge: z.string().min(1).max(600).optional().describe("Persistent edge name `<face>|<face>`"),
  })
  .strict()
  .refine((m) => m.face === undefined || m.edge === undefined, { message: "give `face` or `edge`, not both" })
  .describe("`{body}` (its elements, nodes and boundary facets), `{body, face}` (the face's facets and nodes) or `{body, edge}` (the edge's nodes)");

const ids = z.array(z.number().int().positive()).max(10_000_000);

export const setSchema = z
  .object({
    name: itemName("Set name"),
    geometry: z.array(setMember).max(10_000).default([]).describe("Geometry members: bodies, faces and edges by persistent name"),
    nodes: ids.default([]).describe("1-based node ids"),
    elements: ids.default([]).describe("1-based element ids"),
  })
  .strict();

const isotropic = z
  .object({
    type: z.literal("isotropic"),
    young: quantity("stress", "Young's modulus").positive(),
    poisson: z.number().gt(-1).lt(0.5).describe("Poisson's ratio, between -1 and 0.5 (exclusive)"),
  })
  .strict()
  .describe("Isotropic linear elasticity");

export const materialSchema = z
  .object({
    name: itemName("Material name"),
    elastic: z.discriminatedUnion("type", [isotropic]).optional().describe("Elastic behaviour (solids; a fluid material gives `fluid` instead)"),
    density: quantity("density", "Mass density (frequency steps need it)").positive().optional(),
    conductivity: quantity("conductivity", "Thermal conductivity, isotropic (heat steps need it)").positive().optional(),
    specific_heat: quantity("specific_heat", "Specific heat capacity (kept for transient heat; steady heat does not use it)").positive().optional(),
    fluid: z
      .object({
        density: quantity("density", "Mass density of the fluid (0: Stokes flow, no inertia)").min(0),
        viscosity: quantity("viscosity", "Dynamic viscosity").positive(),
      })
      .strict()
      .optional()
      .describe("A Newtonian fluid (fluid steps need it)"),
  })
  .strict()
  // Only what the analyses need: elastic (static, frequency, explicit), conductivity (heat), fluid (fluid steps).
  .refine((m) => m.elastic !== undefined || m.conductivity !== undefined || m.fluid !== undefined, {
    message: "give `elastic` (stress analyses), `conductivity` (heat) or `fluid` (fluid steps)",
  });

export const sectionSchema = z
  .object({
    name: itemName("Section name"),
    set: itemName("Set whose elements the section covers (a set of bodies or element ids)"),
    material: itemName("Material name (model.material.create)"),
    kind: z
      .discriminatedUnion("type", [
        z.object({ type: z.literal("solid") }).strict().describe("Continuum solid elements"),
        z.object({ type: z.literal("plane_stress"), thickness: quantity("length", "Plate thickness").positive() }).strict().describe("Plane stress (CPS meshes): a thin plate loaded in its plane"),
        z.object({ type: z.literal("plane_strain"), thickness: quantity("length", "Out-of-plane length (default 1)").positive().optional() }).strict().describe("Plane strain (CPE meshes): a long prismatic part"),
        z.object({ type: z.literal("axisymmetric") }).strict().describe("Axisymmetric (CAX meshes) about the y axis of the plane, x the radius; forces and reactions for the full circle"),
        z.object({ type: z.literal("fluid") }).strict().describe("A fluid region (fluid steps; C3D10 meshes, Taylor-Hood elements)"),
      ])
      .describe("Section kind: solid for 3D meshes; plane_stress, plane_strain or axisymmetric for planar meshes of the matching family"),
  })
  .strict();

const bcName = itemName("Boundary condition name");
const amplitudeRef = itemName("Amplitude (model.amplitude.create) scaling it over time in explicit steps; without one it applies in full from t = 0").optional();
export const boundaryConditionSchema = z.discriminatedUnion("type", [
  z.object({ name: bcName, type: z.literal("fixed").describe("All three displacements held at zero"), target: targetSchema }).strict(),
  z
    .object({
      name: bcName,
      type: z.literal("displacement").describe("Prescribed displacement components"),
      target: targetSchema,
      components: z
        .object({
          ...displacementComponents(),
        })
        .strict()
        .describe("The components to prescribe; the others stay free"),
      amplitude: amplitudeRef,
    })
    .strict(),
  z
    .object({
      name: bcName,
      type: z.literal("temperature").describe("Prescribed temperature (heat steps)"),
      target: targetSchema,
      value: quantity("temperature", "Temperature"),
    })
    .strict(),
  z
    .object({
      name: bcName,
      type: z
        .literal("velocity")
        .describe("Prescribed velocity: of the set's nodes in explicit steps (scaled by `amplitude`), or of the fluid in fluid steps (an inlet, or a moving wall; `profile`)"),
      target: targetSchema,
      vector: vector3("velocity", "Velocity [vx, vy, vz]; with profile `parabolic`, the velocity at the face's centre"),
      amplitude: amplitudeRef,
      profile: z
        .enum(["uniform", "parabolic"])
        .optional()
        .describe("Fluid steps: `uniform` (default) or `parabolic`: the product of parabolas across the face's extent in its plane, zero on its rim (fully developed inflow)"),
    })
    .strict(),
  z.object({ name: bcName, type: z.literal("wall").describe("A fluid no-slip wall: zero velocity"), target: targetSchema }).strict(),
  z
    .object({
      name: bcName,
      type: z.literal("outlet").describe("A fluid outlet: prescribed pressure, no other constraint (the natural, traction-free condition)"),
      target: targetSchema,
      pressure: quantity("pressure", "Pressure at the outlet"),
    })
    .strict(),
]);

/** A symmetry condition: stored with the other boundary conditions, made by model.boundary_condition.symmetry. */
export const symmetryConditionSchema = z
  .object({
    name: bcName,
    type: z.literal("symmetry").describe("Zero displacement normal to the datum plane at the nodes on it"),
    datum: itemName("Datum plane (geometry.datum)"),
  })
  .strict();

/** Every boundary condition as stored in `.fieldcraft` files. */
export const storedBoundaryConditionSchema = z.union([boundaryConditionSchema, symmetryConditionSchema]);

const loadName = itemName("Load name");
export const loadSchema = z.discriminatedUnion("type", [
  z
    .object({
      name: loadName,
      type: z.literal("force").describe("Total force vector spread over the set"),
      target: targetSchema,
      vector: vector3("force", "Total force [Fx, Fy, Fz]"),
      amplitude: amplitudeRef,
    })
    .strict(),
  z
    .object({
      name: loadName,
      type: z.literal("pressure").describe("Uniform pressure on the set's faces"),
      target: targetSchema,
      magnitude: quantity("pressure", "Pressure, positive pushing into the body"),
      amplitude: amplitudeRef,
    })
    .strict(),
  z
    .object({
      name: loadName,
      type: z.literal("gravity").describe("Gravity (a uniform acceleration field) on the set's elements, from their density (explicit steps)"),
      target: targetSchema,
      vector: vector3("acceleration", "Acceleration of gravity [gx, gy, gz], e.g. [0, 0, -9810] mm/s^2"),
      amplitude: amplitudeRef,
    })
    .strict(),
  z
    .object({
      name: loadName,
      type: z.literal("heat_flux").describe("Uniform heat flux on the set's faces (heat steps)"),
      target: targetSchema,
      value: quantity("heat_flux", "Heat flux per area, positive into the body"),
    })
    .strict(),
  z
    .object({
      name: loadName,
      type: z.literal("film").describe("Convection h (T - T_sink) from the set's faces (heat steps)"),
      target: targetSchema,
      coefficient: quantity("film_coefficient", "Film coefficient h").min(0),
      sink: quantity("temperature", "Sink (ambient) temperature"),
    })
    .strict(),
  z
    .object({
      name: loadName,
      type: z.literal("body_heat").describe("Uniform heat source in the set's elements (heat steps)"),
      target: targetSchema,
      value: quantity("heat_source", "Heat generated per volume"),
    })
    .strict(),
]);

export const stepSchema = z
  .object({
    name: itemName("Step name"),
    procedure: z.discriminatedUnion("type", PROCEDURE_SCHEMAS).describe("Analysis procedure"),
    boundary_conditions: z.array(itemName("Boundary condition name")).max(10_000).default([]).describe("Boundary conditions active in the step"),
    loads: z.array(itemName("Load name")).max(10_000).default([]).describe("Loads active in the step"),
  })
  .strict();

/** A time function for explicit steps: piecewise linear points (held beyond their ends) or a smooth step. */
export const amplitudeSchema = z
  .object({
    name: itemName("Amplitude name"),
    points: z
      .array(z.tuple([quantity("time", "Time"), z.number().finite().describe("Factor")]))
      .min(1)
      .max(100_000)
      .refine((ps) => ps.every((p, i) => i === 0 || p[0] > ps[i - 1][0]), { message: "times must increase strictly from point to point" })
      .optional()
      .describe("[[t, factor], ...]: piecewise linear, held constant before the first and after the last point"),
    smooth_step: z
      .object({ t0: quantity("time", "Start (factor 0 before)").min(0), t1: quantity("time", "End (factor 1 after)") })
      .strict()
      .refine((s) => s.t1 > s.t0, { message: "t1 must be greater than t0" })
      .optional()
      .describe("A smooth step from 0 at t0 to 1 at t1 (zero slope and curvature at both ends, as Abaqus SMOOTH STEP)"),
  })
  .strict()
  .refine((a) => (a.points === undefined) !== (a.smooth_step === undefined), { message: "give `points` or `smooth_step` (one of them)" });

/** Initial conditions of explicit steps: a velocity on a set's nodes at t = 0. */
export const initialConditionSchema = z
  .object({
    name: itemName("Initial condition name"),
    type: z.literal("velocity").describe("Initial velocity (explicit steps)"),
    target: targetSchema,
    vector: vector3("velocity", "Velocity [vx, vy, vz] at t = 0"),
  })
  .strict();

/** Every stored definition, by kind: what a `.fieldcraft` file holds and `model.summary` reports. */
export const definitionsShape = {
  sets: z.array(setSchema),
  materials: z.array(materialSchema),
  sections: z.array(sectionSchema),
  boundary_conditions: z.array(storedBoundaryConditionSchema),
  loads: z.array(loadSchema),
  steps: z.array(stepSchema),
  amplitudes: z.array(amplitudeSchema).optional(),
  initial_conditions: z.array(initialConditionSchema).optional(),
  reference_points: z.array(referencePointSchema).optional(),
  couplings: z.array(couplingSchema).optional(),
  point_loads: z.array(pointLoadSchema).optional(),
  point_conditions: z.array(pointConditionSchema).optional(),
};
