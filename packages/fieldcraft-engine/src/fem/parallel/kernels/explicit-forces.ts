// The explicit solver's C3D4 element forces on the pool: thread t takes a fixed range of elements (in kernel
// order, sorted by smallest node, so a range touches a narrow band of nodes) and scatters into the force
// vector (thread 0, which clears it) or its own buffer over its band of nodes; a second pass adds the buffers
// into the force vector over DOF ranges, in thread order. The same thread count gives the same bits.
import { tet4EnergyRange, tet4ForceRange, tet4VolumetricRange, type Tet4Data } from "../../explicit/tet4-kernel.js";

export interface ExplicitForceArgs extends Tet4Data {
  u: Float64Array;
  f: Float64Array;
  volumetric: Float64Array;
  invDt: number;
  energy: boolean;
  /** bufs[t - 1]: thread t's forces, valid over DOFs [3 nodeBand[2t], 3 nodeBand[2t + 1]). */
  bufs: Float64Array[];
  /** Each thread's lowest node and highest node + 1. */
  nodeBand: Int32Array;
  /** Each thread's strain energy (when `energy`). */
  sums: Float64Array;
}

export function explicitForceRows(a: ExplicitForceArgs, lo: number, hi: number, ctx: { thread: number }): void {
  const t = ctx.thread;
  let f = a.f;
  if (t === 0) f.fill(0);
  else {
    f = a.bufs[t - 1];
    f.fill(0, 3 * a.nodeBand[2 * t], 3 * a.nodeBand[2 * t + 1]);
  }
  a.sums[t] = a.energy ? tet4EnergyRange(a, a.u, lo, hi) : 0;
  tet4ForceRange(a, a.u, f, a.volumetric, a.invDt, lo, hi);
}

/** f[i] += the buffers' entries for DOFs [lo, hi), in thread order. */
export function explicitForceReduce(a: ExplicitForceArgs, lo: number, hi: number): void {
  const f = a.f;
  for (let t = 1; t <= a.bufs.length; t++) {
    const buf = a.bufs[t - 1];
    for (let i = Math.max(lo, 3 * a.nodeBand[2 * t]), end = Math.min(hi, 3 * a.nodeBand[2 * t + 1]); i < end; i++) f[i] += buf[i];
  }
}

export function explicitVolumetricRows(a: ExplicitForceArgs, lo: number, hi: number): void {
  tet4VolumetricRange(a, a.u, a.volumetric, lo, hi);
}
