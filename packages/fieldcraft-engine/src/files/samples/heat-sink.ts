// An aluminium heat sink: a 60 x 40 x 5 mm base with five 2 mm fins 25 mm tall, 5 W into the base's underside
// (F1:-z) and convection (10 W/(m^2 K)) to 25 degrees from every surface, with a steady heat step.
// Units mm-t-s-N-MPa: conductivity mW/(mm K), flux mW/mm^2, film mW/(mm^2 K).
import type { Definitions } from "../../model/types.js";

const fins = [0, 1, 2, 3, 4].map((k) => ({ id: `F${k + 2}`, type: "box", min: [0, 2 + 9 * k, 5], max: [60, 4 + 9 * k, 30] }));

export const HEAT_SINK_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [{ name: "Sink", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [60, 40, 5] }, ...fins] }],
};

export const HEAT_SINK_MESH = { order: 2 as const, size: 4 };

export const HEAT_SINK_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Sink" }], nodes: [], elements: [] },
    { name: "base", geometry: [{ body: "Sink", face: "F1:-z" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Aluminium", elastic: { type: "isotropic", young: 70000, poisson: 0.33 }, density: 2.7e-9, conductivity: 200, specific_heat: 9e8 }],
  sections: [{ name: "solid", set: "all", material: "Aluminium", kind: { type: "solid" } }],
  boundary_conditions: [],
  loads: [
    { name: "power", type: "heat_flux", target: { set: "base" }, value: 5000 / 2400 },
    { name: "air", type: "film", target: { set: "all" }, coefficient: 0.01, sink: 25 },
  ],
  steps: [{ name: "Heat", procedure: { type: "heat", steady: true }, boundary_conditions: [], loads: ["power", "air"] }],
};
