// One task of the parallel Galerkin product: the share P^T A P of one slice of fine rows. Slices are fixed
// before the tasks start and the shares are summed in slice order, so the result does not depend on which
// thread took which slice.
import { galerkinPart, type AnyCsr, type Csr, type SparseLeft } from "../../sparse/csr.js";

export interface GalerkinArgs {
  left: SparseLeft;
  P: AnyCsr;
  /** Fine-row bounds of the slices. */
  slices: Int32Array;
}

export function galerkinSlice(a: GalerkinArgs, task: number): Csr {
  return galerkinPart(a.left, a.P, a.slices[task], a.slices[task + 1]).part;
}
