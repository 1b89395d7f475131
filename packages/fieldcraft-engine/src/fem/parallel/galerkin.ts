// The Galerkin product P^T A P over the pool: galerkinProduct's fixed slices of fine rows run as map tasks,
// their shares summed in slice order, so the same thread count always gives the same bits. The slices are
// 1/threads of a one-thread slice, so the A P entries in flight (the product's peak) stay those of one
// thread; the cut then differs from one thread's and the sum differs in round-off only.
import { galerkinProduct, GALERKIN_SLICE_ENTRIES, type AnyCsr, type Csr, type SparseLeft } from "../sparse/csr.js";
import type { KernelPool } from "./pool.js";

export function parallelGalerkinProduct(left: SparseLeft, P: AnyCsr, pool: KernelPool | null, sliceEntries?: number): Csr {
  if (!pool || pool.threads < 2) return galerkinProduct(left, P, sliceEntries ?? GALERKIN_SLICE_ENTRIES);
  sliceEntries ??= Math.ceil(GALERKIN_SLICE_ENTRIES / pool.threads);
  return galerkinProduct(left, P, sliceEntries, (l, p, slices) => pool.map<Csr>("galerkinSlice", { left: l, P: p, slices }, slices.length - 1));
}
