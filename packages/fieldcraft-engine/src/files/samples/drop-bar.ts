// A steel bar 100 x 10 x 10 mm dropped end-on onto a rigid floor at 5 m/s: every node starts at -5000 mm/s along
// x, the end face F1:-x is held from t = 0. A compression wave of rho c v runs up the bar, reflects from the free end
// as unloading and arrives back at the floor at 2 L / c (about 39 us), when the bar leaves it. Explicit step `Drop`.
import type { Definitions } from "../../model/types.js";

export const DROP_BAR_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [{ name: "Bar", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }],
};

export const DROP_BAR_MESH = { order: 1 as const, size: 5 };

export const DROP_BAR_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Bar" }], nodes: [], elements: [] },
    { name: "floor", geometry: [{ body: "Bar", face: "F1:-x" }], nodes: [], elements: [] },
    { name: "top", geometry: [{ body: "Bar", face: "F1:+x" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 }],
  sections: [{ name: "solid", set: "all", material: "Steel", kind: { type: "solid" } }],
  boundary_conditions: [{ name: "floor", type: "fixed", target: { set: "floor" } }],
  loads: [],
  steps: [{ name: "Drop", procedure: { type: "explicit", duration: 4e-5, frames: 20 }, boundary_conditions: ["floor"], loads: [] }],
  initial_conditions: [{ name: "falling", type: "velocity", target: { set: "all" }, vector: [-5000, 0, 0] }],
};
