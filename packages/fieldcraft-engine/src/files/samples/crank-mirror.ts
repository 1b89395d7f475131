// The crank arm of the seed's "Partition, mesh half, mirror": two bosses joined by a thinner web, symmetric about
// y = 0, partitioned there (cells Crank/a, Crank/b), the half Crank/b meshed in hexahedra (C3D20) and mirrored, so
// the whole mesh is one conforming mesh whose halves are exact mirror images. Set up and ready to solve: clamped at
// the big boss's end, 2 kN down on the small boss's end. (solidcraft/1 has no holes, so the bosses are solid.)
import type { Caps } from "../../base/caps.js";
import { datumPlane } from "../../geometry/datum.js";
import { generateHexMesh } from "../../mesh/hex-design.js";
import { mirrorMesh } from "../../mesh/mirror.js";
import { ModelError } from "../../model/errors.js";
import { applyPartitions } from "../../model/partitions.js";
import type { Definitions, Model } from "../../model/types.js";
import { designFromSource } from "../design-file.js";

export const CRANK_DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    {
      name: "Crank",
      features: [
        { id: "Boss1", type: "box", min: [0, -20, 0], max: [40, 20, 20] },
        { id: "Web", type: "box", min: [40, -10, 5], max: [120, 10, 15] },
        { id: "Boss2", type: "box", min: [120, -15, 0], max: [150, 15, 20] },
      ],
    },
  ],
};

export const CRANK_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Crank" }], nodes: [], elements: [] },
    { name: "spindle", geometry: [{ body: "Crank", face: "Boss1:-x" }], nodes: [], elements: [] },
    { name: "pedal", geometry: [{ body: "Crank", face: "Boss2:+x" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 }],
  sections: [{ name: "solid", set: "all", material: "Steel", kind: { type: "solid" } }],
  boundary_conditions: [{ name: "clamp", type: "fixed", target: { set: "spindle" } }],
  loads: [{ name: "pedal-load", type: "force", target: { set: "pedal" }, vector: [0, 0, -2000] }],
  steps: [{ name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pedal-load"] }],
};

export function buildCrankMirror(caps: Caps): Model {
  const read = designFromSource(structuredClone(CRANK_DESIGN), "sample crank-mirror");
  const base: Model = {
    units: "mm-t-s-N-MPa",
    datums: [{ name: "sym", kind: "plane", by: { type: "offset", plane: "zx", offset: 0 } }],
    partitions: [{ name: "half", datum: "sym" }],
    definitions: structuredClone(CRANK_DEFINITIONS),
    results: {},
  };
  const design = applyPartitions(base, read, true).design;
  const half = generateHexMesh(design.design, { bodies: ["Crank/b"], size: 5, type: "C3D20", method: "auto", maxElements: caps.maxElements, maxNodes: caps.maxNodes });
  if (!half.ok) throw new ModelError(`sample crank-mirror: ${half.error}`);
  const plane = datumPlane({ type: "offset", plane: "zx", offset: 0 });
  if (!plane.ok) throw new ModelError(`sample crank-mirror: ${plane.error}`);
  const whole = mirrorMesh(half.mesh, plane.plane, ["Crank/b"], design.design);
  if (!whole.ok) throw new ModelError(`sample crank-mirror: ${whole.error}`);
  return { ...base, design, mesh: { mesh: whole.mesh, parameters: { bodies: ["Crank/b"], size: 5, order: 2, method: "hex", mirror: { plane: "sym", bodies: ["Crank/b"] } } } };
}
