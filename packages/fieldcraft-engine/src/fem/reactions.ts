// Reactions (forces, or heat flows for 1 unknown per node): K u - f at the prescribed DOFs, from the stiffness rows kept before constraints were applied.
import type { ConstrainedSystem } from "./constraints.js";

export function computeReactions(sys: ConstrainedSystem, u: Float64Array, forces: Float64Array): Float64Array {
  const Ku = new Float64Array(u.length);
  const { b: B, row, col, val } = sys.reactionBlocks;
  if (B === 3)
    for (let t = 0; t < row.length; t++) {
      const i = 3 * row[t], j = 3 * col[t], v = 9 * t;
      // Upper block (i, j) acts on u_j in row i and, transposed, on u_i in row j.
      for (let a = 0; a < 3; a++) Ku[i + a] += val[v + 3 * a] * u[j] + val[v + 3 * a + 1] * u[j + 1] + val[v + 3 * a + 2] * u[j + 2];
      if (i !== j) for (let b = 0; b < 3; b++) Ku[j + b] += val[v + b] * u[i] + val[v + 3 + b] * u[i + 1] + val[v + 6 + b] * u[i + 2];
    }
  else
    for (let t = 0; t < row.length; t++) {
      const i = B * row[t], j = B * col[t], v = B * B * t;
      for (let a = 0; a < B; a++) for (let b = 0; b < B; b++) Ku[i + a] += val[v + B * a + b] * u[j + b];
      if (i !== j) for (let b = 0; b < B; b++) for (let a = 0; a < B; a++) Ku[j + b] += val[v + B * a + b] * u[i + a];
    }
  const R = new Float64Array(u.length);
  for (let d = 0; d < u.length; d++) if (sys.fixed[d]) R[d] = Ku[d] - forces[d];
  return R;
}

/** Sum of the reaction components over a node set (all nodes when omitted). */
export function sumReactions(reaction: Float64Array, nodes?: ArrayLike<number>): [number, number, number] {
  const total: [number, number, number] = [0, 0, 0];
  const count = nodes ? nodes.length : reaction.length / 3;
  for (let t = 0; t < count; t++) {
    const i = nodes ? nodes[t] : t;
    total[0] += reaction[3 * i];
    total[1] += reaction[3 * i + 1];
    total[2] += reaction[3 * i + 2];
  }
  return total;
}
