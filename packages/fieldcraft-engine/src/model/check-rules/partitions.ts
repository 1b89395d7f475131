// model.check on partitions: a partition that no longer cuts anything (the design was edited) is stale, and one
// that could not cut a body it names says why.
import type { CheckItem } from "../check.js";
import { partitionReports } from "../partitions.js";
import type { Model } from "../types.js";

export function partitionWarnings(model: Model): CheckItem[] {
  return partitionReports(model).flatMap((r) => [
    ...(r.stale ? [{ item: `partition ${r.partition}`, message: "is stale: its datum plane no longer cuts any body of the design; move the datum or remove the partition", command: "geometry.datum" }] : []),
    ...(r.refused ? [{ item: `partition ${r.partition}`, message: `could not cut a body: ${r.refused}` }] : []),
  ]);
}
