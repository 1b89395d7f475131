// Tentative prolongator: the near-nullspace (rigid-body modes for elasticity, constants for one unknown per
// node) restricted to each aggregate, orthonormalised.
import type { Csr } from "../../sparse/csr.js";
import { sharedFloat64, sharedInt32 } from "../../parallel/shared.js";
import { checkCancelled } from "../../cancel-scope.js";

/** Rigid-body modes per node of an elastic solid: three translations and three rotations. */
export const NULLSPACE = 6;

/** Constant modes for one unknown per node (heat, potential): one row of 1 per DOF. */
export function constantModes(dofs: number): Float64Array {
  return new Float64Array(dofs).fill(1);
}

/** Rigid-body modes per DOF (rows of 6: three translations, three rotations about `center`, lengths scaled by `scale`). */
export function rigidBodyModes(coords: Float64Array, center: [number, number, number], scale: number): Float64Array {
  const nn = coords.length / 3;
  const B = new Float64Array(3 * nn * NULLSPACE);
  for (let i = 0; i < nn; i++) {
    const x = (coords[3 * i] - center[0]) / scale;
    const y = (coords[3 * i + 1] - center[1]) / scale;
    const z = (coords[3 * i + 2] - center[2]) / scale;
    const r0 = 3 * i * NULLSPACE, r1 = r0 + NULLSPACE, r2 = r1 + NULLSPACE;
    B[r0] = 1; B[r1 + 1] = 1; B[r2 + 2] = 1;
    // rotation about x: (0, -z, y); about y: (z, 0, -x); about z: (-y, x, 0)
    B[r1 + 3] = -z; B[r2 + 3] = y;
    B[r0 + 4] = z; B[r2 + 4] = -x;
    B[r0 + 5] = -y; B[r1 + 5] = x;
  }
  return B;
}

export interface Tentative {
  P: Csr;
  /** Coarse DOFs per aggregate. */
  coarseNodePtr: Int32Array;
  /** Coarse near-nullspace, rows of `modes`. */
  coarseB: Float64Array;
}

/** `B`: the near-nullspace, `modes` values per fine DOF. */
export function tentativeProlongator(agg: Int32Array, count: number, nodePtr: Int32Array, B: Float64Array, modes = NULLSPACE): Tentative {
  const nodes = agg.length;
  const fineDofs = nodePtr[nodes];
  // Nodes of each aggregate, by counting sort.
  const aptr = new Int32Array(count + 1);
  for (let i = 0; i < nodes; i++) if (agg[i] >= 0) aptr[agg[i] + 1]++;
  for (let a = 0; a < count; a++) aptr[a + 1] += aptr[a];
  const fill = aptr.slice(0, count);
  const members = new Int32Array(aptr[count]);
  for (let i = 0; i < nodes; i++) if (agg[i] >= 0) members[fill[agg[i]]++] = i;

  const rowCount = new Int32Array(fineDofs);
  const coarseNodePtr = new Int32Array(count + 1);
  const qParts: Float64Array[] = [];
  const dofParts: Int32Array[] = [];
  const rParts: Float64Array[] = [];
  for (let a = 0; a < count; a++) {
    if ((a & 4095) === 0) checkCancelled();
    let s = 0;
    for (let t = aptr[a]; t < aptr[a + 1]; t++) s += nodePtr[members[t] + 1] - nodePtr[members[t]];
    const dofs = new Int32Array(s);
    let p = 0;
    for (let t = aptr[a]; t < aptr[a + 1]; t++)
      for (let d = nodePtr[members[t]]; d < nodePtr[members[t] + 1]; d++) dofs[p++] = d;
    // Modified Gram-Schmidt, twice per column; columns that vanish (dependent modes) are dropped.
    const Q = new Float64Array(s * modes); // column-major, kept columns first
    const R = new Float64Array(modes * modes);
    let kept = 0;
    const v = new Float64Array(s);
    for (let c = 0; c < modes; c++) {
      let norm0 = 0;
      for (let l = 0; l < s; l++) {
        v[l] = B[dofs[l] * modes + c];
        norm0 += v[l] * v[l];
      }
      norm0 = Math.sqrt(norm0);
      if (norm0 === 0) continue;
      for (let pass = 0; pass < 2; pass++)
        for (let q = 0; q < kept; q++) {
          let r = 0;
          for (let l = 0; l < s; l++) r += Q[q * s + l] * v[l];
          for (let l = 0; l < s; l++) v[l] -= r * Q[q * s + l];
          R[q * modes + c] += r;
        }
      let nv = 0;
      for (let l = 0; l < s; l++) nv += v[l] * v[l];
      nv = Math.sqrt(nv);
      if (nv <= 1e-9 * norm0) continue;
      for (let l = 0; l < s; l++) Q[kept * s + l] = v[l] / nv;
      R[kept * modes + c] = nv;
      kept++;
    }
    coarseNodePtr[a + 1] = coarseNodePtr[a] + kept;
    for (let l = 0; l < s; l++) rowCount[dofs[l]] = kept;
    qParts.push(Q.subarray(0, kept * s));
    dofParts.push(dofs);
    rParts.push(R.subarray(0, kept * modes));
  }
  const ptr = sharedInt32(fineDofs + 1);
  for (let d = 0; d < fineDofs; d++) ptr[d + 1] = ptr[d] + rowCount[d];
  // Shared: the smoothed prolongator reads T on the pool's threads.
  const idx = sharedInt32(ptr[fineDofs]);
  const val = sharedFloat64(ptr[fineDofs]);
  const coarseDofs = coarseNodePtr[count];
  const coarseB = new Float64Array(coarseDofs * modes);
  for (let a = 0; a < count; a++) {
    const dofs = dofParts[a], Q = qParts[a], R = rParts[a];
    const s = dofs.length, off = coarseNodePtr[a], kept = coarseNodePtr[a + 1] - off;
    for (let l = 0; l < s; l++) {
      const base = ptr[dofs[l]];
      for (let q = 0; q < kept; q++) {
        idx[base + q] = off + q;
        val[base + q] = Q[q * s + l];
      }
    }
    coarseB.set(R, off * modes);
  }
  return { P: { rows: fineDofs, cols: coarseDofs, ptr, idx, val }, coarseNodePtr, coarseB };
}
