// A steel plate 200 x 100 x 4 mm clamped along its short edge face (F1:-x), with a frequency step for its
// 10 lowest modes: the modal analysis of the seed, ready to solve.
import type { Definitions } from "../../model/types.js";

export const MODAL_PLATE_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [200, 100, 4] }] }],
};

export const MODAL_PLATE_MESH = { order: 2 as const, size: 20 };

export const MODAL_PLATE_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Plate" }], nodes: [], elements: [] },
    { name: "root", geometry: [{ body: "Plate", face: "F1:-x" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 }],
  sections: [{ name: "solid", set: "all", material: "Steel", kind: { type: "solid" } }],
  boundary_conditions: [{ name: "clamp", type: "fixed", target: { set: "root" } }],
  loads: [],
  steps: [{ name: "Modes", procedure: { type: "frequency", modes: 10 }, boundary_conditions: ["clamp"], loads: [] }],
};
