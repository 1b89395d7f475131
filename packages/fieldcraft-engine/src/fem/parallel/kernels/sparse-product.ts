// The two passes of a sparse product (csr.ts productRows) over a range of output rows: the count pass writes
// row lengths, the caller sums them, the fill pass writes the rows. Rows are independent: the same bits for
// any split, so the smoothed prolongator A T runs here as it does on one thread.
import { productRows, type ProductJob } from "../../sparse/csr.js";

export function productCountRows(job: ProductJob, lo: number, hi: number): void {
  productRows(job, lo, hi, false);
}

export function productFillRows(job: ProductJob, lo: number, hi: number): void {
  productRows(job, lo, hi, true);
}
