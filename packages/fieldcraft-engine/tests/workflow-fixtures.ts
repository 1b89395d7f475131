// The stepped block of the corpus and the seed's set-up batch, shared by the workflow tests.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const STEPS = path.join(here, "corpus", "stepped-block", "steps.solidcraft");
/** The corpus' L-shaped bracket: one extrusion, the sweepable case of the hex and seed tests. */
export const L_BRACKET = path.join(here, "corpus", "l-bracket", "l-bracket.solidcraft");

/** The batch of set-up commands exactly as the seed writes them. */
export const SEED_BATCH = [
  { command: "model.units", params: { system: "mm-t-s-N-MPa" } },
  { command: "model.set.create", params: { name: "all", geometry: [{ body: "Steps" }] } },
  { command: "model.set.create", params: { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }] } },
  { command: "model.set.create", params: { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }] } },
  { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 } },
  { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
  { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "root" } } },
  { command: "model.load.create", params: { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -1000] } },
  { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] } },
];
