// The kernels a pool can run, by name: a row per kernel. Workers import this table, so a kernel added here
// (with its code in a file of its own) runs on every thread.
import { blockProductReduce, blockProductRows } from "./block-product.js";
import { blockProductRowsWasm } from "./block-product-wasm.js";
import { csrProductRowsWasm } from "./csr-product-wasm.js";
import { csrProductAddRows, csrProductRows, epilogueRows, transposeProductReduce, transposeProductRows } from "./csr-product.js";
import { chebyshevZeroStart } from "./epilogue.js";
import { galerkinSlice } from "./galerkin.js";
import { assembleRows } from "./assembly.js";
import { productCountRows, productFillRows } from "./sparse-product.js";
import { triadRows } from "./triad.js";
import { explicitForceReduce, explicitForceRows, explicitVolumetricRows } from "./explicit-forces.js";
import type { Kernel } from "./types.js";

export const KERNELS = {
  blockProductRows,
  blockProductRowsWasm,
  blockProductReduce,
  csrProductRows,
  csrProductRowsWasm,
  csrProductAddRows,
  epilogueRows,
  chebyshevZeroStart,
  transposeProductRows,
  transposeProductReduce,
  galerkinSlice,
  assembleRows,
  productCountRows,
  productFillRows,
  triadRows,
  explicitForceRows,
  explicitForceReduce,
  explicitVolumetricRows,
} satisfies Record<string, Kernel<never>>;

export type KernelName = keyof typeof KERNELS;

/** The kernel of a name, typed for a caller that passes its arguments through (the pool, a worker). */
export function kernelOf(name: string): Kernel<object> | undefined {
  return Object.hasOwn(KERNELS, name) ? (KERNELS[name as KernelName] as Kernel<object>) : undefined;
}
export type { Kernel, KernelContext } from "./types.js";
