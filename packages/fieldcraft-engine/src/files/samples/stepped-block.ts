// The stepped block of the seed's typical session, set up and ready to solve: a 100 x 20 x 10 mm bar with a
// 50 x 20 x 10 mm step on its root half, clamped at x = 0, pushed down by 1000 N on its free end.
import type { Definitions } from "../../model/types.js";

export const STEPPED_BLOCK_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    {
      name: "Steps",
      features: [
        { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
        { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
      ],
    },
  ],
};

export const STEPPED_BLOCK_MESH = { order: 2 as const, size: 5 };

export const STEPPED_BLOCK_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Steps" }], nodes: [], elements: [] },
    { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }], nodes: [], elements: [] },
    { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 }],
  sections: [{ name: "solid", set: "all", material: "Steel", kind: { type: "solid" } }],
  boundary_conditions: [{ name: "clamp", type: "fixed", target: { set: "root" } }],
  loads: [{ name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -1000] }],
  steps: [{ name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] }],
};
