// Datums and partitions as part of the model: their definitions (saved in `.fieldcraft` files) and the design they
// make from the design as read (`DesignState.base`), re-applied whenever the design is opened again.
import { datumAxis, datumPlane, type DatumAxisBy, type DatumPlaneBy, type Line, type Plane } from "../geometry/datum.js";
import { partitionDesign, type PartitionReport } from "../geometry/partition/apply.js";
import type { Design } from "../geometry/types.js";
import { ModelError, nameList } from "./errors.js";
import type { DesignState, Model } from "./types.js";

export type DatumDefinition = { name: string; kind: "plane"; by: DatumPlaneBy } | { name: string; kind: "axis"; by: DatumAxisBy };

export interface PartitionDefinition {
  name: string;
  datum: string;
  bodies?: string[];
}

/** The plane of a datum plane, or a refusal naming the parameter. */
export function planeOf(model: Model, name: string, param: string): Plane {
  const datum = (model.datums ?? []).find((d) => d.name === name);
  const planes = (model.datums ?? []).filter((d) => d.kind === "plane").map((d) => d.name);
  if (!datum || datum.kind !== "plane") {
    throw new ModelError(`${param}: no datum plane named \`${name}\`; ${planes.length ? `datum planes: ${nameList(planes)}` : "there are none yet: run geometry.datum first"}`);
  }
  const made = datumPlane(datum.by);
  if (!made.ok) throw new ModelError(`${param}: datum ${name}: ${made.error}`);
  return made.plane;
}

export function datumGeometry(d: DatumDefinition): { plane?: Plane; axis?: Line } {
  if (d.kind === "plane") {
    const m = datumPlane(d.by);
    return m.ok ? { plane: m.plane } : {};
  }
  const m = datumAxis(d.by);
  return m.ok ? { axis: m.axis } : {};
}

/**
 * The design state with the model's partitions applied to the design as read. `strict` refuses a partition that
 * cannot cut a body it names (a new partition); otherwise the refusal is reported and the body stays whole.
 */
export function applyPartitions(model: Model, design: DesignState, strict = false): { design: DesignState; reports: PartitionReport[] } {
  const base: Design = design.base ?? design.design;
  const partitions = model.partitions ?? [];
  if (partitions.length === 0) {
    const { base: _dropped, ...rest } = design;
    return { design: { ...rest, design: base }, reports: [] };
  }
  const specs = partitions.map((p) => ({ name: p.name, plane: planeOf(model, p.datum, `partition ${p.name}`), ...(p.bodies ? { bodies: p.bodies } : {}) }));
  const out = partitionDesign(base, specs, strict);
  if (!out.ok) throw new ModelError(out.error);
  return { design: { ...design, base, design: out.design }, reports: out.reports };
}

/** Reports of the model's partitions on its current design (what model.check and inspect read). */
export function partitionReports(model: Model): PartitionReport[] {
  if (!model.design || !model.partitions?.length) return [];
  try {
    return applyPartitions(model, model.design).reports;
  } catch (e) {
    return model.partitions.map((p) => ({ partition: p.name, cut: [], stale: true, refused: (e as Error).message }));
  }
}
