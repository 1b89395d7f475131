// C3D4: linear tetrahedron, one integration point at the centroid (as CalculiX integrates it).
import { tabulate } from "./element.js";

export const TET4 = tabulate(
  "C3D4",
  4,
  [[0.25, 0.25, 0.25]],
  [1 / 6],
  (xi, eta, zeta) => [1 - xi - eta - zeta, xi, eta, zeta],
  () => [
    [-1, -1, -1],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  // Constant strain: every node takes the single point's value.
  [[1], [1], [1], [1]],
);
