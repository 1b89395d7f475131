// Point-Jacobi preconditioner: the baseline the multigrid preconditioner is measured against.
import type { LinearOperator } from "./operator.js";

export function jacobiPreconditioner(diagonal: Float64Array): LinearOperator {
  const inv = diagonal.map((d) => (d !== 0 ? 1 / d : 0));
  return {
    size: inv.length,
    apply(r, z) {
      for (let i = 0; i < inv.length; i++) z[i] = inv[i] * r[i];
    },
  };
}
