// A point's reference coordinates in one element: Newton's method on x(xi) = sum N_a(xi) X_a with the family's
// own shape functions, so curved (quadratic) and distorted elements map exactly, and how far inside the
// reference element the result lies (negative outside).
import type { ElementFamily } from "./families/index.js";

/** How far inside each reference shape xi lies, in reference units: >= 0 inside or on the boundary. */
const MARGIN: Record<ElementFamily["shape"], (xi: readonly number[]) => number> = {
  tetrahedron: ([r, s, t]) => Math.min(r, s, t, 1 - r - s - t),
  hexahedron: ([r, s, t]) => 1 - Math.max(Math.abs(r), Math.abs(s), Math.abs(t)),
  wedge: ([r, s, t]) => Math.min(r, s, 1 - r - s, 1 - Math.abs(t)),
  triangle: ([r, s]) => Math.min(r, s, 1 - r - s),
  quadrilateral: ([r, s]) => 1 - Math.max(Math.abs(r), Math.abs(s)),
};

const ITERATIONS = 30;

/** Solves the d x d system J dx = r (d = 2 or 3) by Cramer's rule; null when singular. */
function solveSmall(J: number[][], r: number[]): number[] | null {
  if (J.length === 2) {
    const det = J[0][0] * J[1][1] - J[0][1] * J[1][0];
    if (!(Math.abs(det) > 0)) return null;
    return [(r[0] * J[1][1] - J[0][1] * r[1]) / det, (J[0][0] * r[1] - r[0] * J[1][0]) / det];
  }
  const det3 = (a: number[], b: number[], c: number[]) => a[0] * (b[1] * c[2] - b[2] * c[1]) - b[0] * (a[1] * c[2] - a[2] * c[1]) + c[0] * (a[1] * b[2] - a[2] * b[1]);
  const cols = [0, 1, 2].map((j) => J.map((row) => row[j]));
  const det = det3(cols[0], cols[1], cols[2]);
  if (!(Math.abs(det) > 0)) return null;
  return [det3(r, cols[1], cols[2]) / det, det3(cols[0], r, cols[2]) / det, det3(cols[0], cols[1], r) / det];
}

/**
 * Reference coordinates of p in the element whose node coordinates are X (3 per node; planar families read
 * x, y), or null when Newton does not converge (a point far outside a strongly curved element).
 */
export function inverseMap(fam: ElementFamily, X: ArrayLike<number>, p: readonly number[]): { xi: number[]; margin: number } | null {
  const d = fam.dimension;
  const centre = Array.from({ length: d }, (_, c) => fam.reference.reduce((s, r) => s + r[c], 0) / fam.reference.length);
  let xi = centre;
  for (let it = 0; it < ITERATIONS; it++) {
    const N = fam.shapeFunctions(xi), dN = fam.shapeDerivatives(xi);
    const r = new Array(d).fill(0), J = Array.from({ length: d }, () => new Array(d).fill(0));
    for (let a = 0; a < fam.nodes; a++) {
      for (let c = 0; c < d; c++) {
        r[c] += N[a] * X[3 * a + c];
        for (let k = 0; k < d; k++) J[c][k] += X[3 * a + c] * dN[a][k];
      }
    }
    for (let c = 0; c < d; c++) r[c] = p[c] - r[c];
    const step = solveSmall(J, r);
    if (!step) return null;
    xi = xi.map((v, c) => v + step[c]);
    // A point far outside sends xi far off: no element holds it there, so stop rather than wander.
    if (xi.some((v) => !Number.isFinite(v) || Math.abs(v) > 10)) return null;
    // Newton converges quadratically: a step this small leaves xi exact to round-off.
    if (Math.max(...step.map(Math.abs)) < 1e-12) return { xi, margin: MARGIN[fam.shape](xi) };
  }
  return null;
}
