// Reactions: K u - f at the prescribed DOFs, from the stiffness rows kept before constraints were applied.
import type { ConstrainedSystem } from "./constraints.js";

export function computeReactions(sys: ConstrainedSystem, u: Float64Array, forces: Float64Array): Float64Array {
  const R = new Float64Array(u.length);
  const { nodes, rowPtr, col, val } = sys.reactionRows;
  for (let t = 0; t < nodes.length; t++) {
    const i = nodes[t];
    for (let a = 0; a < 3; a++) {
      if (!sys.fixed[3 * i + a]) continue;
      let s = 0;
      for (let k = rowPtr[t]; k < rowPtr[t + 1]; k++) {
        const j = 3 * col[k], v = 9 * k + 3 * a;
        s += val[v] * u[j] + val[v + 1] * u[j + 1] + val[v + 2] * u[j + 2];
      }
      R[3 * i + a] = s - forces[3 * i + a];
    }
  }
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
