// Models that ship with the engine: one row per sample, each built from data (design, mesh settings, definitions).
import { generateTetMesh } from "../../mesh/generate.js";
import { ModelError } from "../../model/errors.js";
import type { Definitions, MeshParameters, Model } from "../../model/types.js";
import type { UnitSystemId } from "../../model/units.js";
import type { Caps } from "../../base/caps.js";
import { designFromSource } from "../design-file.js";
import type { Mesh } from "../../mesh/types.js";
import { PLATE_HOLE_DEFINITIONS, plateHoleMesh } from "./plate-hole.js";
import { STEPPED_BLOCK_DEFINITIONS, STEPPED_BLOCK_DESIGN, STEPPED_BLOCK_MESH } from "./stepped-block.js";
import { MODAL_PLATE_DEFINITIONS, MODAL_PLATE_DESIGN, MODAL_PLATE_MESH } from "./modal-plate.js";
import { buildCrankMirror, CRANK_DEFINITIONS, CRANK_DESIGN } from "./crank-mirror.js";
import { HEAT_SINK_DEFINITIONS, HEAT_SINK_DESIGN, HEAT_SINK_MESH } from "./heat-sink.js";
import { DROP_BAR_DEFINITIONS, DROP_BAR_DESIGN, DROP_BAR_MESH } from "./drop-bar.js";
import { DUCT_FLOW_DEFINITIONS, DUCT_FLOW_DESIGN, DUCT_FLOW_MESH } from "./duct-flow.js";

export interface SampleRow {
  name: string;
  description: string;
  units: UnitSystemId;
  /** The design, or null for a mesh-only sample (then `buildMesh` makes its mesh). */
  design: unknown;
  mesh: MeshParameters;
  buildMesh?: () => Mesh;
  /** A sample built by its own code (partitions, mirrored meshes): the whole model. */
  build?: (caps: Caps) => Model;
  definitions: Definitions;
}

export const SAMPLES: SampleRow[] = [
  {
    name: "stepped-block",
    description: "The stepped block of the typical session: steel, clamped at F1:-x, 1000 N down on F1:+x, static step `Load`; meshed with C3D10",
    units: "mm-t-s-N-MPa",
    design: STEPPED_BLOCK_DESIGN,
    mesh: STEPPED_BLOCK_MESH,
    definitions: STEPPED_BLOCK_DEFINITIONS,
  },
  {
    name: "modal-plate",
    description: "A steel plate 200 x 100 x 4 mm clamped at F1:-x, frequency step `Modes` (10 modes); meshed with C3D10",
    units: "mm-t-s-N-MPa",
    design: MODAL_PLATE_DESIGN,
    mesh: MODAL_PLATE_MESH,
    definitions: MODAL_PLATE_DEFINITIONS,
  },
  {
    name: "heat-sink",
    description: "An aluminium heat sink (base and five fins): 5 W into the base underside, films to 25 degrees everywhere, steady heat step `Heat`; meshed with C3D10",
    units: "mm-t-s-N-MPa",
    design: HEAT_SINK_DESIGN,
    mesh: HEAT_SINK_MESH,
    definitions: HEAT_SINK_DEFINITIONS,
  },
  {
    name: "drop-bar",
    description: "A steel bar 100 x 10 x 10 mm dropped end-on at 5 m/s onto a rigid floor (F1:-x held from t = 0, initial velocity on `all`), explicit step `Drop` over 40 us in 20 frames; meshed with C3D4",
    units: "mm-t-s-N-MPa",
    design: DROP_BAR_DESIGN,
    mesh: DROP_BAR_MESH,
    definitions: DROP_BAR_DEFINITIONS,
  },
  {
    name: "duct-flow",
    description: "Water through a 10 x 10 mm square duct 60 mm long (an extrusion): parabolic inflow of 5 mm/s at the centre of F1:start, no-slip walls, outlet F1:end at pressure 0, steady fluid step `Flow` (Re about 22); meshed with C3D10",
    units: "mm-t-s-N-MPa",
    design: DUCT_FLOW_DESIGN,
    mesh: DUCT_FLOW_MESH,
    definitions: DUCT_FLOW_DEFINITIONS,
  },
  {
    name: "plate-hole",
    description: "A plate with a central hole in tension, its quarter in plane stress (CPS8, mesh only): symmetry on E:sym-x and E:sym-y, 10 MPa pulling on E:load, static step `Load` (Kirsch: S11 about 30 MPa at the top of the hole)",
    units: "mm-t-s-N-MPa",
    design: null,
    mesh: { order: 2 },
    buildMesh: plateHoleMesh,
    definitions: PLATE_HOLE_DEFINITIONS,
  },
  {
    name: "crank-mirror",
    description:
      "A crank arm (two bosses and a web) partitioned on its symmetry plane y = 0 (datum `sym`, partition `half`), the half Crank/b meshed in C3D20 hexahedra and mirrored into Crank/a; clamped at Boss1:-x, 2 kN down on Boss2:+x, static step `Load`",
    units: "mm-t-s-N-MPa",
    design: CRANK_DESIGN,
    mesh: { order: 2, size: 5, method: "hex" },
    build: buildCrankMirror,
    definitions: CRANK_DEFINITIONS,
  },
];

export function buildSample(sample: SampleRow, caps: Caps): Model {
  if (sample.build) return sample.build(caps);
  if (sample.buildMesh) {
    const mesh = sample.buildMesh();
    return { units: sample.units, mesh: { mesh, parameters: { ...sample.mesh } }, definitions: structuredClone(sample.definitions), results: {} };
  }
  const design = designFromSource(structuredClone(sample.design), `sample ${sample.name}`);
  const meshed = generateTetMesh(design.design, { ...sample.mesh, maxElements: caps.maxElements, maxNodes: caps.maxNodes });
  if (!meshed.ok) throw new ModelError(`sample ${sample.name}: ${meshed.error}`);
  return { units: sample.units, design, mesh: { mesh: meshed.mesh, parameters: { ...sample.mesh } }, definitions: structuredClone(sample.definitions), results: {} };
}
