// Element quality of a hexahedral or wedge mesh: the scaled Jacobian at the corners (Verdict's definition: the corner's
// three edge vectors, normalised, their triple product; 1 for a cube, <= 0 inverted), edge ratios and the angles
// between the faces meeting at each edge. Computed from the corners (the meshers' quadratic edges are straight).
import { C3D8 } from "../fem/families/c3d8.js";
import { C3D6 } from "../fem/families/c3d6.js";
import { WEDGE_EDGES, WEDGE_FACE_CORNERS } from "../fem/families/wedge.js";
import { HEX_CORNERS, HEX_EDGES, HEX_FACE_CORNERS } from "../fem/families/hexahedron.js";
import { shapeGradients } from "../fem/families/tabulate.js";
import type { ElementQuality, MeshQuality } from "./quality.js";
import { meshFamily, type Mesh } from "./types.js";
import { keepWorst } from "./worst-list.js";

/** Scaled Jacobians below this are reported as poor (the spec's threshold). */
export const POOR_SCALED_JACOBIAN = 0.2;

// Corner k's neighbours along xi, eta, zeta; the triple product of the edges toward them has the sign -a b c.
const HEX = {
  neighbours: HEX_CORNERS.map((r) => [0, 1, 2].map((d) => HEX_CORNERS.findIndex((q) => q.every((v, c) => (c === d ? v === -r[d] : v === r[c]))))),
  sign: HEX_CORNERS.map(([a, b, c]) => -a * b * c),
  edges: HEX_EDGES,
  faces: HEX_FACE_CORNERS as readonly (readonly number[])[],
  element: C3D8.element,
  // 1 for a cube.
  scale: 1,
};
// Wedges (C3D6, C3D15): at a bottom corner the next and previous corners of its triangle and the one above;
// at a top corner the same in its triangle and the one below (the opposite sign). Verdict's 2 / sqrt 3 makes
// the right prism on an equilateral triangle 1.
const WEDGE = {
  neighbours: [0, 1, 2, 3, 4, 5].map((c) => (c < 3 ? [(c + 1) % 3, (c + 2) % 3, c + 3] : [((c + 1) % 3) + 3, ((c + 2) % 3) + 3, c - 3])),
  sign: [1, 1, 1, -1, -1, -1],
  edges: WEDGE_EDGES,
  faces: WEDGE_FACE_CORNERS,
  element: C3D6.element,
  scale: 2 / Math.sqrt(3),
};
// The two faces on each edge.
const edgeFaces = (t: typeof HEX) => t.edges.map(([a, b]) => t.faces.map((f, i) => (f.includes(a) && f.includes(b) ? i : -1)).filter((i) => i >= 0));
const HEX_EDGE_FACES = edgeFaces(HEX), WEDGE_EDGE_FACES = edgeFaces(WEDGE);

