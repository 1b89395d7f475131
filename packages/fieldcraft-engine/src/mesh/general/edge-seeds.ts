// Edge seeds on an imported surface, as local sizes: the seed's largest division along the edge's chain of
// input segments. Halving then divides the edge into at least the seed's count. Not exact: conforming
// boundary recovery halves an edge wherever surface points nearby crowd it (a point inside the diametral
// ball of one of its pieces), and making counts exact needs protecting balls around seeded edges, which the
// mesher does not have.
import type { ClosedSurface } from "./mesher.js";

export interface SeedChain {
  /** Input vertex ids along the edge, in order (a closed loop repeats its first vertex at the end). */
  vertices: number[];
  /** Where the nodes go, as fractions of the chain's length, 0 and 1 included. */
  fractions: number[];
}

export interface SeedSizes {
  /** Size sources along the seeded chains: xyz per point and one size each. */
  points: number[];
  sizes: number[];
}

/** Sources every half division along each chain, each with the seed's largest division. */
export function seedSources(surface: ClosedSurface, chains: readonly SeedChain[]): SeedSizes {
  const x = surface.positions;
  const points: number[] = [], sizes: number[] = [];
  for (const chain of chains) {
    const vs = chain.vertices;
    let L = 0;
    for (let i = 1; i < vs.length; i++) L += Math.hypot(x[3 * vs[i]] - x[3 * vs[i - 1]], x[3 * vs[i] + 1] - x[3 * vs[i - 1] + 1], x[3 * vs[i] + 2] - x[3 * vs[i - 1] + 2]);
    let h = 0;
    for (let k = 1; k < chain.fractions.length; k++) h = Math.max(h, (chain.fractions[k] - chain.fractions[k - 1]) * L);
    if (!(h > 0)) continue;
    for (let i = 1; i < vs.length; i++) {
      const u = vs[i - 1], v = vs[i];
      const len = Math.hypot(x[3 * v] - x[3 * u], x[3 * v + 1] - x[3 * u + 1], x[3 * v + 2] - x[3 * u + 2]);
      const steps = Math.max(1, Math.ceil((2 * len) / h));
      for (let k = 0; k <= steps; k++) {
        const f = k / steps;
        for (let c = 0; c < 3; c++) points.push(x[3 * u + c] + f * (x[3 * v + c] - x[3 * u + c]));
        sizes.push(h * (1 + 1e-6));
      }
    }
  }
  return { points, sizes };
}
