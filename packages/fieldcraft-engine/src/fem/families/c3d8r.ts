// C3D8R: the trilinear hexahedron with one integration point and hourglass control, as CalculiX makes it
// (shape8hr.f, hgstiffness.f after Flanagan & Belytschko 1981): the stiffness of the element's mean strain plus a
// stiffness on the four hourglass modes scaled by 0.0005 E (forms/uniform-strain.ts). Stresses are the one point's.
import { C3D8 } from "./c3d8.js";
import { hex8Derivatives, hex8Shape } from "./hexahedron.js";
import { tabulate } from "./tabulate.js";
import type { ElementFamily, QuadratureRule } from "./types.js";

const CENTRE: QuadratureRule = { points: [[0, 0, 0]], weights: [8] };

export const C3D8R: ElementFamily = {
  ...C3D8,
  name: "C3D8R",
  description: "8-node linear hexahedron, one point with hourglass control (CalculiX's)",
  rules: { full: C3D8.rules.full, reduced: CENTRE },
  integration: "reduced",
  element: {
    ...tabulate("C3D8R", 3, 8, CENTRE, hex8Shape, hex8Derivatives, Array.from({ length: 8 }, () => [1])),
    // CalculiX's factor: a = 0.0005 * sum of the squared volume derivatives / volume (shape8hr.f).
    uniformStrain: { exact: C3D8.element, hourglass: 0.0005 },
  },
  fullyIntegrated: "C3D8",
  decks: {
    abaqus: "C3D8R",
    nastran: C3D8.decks.nastran,
    // ELFORM 1: LS-DYNA's constant-stress (one point) solid, with its own hourglass control.
    lsdyna: { elform: 1, nodes: [0, 1, 2, 3, 4, 5, 6, 7] },
  },
};
