// `static`: linear static analysis (small strain, isotropic elasticity) of a step's loads and supports.
import { z } from "zod";
import { STATIC_DECK } from "../../decks/procedures.js";
import { solveStatic } from "../../fem/solve-static.js";
import { equivalentNodalLoads } from "../../fem/couplings.js";
import type { StaticProblem } from "../../fem/types.js";
import type { CheckItem } from "../check.js";
import { ModelError } from "../errors.js";
import { planarProblem, prescribesMotion, staticProblem } from "../problem.js";
import { solvePlanar } from "../../fem/solve-planar.js";
import { meshFamily } from "../../mesh/types.js";
import type { AnalysisRow, ResultField } from "./types.js";

const DISPLACEMENT = ["u1", "u2", "u3"] as const;
const STRESS = ["s11", "s22", "s33", "s12", "s13", "s23"] as const;
type StaticField = "displacement" | (typeof DISPLACEMENT)[number] | "von_mises" | (typeof STRESS)[number];

const FIELDS: readonly ResultField<StaticField>[] = [
  {
    name: "displacement",
    dimension: "length",
    description: "displacement magnitude",
    read: ({ displacement: u }) => (n) => Math.hypot(u[3 * n], u[3 * n + 1], u[3 * n + 2]),
  },
  ...DISPLACEMENT.map((name, d): ResultField<StaticField> => ({ name, dimension: "length", description: `displacement component ${d + 1}`, read: ({ displacement: u }) => (n) => u[3 * n + d] })),
  { name: "von_mises", dimension: "stress", description: "von Mises stress", read: ({ mises }) => (n) => mises[n] },
  ...STRESS.map((name, s): ResultField<StaticField> => ({ name, dimension: "stress", description: `stress component ${name.toUpperCase()}`, read: ({ stress }) => (n) => stress[6 * n + s] })),
];

export const STATIC_ANALYSIS = {
  procedure: "static",
  label: "Linear static",
  schema: z.object({ type: z.literal("static").describe("Linear static") }).strict(),
  command: "solve.static",
  connectivity: { pieces: "error", restraint: "motion" },
  materials: ["elastic"],
  accepts: { loads: ["force", "pressure"], conditions: ["fixed", "displacement", "symmetry"] },
  checkStep(model, step) {
    const errors: CheckItem[] = [];
    const warnings: CheckItem[] = [];
    if (step.boundary_conditions.length === 0) {
      errors.push({ item: `step ${step.name}`, message: "holds no boundary condition: the body is free to move and a static solve fails", command: "model.boundary_condition.create" });
    } else if (step.loads.length === 0 && !prescribesMotion(model, step)) {
      warnings.push({ item: `step ${step.name}`, message: "holds no load and prescribes no displacement: its solution is zero", command: "model.load.create" });
    }
    return { errors, warnings };
  },
  problem(model, step) {
    if (step.boundary_conditions.length === 0) {
      throw new ModelError(`step ${step.name} holds no boundary condition, so the body is free to move: add one with model.boundary_condition.create and list it in the step`);
    }
    // Planar meshes (CPS, CPE, CAX) solve with two unknowns per node; results keep three per node (u3 = 0).
    return meshFamily(model.mesh!.mesh).planar ? planarProblem(model, step) : staticProblem(model, step);
  },
  solve: (problem, options) => (meshFamily(problem.mesh).planar ? solvePlanar(problem, options) : solveStatic(problem, options)),
  // Loads on reference points count as their equivalent on the coupled face (same resultant).
  applied: (problem) => (problem.points ? equivalentNodalLoads(problem.mesh, problem.forces, problem.points) : problem.forces),
  stored: { arrays: { displacement: 3, reaction: 3, stress: 6, mises: 1 }, appliedPerNode: 3 },
  fields: FIELDS,
  decks: STATIC_DECK,
} satisfies AnalysisRow<StaticProblem, StaticField>;
