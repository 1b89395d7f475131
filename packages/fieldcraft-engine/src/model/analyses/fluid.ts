// `fluid`: steady incompressible laminar flow (Navier-Stokes by Picard iterations, optionally then Newton; Stokes when the density is 0
// or the Reynolds number tiny) on C3D10 meshes with Taylor-Hood elements (src/fem/fluid). Conditions: `velocity`
// (inlets and moving walls, uniform or parabolic), `wall` (no slip), `outlet` (pressure); no loads.
import { z } from "zod";
import type { DeckProcedure } from "../../decks/procedures.js";
import { eachFacetPoint, type Facets } from "../../fem/loads.js";
import { solveFluid, type FluidProblem, type FluidSolution } from "../../fem/fluid/solve-fluid.js";
import type { Mesh } from "../../mesh/types.js";
import type { CheckItem } from "../check.js";
import { lookup } from "../definitions.js";
import { ModelError } from "../errors.js";
import { elementMaterials, resolvedTarget } from "../problem.js";
import type { Model, StepDefinition } from "../types.js";
import type { AnalysisRow, ResultField } from "./types.js";

type FluidField = "velocity" | "pressure" | "vorticity";

const FIELDS: readonly ResultField<FluidField, FluidSolution>[] = [
  {
    name: "velocity",
    dimension: "velocity",
    description: "fluid speed |u|",
    read: ({ velocity }) => (n) => Math.hypot(velocity[3 * n], velocity[3 * n + 1], velocity[3 * n + 2]),
  },
  { name: "pressure", dimension: "pressure", description: "fluid pressure (linear between the corner nodes)", read: ({ pressure }) => (n) => pressure[n] },
  { name: "vorticity", dimension: "vorticity", description: "vorticity magnitude |curl u|", read: ({ vorticity }) => (n) => vorticity[n] },
];

export const fluidProcedure = z
  .object({
    type: z.literal("fluid").describe("Steady incompressible laminar flow"),
    steady: z.literal(true).default(true).describe("Steady state (transient flow is not available)"),
    max_iterations: z.number().int().positive().max(1000).optional().describe("Most Picard (nonlinear) iterations (default 50)"),
    tolerance: z.number().gt(0).lt(1).optional().describe("Relative nonlinear residual at which the nonlinear iterations stop (default 1e-6)"),
    nonlinear: z
      .enum(["picard", "newton"])
      .optional()
      .describe("Nonlinear iterations: picard (default; Oseen, robust, linear convergence) or newton (picard_iterations Picard iterations, then Newton: quadratic convergence near the solution)"),
    picard_iterations: z.number().int().min(0).max(100).optional().describe("With nonlinear: newton, the Picard iterations before Newton, the Stokes solve counted (default 2)"),
  })
  .strict();

/** Refused for every format: none of the decks written here has an incompressible-flow procedure for these elements. */
const FLUID_DECK: DeckProcedure = { name: "fluid" };

/**
 * The parabolic inflow of a face: the product of parabolas across the face's extent along two in-plane axes
 * (the global axes least aligned with its normal, made orthogonal to it), 1 at the centre and 0 on the rim.
 * Exact fully developed flow for a circle's radial parabola it is not; for rectangles it is the usual choice.
 */