export function hexQuality(mesh: Mesh, worstCount: number): MeshQuality & { scaledJacobian: { min: number; max: number; mean: number; below: number; threshold: number } } {
  const fam = meshFamily(mesh);
  const per = fam.nodes;
  const T = fam.shape === "wedge" ? WEDGE : HEX;
  const EDGE_FACES = fam.shape === "wedge" ? WEDGE_EDGE_FACES : HEX_EDGE_FACES;
  const corners = fam.corners;
  const m = mesh.elements.length / per;
  const xyz = mesh.nodes;
  const p = new Float64Array(24);
  const grad = new Float64Array(24);
  const normals = new Float64Array(18);
  let ratioMin = Infinity, ratioMax = 0, ratioSum = 0, angleMin = Infinity, angleMax = -Infinity;
  let sjMin = Infinity, sjMax = -Infinity, sjSum = 0, below = 0, inverted = 0;
  const worst: (ElementQuality & { scaledJacobian: number })[] = [];
  const v = (i: number, j: number, c: number) => p[3 * j + c] - p[3 * i + c];
  for (let e = 0; e < m; e++) {
    for (let c = 0; c < corners; c++) for (let a = 0; a < 3; a++) p[3 * c + a] = xyz[3 * mesh.elements[per * e + c] + a];
    let lMin = Infinity, lMax = 0;
    for (const [i, j] of T.edges) {
      const l = v(i, j, 0) ** 2 + v(i, j, 1) ** 2 + v(i, j, 2) ** 2;
      lMin = Math.min(lMin, l);
      lMax = Math.max(lMax, l);
    }
    const ratio = Math.sqrt(lMax / lMin);
    let sj = Infinity;
    T.neighbours.forEach(([i, j, k], c) => {
      const ax = v(c, i, 0), ay = v(c, i, 1), az = v(c, i, 2), bx = v(c, j, 0), by = v(c, j, 1), bz = v(c, j, 2), cx = v(c, k, 0), cy = v(c, k, 1), cz = v(c, k, 2);
      const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
      sj = Math.min(sj, (T.scale * T.sign[c] * det) / (Math.hypot(ax, ay, az) * Math.hypot(bx, by, bz) * Math.hypot(cx, cy, cz)));
    });
    let volume = 0;
    for (let q = 0; q < T.element.points; q++) volume += T.element.weights[q] * shapeGradients(T.element, q, p, grad);
    // Face normals from the diagonals, pointing into the element (the faces wind inward).
    T.faces.forEach((face, f) => {
      // Quadrilaterals by their diagonals; triangles by two sides.
      const [a, b, c, d] = face.length === 4 ? face : [face[0], face[0], face[1], face[2]];
      const ux = v(a, c, 0), uy = v(a, c, 1), uz = v(a, c, 2), wx = v(b, d, 0), wy = v(b, d, 1), wz = v(b, d, 2);
      const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
      const len = Math.hypot(nx, ny, nz) || 1;
      normals[3 * f] = nx / len; normals[3 * f + 1] = ny / len; normals[3 * f + 2] = nz / len;
    });
    let eMin = Infinity, eMax = -Infinity;
    for (const [f, g] of EDGE_FACES) {
      // Inward normals: the interior angle is 180 degrees minus the angle between them.
      const cos = -(normals[3 * f] * normals[3 * g] + normals[3 * f + 1] * normals[3 * g + 1] + normals[3 * f + 2] * normals[3 * g + 2]);
      const angle = (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
      eMin = Math.min(eMin, angle);
      eMax = Math.max(eMax, angle);
    }
    ratioMin = Math.min(ratioMin, ratio); ratioMax = Math.max(ratioMax, ratio); ratioSum += ratio;
    angleMin = Math.min(angleMin, eMin); angleMax = Math.max(angleMax, eMax);
    sjMin = Math.min(sjMin, sj); sjMax = Math.max(sjMax, sj); sjSum += sj;
    if (sj < POOR_SCALED_JACOBIAN) below++;
    if (!(sj > 0)) inverted++;
    if (worst.length < worstCount || sj < worst[worst.length - 1].scaledJacobian) {
      const entry = { index: e, body: mesh.bodies[mesh.elementBody[e]] ?? "", minDihedral: eMin, maxDihedral: eMax, edgeRatio: ratio, volume, scaledJacobian: sj };
      keepWorst(worst, entry, worstCount, (q) => q.scaledJacobian);
    }
  }
  return {
    elements: m,
    nodes: xyz.length / 3,
    type: mesh.type,
    edgeRatio: m ? { min: ratioMin, max: ratioMax, mean: ratioSum / m } : { min: 0, max: 0, mean: 0 },
    dihedral: m ? { min: angleMin, max: angleMax } : { min: 0, max: 0 },
    inverted,
    worst,
    scaledJacobian: m ? { min: sjMin, max: sjMax, mean: sjSum / m, below, threshold: POOR_SCALED_JACOBIAN } : { min: 0, max: 0, mean: 0, below: 0, threshold: POOR_SCALED_JACOBIAN },
  };
}
