// The Galerkin product P^T A P over the pool: galerkinProduct's fixed slices of fine rows run as map tasks,
// their shares summed in slice order, so every thread count gives the same bits as one thread. Each slice
// holds as many A P entries as a one-thread slice: the threads add one slice each to the peak memory.
import { galerkinProduct, GALERKIN_SLICE_ENTRIES, type AnyCsr, type Csr, type SparseLeft } from "../sparse/csr.js";
import type { KernelPool } from "./pool.js";

export function parallelGalerkinProduct(left: SparseLeft, P: AnyCsr, pool: KernelPool | null, sliceEntries = GALERKIN_SLICE_ENTRIES): Csr {
  if (!pool || pool.threads < 2) return galerkinProduct(left, P, sliceEntries);
  return galerkinProduct(left, P, sliceEntries, (l, p, slices) => pool.map<Csr>("galerkinSlice", { left: l, P: p, slices }, slices.length - 1));
}
