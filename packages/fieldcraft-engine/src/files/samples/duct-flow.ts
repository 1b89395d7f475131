// Water through a square duct: a 10 x 10 mm profile extruded 60 mm along z, a parabolic inflow of 5 mm/s at the
// centre on F1:start, no-slip side walls, the outlet F1:end at pressure 0, a steady fluid step (Re about 22 on
// the mean inlet velocity and the hydraulic diameter 10 mm). Units mm-t-s-N-MPa: density t/mm^3, viscosity MPa s.
import type { Definitions } from "../../model/types.js";

export const DUCT_FLOW_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [{ name: "Duct", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [10, 0], [10, 10], [0, 10]], from: 0, to: 60 }] }],
};

export const DUCT_FLOW_MESH = { order: 2 as const, size: 3.5 };

const face = (name: string) => ({ body: "Duct", face: name });

export const DUCT_FLOW_DEFINITIONS: Definitions = {
  sets: [
    { name: "fluid", geometry: [{ body: "Duct" }], nodes: [], elements: [] },
    { name: "inlet", geometry: [face("F1:start")], nodes: [], elements: [] },
    { name: "outlet", geometry: [face("F1:end")], nodes: [], elements: [] },
    { name: "walls", geometry: [1, 2, 3, 4].map((k) => face(`F1:side:${k}`)), nodes: [], elements: [] },
  ],
  // Water at 20 degrees: 998 kg/m^3, 1.0 mPa s.
  materials: [{ name: "Water", fluid: { density: 0.998e-9, viscosity: 1.0e-9 } }],
  sections: [{ name: "water", set: "fluid", material: "Water", kind: { type: "fluid" } }],
  boundary_conditions: [
    { name: "inflow", type: "velocity", target: { set: "inlet" }, vector: [0, 0, 5], profile: "parabolic" },
    { name: "no-slip", type: "wall", target: { set: "walls" } },
    { name: "exit", type: "outlet", target: { set: "outlet" }, pressure: 0 },
  ],
  loads: [],
  steps: [{ name: "Flow", procedure: { type: "fluid", steady: true }, boundary_conditions: ["inflow", "no-slip", "exit"], loads: [] }],
};
