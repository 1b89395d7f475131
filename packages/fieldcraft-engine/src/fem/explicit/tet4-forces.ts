// The C3D4 element forces of the time loop, on the caller's thread or split over the kernel pool: the packed
// records in kernel order (tet4-kernel.ts), the element ranges of each thread and their node bands, and the
// arrays the workers share. Vectors the kernels read or write come from `alloc` (shared memory with a pool).
import { equalBounds } from "../parallel/bounds.js";
import { explicitForceRows, type ExplicitForceArgs } from "../parallel/kernels/explicit-forces.js";
import { parallelMinEntries } from "../parallel/operators.js";
import type { KernelPool } from "../parallel/pool.js";
import { sharedFloat64, sharedInt32 } from "../parallel/shared.js";
import type { ElementOperators } from "./operators.js";
import { packTet4, TET4_STRIDE, tet4Order, tet4VolumetricRange } from "./tet4-kernel.js";

export interface Tet4Forces {
  threads: number;
  /** A vector the kernels can read and write (shared memory when threads > 1). */
  alloc(n: number): Float64Array;
  /** Each element's volumetric strain at u (before the first `forces`). */
  start(u: Float64Array): void;
  /** f = internal forces at u (overwritten); the strain energy when `energy`, else 0. */
  forces(u: Float64Array, f: Float64Array, invDt: number, energy: boolean): number;
  bytes: number;
}

/**
 * Elements below which the loop stays on one thread: a pool job costs tens of microseconds, the forces of
 * 10k elements a few hundred. Follows FIELDCRAFT_PARALLEL_MIN_ENTRIES (0 sends every model to the workers).
 */
export function parallelMinElements(): number {
  return Math.ceil(parallelMinEntries() / 10);
}

export function tet4Forces(ops: ElementOperators, meshElements: Int32Array, nn: number, pool: KernelPool | null): Tet4Forces {
  const ne = ops.ne;
  const p = pool && pool.threads > 1 && ne >= Math.max(1, parallelMinElements()) ? pool : null;
  const threads = p ? p.threads : 1;
  const floats = (n: number) => (p ? sharedFloat64(n) : new Float64Array(n));
  const order = tet4Order(meshElements, nn);
  const packed = floats(TET4_STRIDE * ne);
  const elements = p ? sharedInt32(4 * ne) : new Int32Array(4 * ne);
  packTet4(ops, meshElements, order, packed, elements);
  const volumetric = floats(ne);
  const data = { ne, packed, elements };
  const bytes = packed.byteLength + elements.byteLength + volumetric.byteLength;
  if (!p) {
    // The one thread runs the row the workers run, on one args object (its vectors set at each call).
    const args: ExplicitForceArgs = { ...data, u: packed, f: packed, volumetric, invDt: 0, energy: false, bufs: [], nodeBand: new Int32Array(2), sums: new Float64Array(1) };
    return {
      threads,
      alloc: floats,
      start: (u) => tet4VolumetricRange(data, u, volumetric, 0, ne),
      forces: (u, f, invDt, energy) => {
        args.u = u; args.f = f; args.invDt = invDt; args.energy = energy;
        explicitForceRows(args, 0, ne, { thread: 0 });
        return args.sums[0];
      },
      bytes,
    };
  }
  const bounds = equalBounds(ne, threads);
  // Each thread's band of nodes (its elements' lowest and past-highest node), in the array its kernel reads.
  const nodeBand = sharedInt32(2 * threads);
  for (let t = 0; t < threads; t++) {
    let lo = nn, hi = 0;
    for (let i = 4 * bounds[t]; i < 4 * bounds[t + 1]; i++) {
      const n = elements[i] / 3;
      if (n < lo) lo = n;
      if (n + 1 > hi) hi = n + 1;
    }
    nodeBand[2 * t] = Math.min(lo, hi);
    nodeBand[2 * t + 1] = hi;
  }
  const bufs = Array.from({ length: threads - 1 }, () => sharedFloat64(3 * nn));
  const dofBounds = equalBounds(3 * nn, threads, 3);
  const shared: ExplicitForceArgs = { ...data, u: packed, f: packed, volumetric, invDt: 0, energy: false, bufs, nodeBand, sums: sharedFloat64(threads) };
  return {
    threads,
    alloc: floats,
    start: (u) => p.run("explicitVolumetricRows", { ...shared, u }, bounds),
    forces: (u, f, invDt, energy) => {
      const job = { ...shared, u, f, invDt, energy };
      p.run("explicitForceRows", job, bounds);
      p.run("explicitForceReduce", job, dofBounds);
      let sum = 0;
      for (let t = 0; t < threads; t++) sum += shared.sums[t];
      return energy ? sum : 0;
    },
    bytes: bytes + bufs.length * 8 * 3 * nn,
  };
}