export function parabolicProfile(mesh: Mesh, facets: Facets, nodes: ArrayLike<number>): (n: number) => number {
  let nx = 0, ny = 0, nz = 0;
  eachFacetPoint(mesh, facets, (_nodes, _N, ax, ay, az) => {
    nx += ax; ny += ay; nz += az;
  });
  const len = Math.hypot(nx, ny, nz);
  if (!(len > 0)) throw new ModelError("a parabolic profile needs a set with faces");
  const n = [nx / len, ny / len, nz / len];
  const axes = [0, 1, 2].sort((a, b) => Math.abs(n[a]) - Math.abs(n[b])).slice(0, 2);
  const inPlane = axes.map((a) => {
    const e = [0, 0, 0];
    e[a] = 1;
    const d = e[0] * n[0] + e[1] * n[1] + e[2] * n[2];
    const v = e.map((c, i) => c - d * n[i]);
    const l = Math.hypot(v[0], v[1], v[2]);
    return v.map((c) => c / l);
  });
  const X = mesh.nodes;
  const along = (node: number, e: number[]) => X[3 * node] * e[0] + X[3 * node + 1] * e[1] + X[3 * node + 2] * e[2];
  const range = inPlane.map((e) => {
    let lo = Infinity, hi = -Infinity;
    for (let k = 0; k < nodes.length; k++) {
      const v = along(nodes[k], e);
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    return [lo, hi];
  });
  return (node) =>
    inPlane.reduce((f, e, i) => {
      const [lo, hi] = range[i];
      const s = hi > lo ? (along(node, e) - lo) / (hi - lo) : 0.5;
      return f * Math.max(0, 4 * s * (1 - s));
    }, 1);
}

export function fluidProblem(model: Model, step: StepDefinition): FluidProblem {
  if (step.procedure.type !== "fluid") throw new ModelError(`step ${step.name} is not a fluid step`);
  const mesh = model.mesh!.mesh;
  if (mesh.type !== "C3D10")
    throw new ModelError(`step ${step.name}: fluid steps need a quadratic tetrahedral mesh (C3D10: Taylor-Hood elements, quadratic velocity, linear pressure); the mesh is ${mesh.type}: run mesh.tet.generate {order: 2}`);
  const { elementMaterial } = elementMaterials(model);
  for (const s of model.definitions.sections)
    if (s.kind.type !== "fluid") throw new ModelError(`section ${s.name} is of kind ${s.kind.type}; a fluid step needs sections of kind fluid: recreate it with kind {type: "fluid"}`);
  const fluids = model.definitions.materials.map((m) => m.fluid ?? { density: Number.NaN, viscosity: Number.NaN });
  for (const i of new Set(elementMaterial))
    if (!model.definitions.materials[i].fluid)
      throw new ModelError(`material ${model.definitions.materials[i].name} has no fluid properties, which a fluid step needs: give it fluid {density, viscosity} (model.material.create)`);
  if (step.loads.length > 0)
    throw new ModelError(`step ${step.name}: fluid steps take no loads (gravity is ignored; drive the flow by velocity and outlet conditions): remove ${step.loads.map((l) => `\`${l}\``).join(", ")}`);
  const velocity = new Map<number, [number, number, number]>();
  const owner = new Map<number, string>();
  const walls = new Set<number>();
  const inlets: FluidProblem["inlets"] = [];
  const outlets: FluidProblem["outlets"] = [];
  for (const name of step.boundary_conditions) {
    const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
    if (bc.type === "symmetry")
      throw new ModelError(`step ${step.name}: symmetry condition ${bc.name} is structural; a fluid step takes velocity, wall and outlet conditions`);
    if (bc.type === "velocity" && bc.amplitude !== undefined)
      throw new ModelError(`step ${step.name}: velocity condition ${bc.name} has an amplitude, which only explicit steps use; a fluid step is steady`);
    const target = resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`);
    if (bc.type === "wall") {
      if (target.nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: its set \`${bc.target.set}\` holds no nodes of the mesh`);
      for (const n of target.nodes) walls.add(n);
    } else if (bc.type === "velocity") {
      if (target.nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: its set \`${bc.target.set}\` holds no nodes of the mesh`);
      const profile = bc.profile === "parabolic" ? parabolicProfile(mesh, target.facets, target.nodes) : () => 1;
      for (const n of target.nodes) {
        const f = profile(n);
        const v: [number, number, number] = [bc.vector[0] * f, bc.vector[1] * f, bc.vector[2] * f];
        const before = velocity.get(n);
        if (before && before.some((c, i) => c !== v[i]))
          throw new ModelError(`step ${step.name}: velocity conditions \`${owner.get(n)}\` and \`${bc.name}\` prescribe different velocities at node ${n + 1}`);
        velocity.set(n, v);
        owner.set(n, bc.name);
      }
      inlets.push({ name: bc.name, facets: target.facets, speed: Math.hypot(...bc.vector) });
    } else if (bc.type === "outlet") {
      if (target.facets.element.length === 0) throw new ModelError(`boundary condition ${bc.name}: an outlet needs faces; its set \`${bc.target.set}\` has none (use a set of faces)`);
      outlets.push({ name: bc.name, facets: target.facets, pressure: bc.pressure });
    } else
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} is a ${bc.type} condition, which a fluid step cannot use: list velocity, wall and outlet conditions`);
  }
  // No slip wins where a wall meets an inlet (the inlet's rim), so the two never conflict.
  for (const n of walls) velocity.set(n, [0, 0, 0]);
  const p = step.procedure as z.infer<typeof fluidProcedure>;
  return { mesh, elementMaterial, fluids, velocity, inlets, outlets, maxNonlinear: p.max_iterations ?? 50, nonlinearTolerance: p.tolerance ?? 1e-6, nonlinear: p.nonlinear, picardFirst: p.picard_iterations };
}

export const FLUID_ANALYSIS = {
  procedure: "fluid",
  label: "Steady incompressible flow",
  schema: fluidProcedure,
  command: "solve.fluid",
  materials: ["fluid"],
  accepts: { loads: [], conditions: ["velocity", "wall", "outlet"] },
  checkStep(model, step) {
    const errors: CheckItem[] = [];
    for (const s of model.definitions.sections)
      if (s.kind.type !== "fluid") errors.push({ item: `section ${s.name}`, message: `is of kind ${s.kind.type}; step ${step.name} (fluid) needs kind fluid`, command: "model.section.create" });
    const types = step.boundary_conditions.map((n) => model.definitions.boundary_conditions.find((b) => b.name === n)?.type);
    if (!types.some((t) => t === "velocity" || t === "wall"))
      errors.push({ item: `step ${step.name}`, message: "prescribes the velocity nowhere: add a velocity (inlet) or wall condition", command: "model.boundary_condition.create" });
    if (model.mesh && model.mesh.mesh.type !== "C3D10")
      errors.push({ item: "mesh", message: `is ${model.mesh.mesh.type}; step ${step.name} (fluid) needs C3D10 (quadratic tetrahedra)`, command: "mesh.tet.generate" });
    return { errors, warnings: [] };
  },
  problem: fluidProblem,
  solve: solveFluid,
  applied: () => new Float64Array(0),
  stored: { arrays: { velocity: 3, pressure: 1, vorticity: 1 }, appliedPerNode: 3 },
  fields: FIELDS,
  deckStep(_model, step) {
    throw new ModelError(
      `step ${step.name} is a fluid step: none of the deck formats written here (Abaqus/CalculiX, Nastran, LS-DYNA implicit) expresses steady incompressible flow on these elements; write the other steps (deck.write {steps: [...]})`,
    );
  },
  decks: FLUID_DECK,
} satisfies AnalysisRow<FluidProblem, FluidField, FluidSolution>;
