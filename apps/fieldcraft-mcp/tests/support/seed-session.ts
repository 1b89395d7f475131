// The set-up batch of the seed's typical session, command for command as the seed writes it.
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
