// The smoothed prolongator P = (I - omega D^-1 A) T on the pool: its count and fill passes (csr.ts
// productRows) over equal ranges of rows, the row lengths summed on the caller's thread in between. Rows
// are independent, so any thread count gives the bits of one. Small levels stay on the caller's thread.
import { productRows, type ProductJob, type ProductRunner } from "../sparse/csr.js";
import { equalBounds } from "./bounds.js";
import { parallelMinEntries } from "./operators.js";
import type { KernelPool } from "./pool.js";

const leftEntries = (job: ProductJob): number => (job.left.kind === "block" ? 9 * job.left.A.col.length : job.left.A.ptr[job.left.A.rows]);

export function poolProductRunner(pool: KernelPool | null): ProductRunner | undefined {
  if (!pool || pool.threads < 2) return undefined;
  return (pass, job, rows) => {
    if (leftEntries(job) < parallelMinEntries()) return productRows(job, 0, rows, pass === "fill");
    pool.run(pass === "count" ? "productCountRows" : "productFillRows", job, equalBounds(rows, pool.threads, job.nodes ? 3 : 1));
  };
}
