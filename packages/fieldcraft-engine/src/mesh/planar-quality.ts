// Element quality of a planar mesh (CPS, CPE, CAX) in its own x-y plane: the interior angles at the corners, edge
// ratios, the area, and the 2D Jacobian's sign (counter-clockwise elements are positive, as CalculiX numbers them).
// Quadratic elements are also inverted when det J is not positive at an integration point (a mid-side node pulled
// across). Quadrilaterals add the scaled Jacobian at the corners (1 for a rectangle, <= 0 inverted).
import { POOR_SCALED_JACOBIAN } from "./hex-quality.js";
import type { ElementQuality, MeshQuality } from "./quality.js";
import { meshFamily, type Mesh } from "./types.js";
import { keepWorst } from "./worst-list.js";

const degrees = (radians: number) => (radians * 180) / Math.PI;

export function planarQuality(mesh: Mesh, worstCount: number): MeshQuality {
  const fam = meshFamily(mesh);
  const per = fam.nodes, corners = fam.corners;
  const quad = fam.shape === "quadrilateral";
  const rule = fam.rules.full;
  const dN = rule.points.map((xi) => fam.shapeDerivatives(xi));
  const m = mesh.elements.length / per;
  const xy = mesh.nodes;
  let ratioMin = Infinity, ratioMax = 0, ratioSum = 0, angleMin = Infinity, angleMax = -Infinity;
  let sjMin = Infinity, sjMax = -Infinity, sjSum = 0, below = 0, inverted = 0;
  const worst: ElementQuality[] = [];
  // Quadrilaterals rank by scaled Jacobian, triangles by their smallest angle; inverted elements first.
  const rank = (q: ElementQuality) => (q.volume > 0 && (q.scaledJacobian ?? 1) > 0 ? (quad ? q.scaledJacobian! : q.minDihedral / 60) : -Infinity);
  for (let e = 0; e < m; e++) {
    const node = (i: number) => 3 * mesh.elements[per * e + i];
    const X = (i: number) => xy[node(i)], Y = (i: number) => xy[node(i) + 1];
    let lMin = Infinity, lMax = 0, aMin = Infinity, aMax = -Infinity, sj = Infinity;
    for (let c = 0; c < corners; c++) {
      const next = (c + 1) % corners, prev = (c + corners - 1) % corners;
      const ux = X(next) - X(c), uy = Y(next) - Y(c), vx = X(prev) - X(c), vy = Y(prev) - Y(c);
      const lu = Math.hypot(ux, uy), lv = Math.hypot(vx, vy);
      lMin = Math.min(lMin, lu);
      lMax = Math.max(lMax, lu);
      // The signed angle from the edge to the next corner round to the edge to the previous one (counter-clockwise: positive).
      const cross = ux * vy - uy * vx;
      const angle = degrees(Math.atan2(cross, ux * vx + uy * vy));
      aMin = Math.min(aMin, angle);
      aMax = Math.max(aMax, angle);
      sj = Math.min(sj, cross / (lu * lv));
    }
    // Area and det J at the integration points.
    let area = 0, negative = false;
    rule.weights.forEach((w, q) => {
      let j00 = 0, j01 = 0, j10 = 0, j11 = 0;
      for (let i = 0; i < per; i++) {
        j00 += dN[q][i][0] * X(i); j01 += dN[q][i][0] * Y(i);
        j10 += dN[q][i][1] * X(i); j11 += dN[q][i][1] * Y(i);
      }
      const det = j00 * j11 - j01 * j10;
      if (!(det > 0)) negative = true;
      area += w * det;
    });
    const ratio = lMax / lMin;
    ratioMin = Math.min(ratioMin, ratio); ratioMax = Math.max(ratioMax, ratio); ratioSum += ratio;
    angleMin = Math.min(angleMin, aMin); angleMax = Math.max(angleMax, aMax);
    if (negative || !(sj > 0)) inverted++;
    if (quad) {
      sjMin = Math.min(sjMin, sj); sjMax = Math.max(sjMax, sj); sjSum += sj;
      if (sj < POOR_SCALED_JACOBIAN) below++;
    }
    const entry: ElementQuality = {
      index: e,
      body: mesh.bodies[mesh.elementBody[e]] ?? "",
      minDihedral: aMin,
      maxDihedral: aMax,
      edgeRatio: ratio,
      volume: negative ? Math.min(area, 0) : area,
      ...(quad ? { scaledJacobian: sj } : {}),
    };
    if (worstCount > 0 && (worst.length < worstCount || rank(entry) < rank(worst[worst.length - 1]))) {
      keepWorst(worst, entry, worstCount, rank);
    }
  }
  return {
    elements: m,
    nodes: xy.length / 3,
    type: mesh.type,
    edgeRatio: m ? { min: ratioMin, max: ratioMax, mean: ratioSum / m } : { min: 0, max: 0, mean: 0 },
    dihedral: m ? { min: angleMin, max: angleMax } : { min: 0, max: 0 },
    inverted,
    worst,
    ...(quad ? { scaledJacobian: m ? { min: sjMin, max: sjMax, mean: sjSum / m, below, threshold: POOR_SCALED_JACOBIAN } : { min: 0, max: 0, mean: 0, below: 0, threshold: POOR_SCALED_JACOBIAN } } : {}),
  };
}
