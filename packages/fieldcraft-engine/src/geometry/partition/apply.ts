// A design's partitions applied in order: each cuts the bodies it names (all when none) that its plane crosses,
// so later partitions cut the cells of earlier ones (`Part/a/b`). The same list re-applied to an edited design
// gives the same cells wherever the plane still crosses them; a partition that crosses nothing is `stale`.
import type { Plane } from "../datum.js";
import type { Body, Design } from "../types.js";
import { cutBody } from "./cut-body.js";

export interface PartitionSpec {
  name: string;
  plane: Plane;
  bodies?: string[];
}

export interface PartitionReport {
  partition: string;
  /** The bodies (or cells) it cut. */
  cut: string[];
  stale: boolean;
  /** Why a body it should cut could not be cut (re-applied after an edit: the partition stays, the body uncut). */
  refused?: string;
}

/** Whether `body` is named by `names`: its own name, the design body it is a cell of, or a cell it was cut from. */
export function bodySelected(body: Body, names: readonly string[] | undefined): boolean {
  if (!names) return true;
  return names.some((n) => body.name === n || body.name.startsWith(`${n}/`));
}

export function partitionDesign(design: Design, specs: readonly PartitionSpec[], strict: boolean): { ok: true; design: Design; reports: PartitionReport[] } | { ok: false; error: string } {
  let bodies = design.bodies;
  const reports: PartitionReport[] = [];
  for (const spec of specs) {
    const next: Body[] = [];
    const report: PartitionReport = { partition: spec.name, cut: [], stale: false };
    for (const body of bodies) {
      if (!bodySelected(body, spec.bodies)) {
        next.push(body);
        continue;
      }
      const out = cutBody(body, spec.plane, spec.name);
      if (out.kind === "cut") {
        next.push(...out.cells);
        report.cut.push(body.name);
      } else {
        if (out.kind === "refused") {
          if (strict) return { ok: false, error: out.error };
          report.refused = out.error;
        }
        next.push(body);
      }
    }
    report.stale = report.cut.length === 0;
    reports.push(report);
    bodies = next;
  }
  return { ok: true, design: { ...design, bodies }, reports };
}
