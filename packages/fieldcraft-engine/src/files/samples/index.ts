// Models that ship with the engine: one row per sample, each built from data (design, mesh settings, definitions).
import { generateTetMesh } from "../../mesh/generate.js";
import { ModelError } from "../../model/errors.js";
import type { Definitions, MeshParameters, Model } from "../../model/types.js";
import type { UnitSystemId } from "../../model/units.js";
import type { Caps } from "../../base/caps.js";
import { designFromSource } from "../design-file.js";
import { STEPPED_BLOCK_DEFINITIONS, STEPPED_BLOCK_DESIGN, STEPPED_BLOCK_MESH } from "./stepped-block.js";

export interface SampleRow {
  name: string;
  description: string;
  units: UnitSystemId;
  design: unknown;
  mesh: MeshParameters;
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
];

export function buildSample(sample: SampleRow, caps: Caps): Model {
  const design = designFromSource(structuredClone(sample.design), `sample ${sample.name}`);
  const meshed = generateTetMesh(design.design, { ...sample.mesh, maxElements: caps.maxElements, maxNodes: caps.maxNodes });
  if (!meshed.ok) throw new ModelError(`sample ${sample.name}: ${meshed.error}`);
  return { units: sample.units, design, mesh: { mesh: meshed.mesh, parameters: { ...sample.mesh } }, definitions: structuredClone(sample.definitions), results: {} };
}
