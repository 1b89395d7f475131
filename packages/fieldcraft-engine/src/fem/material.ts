// Isotropic linear elasticity: Lame constants and the checks that make a material usable.
import type { ElasticMaterial } from "./types.js";

export function lame(m: ElasticMaterial): { lambda: number; mu: number } {
  const { young: E, poisson: nu } = m;
  return { lambda: (E * nu) / ((1 + nu) * (1 - 2 * nu)), mu: E / (2 * (1 + nu)) };
}

/** A reason the material cannot be used, or null. */
export function materialProblem(m: ElasticMaterial): string | null {
  if (!Number.isFinite(m.young) || m.young <= 0) return `Young's modulus must be a positive number (got ${m.young})`;
  if (!Number.isFinite(m.poisson) || m.poisson <= -1 || m.poisson >= 0.5)
    return `Poisson's ratio must lie strictly between -1 and 0.5 (got ${m.poisson})`;
  return null;
}
