// Heat loads on facets and volumes: surface flux, film (convection to a sink temperature) and body heat, each
// integrated with the rule CalculiX uses for the element's faces (1 point on a linear triangle, 3 on a quadratic
// one) and volume, so the same deck gives the same temperatures in ccx to round-off.
import type { Mesh } from "../../mesh/types.js";
import { meshFamily } from "../../mesh/types.js";
import { shapeGradients, shapeGradients2D } from "../families/index.js";
import { GAUSS_LINE_2 } from "../families/line.js";
import { gatherCoords } from "../assembly.js";
import { facetNodes, type Facets } from "../loads.js";

interface FaceRule {
  points: readonly (readonly [number, number])[];
  /** Weights on the reference triangle (area 1/2). */
  weights: readonly number[];
}

// ccx: gauss2d4 (the centroid) on the faces of C3D4/DC3D4, gauss2d5 (3 points, degree 2) on C3D10/DC3D10's.
const CENTROID: FaceRule = { points: [[1 / 3, 1 / 3]], weights: [1 / 2] };
const THREE_POINT: FaceRule = { points: [[1 / 6, 1 / 6], [2 / 3, 1 / 6], [1 / 6, 2 / 3]], weights: [1 / 6, 1 / 6, 1 / 6] };

function triangleShape(s: number, t: number, quadratic: boolean): { N: number[]; dS: number[]; dT: number[] } {
  const l = 1 - s - t;
  if (!quadratic) return { N: [l, s, t], dS: [-1, 1, 0], dT: [-1, 0, 1] };
  return {
    N: [l * (2 * l - 1), s * (2 * s - 1), t * (2 * t - 1), 4 * l * s, 4 * s * t, 4 * t * l],
    dS: [1 - 4 * l, 4 * s - 1, 0, 4 * (l - s), 4 * t, -4 * t],
    dT: [1 - 4 * l, 0, 4 * t - 1, -4 * s, 4 * s, 4 * (l - t)],
  };
}

/**
 * Planar meshes: each edge's Gauss points (2 on a linear edge, 3 on a quadratic one: exact for films on straight
 * edges, the radius included) with dA = length weight times the thickness, or 2 pi r for axisymmetry.
 */
function eachPlanarEdgePoint(mesh: Mesh, facets: Facets, thickness: number, visit: (nodes: number[], N: number[], dA: number) => void): void {
  const fam = meshFamily(mesh);
  const X = mesh.nodes;
  const rule = planarHeatEdgeRule(fam.shape, fam.order) ?? null;
  for (let f = 0; f < facets.element.length; f++) {
    const face = fam.faces[facets.side[f]];
    const nodes = face.nodes.map((a) => mesh.elements[facets.element[f] * fam.nodes + a]);
    const r0 = rule ?? face.surface.rule;
    r0.points.forEach(([s], q) => {
      const { N, dS } = face.surface.evaluate(s, 0);
      let tx = 0, ty = 0, r = 0;
      nodes.forEach((n, k) => { tx += dS[k] * X[3 * n]; ty += dS[k] * X[3 * n + 1]; r += N[k] * X[3 * n]; });
      visit(nodes, N, Math.hypot(tx, ty) * r0.weights[q] * (fam.planar === "axisymmetric" ? 2 * Math.PI * r : thickness));
    });
  }
}

const EDGE_MIDPOINT = { points: [[0, 0]], weights: [2] } as const;

/**
 * ccx integrates films on a triangle's edges with its wedge expansion's side-face rule, fewer points along the
 * edge than the exact rule: the midpoint for a linear triangle, 2 Gauss points for a quadratic one (measured
 * against ccx, tests/planar-heat.test.ts). Quadrilaterals use the edge's own exact rule (2 and 3 points).
 */
function planarHeatEdgeRule(shape: string, order: number): { points: readonly (readonly number[])[]; weights: readonly number[] } | undefined {
  if (shape !== "triangle") return undefined;
  return order === 1 ? EDGE_MIDPOINT : GAUSS_LINE_2;
}

/**
 * Visits each face quadrature point with the facet's nodes, their shape values and the area weight dA
 * (planar meshes: their edges, `thickness` deep or revolved).
 */
export function eachHeatFacePoint(mesh: Mesh, facets: Facets, visit: (nodes: number[], N: number[], dA: number) => void, thickness = 1): void {
  if (meshFamily(mesh).planar) return eachPlanarEdgePoint(mesh, facets, thickness, visit);
  // Triangular faces: order 1 or 2 picks ccx's rule. Quadrilateral faces (hexahedra): the family's face shape and
  // rule (2x2 on QUAD4, 3x3 on QUAD8, as ccx integrates DC3D8 and DC3D20 faces).
  const fam = meshFamily(mesh);
  const quadratic = fam.order === 2;
  const rule = quadratic ? THREE_POINT : CENTROID;
  const X = mesh.nodes;
  const tabulated = rule.points.map(([s, t]) => triangleShape(s, t, quadratic));
  const quad = fam.faces[0].corners === 4 ? fam.faces[0].surface : null;
  const quadPoints = quad ? quad.rule.points.map(([s, t]) => quad.evaluate(s, t)) : [];
  for (let f = 0; f < facets.element.length; f++) {
    const nodes = facetNodes(mesh, facets.element[f], facets.side[f]);
    if (quad) {
      quadPoints.forEach(({ N, dS, dT }, q) => {
        let sx = 0, sy = 0, sz = 0, tx = 0, ty = 0, tz = 0;
        nodes.forEach((n, k) => {
          sx += dS[k] * X[3 * n]; sy += dS[k] * X[3 * n + 1]; sz += dS[k] * X[3 * n + 2];
          tx += dT[k] * X[3 * n]; ty += dT[k] * X[3 * n + 1]; tz += dT[k] * X[3 * n + 2];
        });
        visit(nodes, N, Math.hypot(sy * tz - sz * ty, sz * tx - sx * tz, sx * ty - sy * tx) * quad.rule.weights[q]);
      });
      continue;
    }
    tabulated.forEach(({ N, dS, dT }, q) => {
      let sx = 0, sy = 0, sz = 0, tx = 0, ty = 0, tz = 0;
      nodes.forEach((n, k) => {
        sx += dS[k] * X[3 * n]; sy += dS[k] * X[3 * n + 1]; sz += dS[k] * X[3 * n + 2];
        tx += dT[k] * X[3 * n]; ty += dT[k] * X[3 * n + 1]; tz += dT[k] * X[3 * n + 2];
      });
      const dA = Math.hypot(sy * tz - sz * ty, sz * tx - sx * tz, sx * ty - sy * tx) * rule.weights[q];
      visit(nodes, N, dA);
    });
  }
}

/** Adds the nodal heat inflow of a uniform flux `q` (per area, positive into the body) on the facets. */
export function surfaceFluxLoad(mesh: Mesh, facets: Facets, q: number, heat: Float64Array, thickness = 1): void {
  eachHeatFacePoint(mesh, facets, (nodes, N, dA) => nodes.forEach((n, k) => (heat[n] += q * N[k] * dA)), thickness);
}

/**
 * A film h (T - T_sink) leaving through the facets: adds h N_a N_b dA to the matrix (through `add`) and
 * h T_sink N_a dA to the heat inflow.
 */
export function filmLoad(mesh: Mesh, facets: Facets, h: number, sink: number, heat: Float64Array, add: (a: number, b: number, v: number) => void, thickness = 1): void {
  eachHeatFacePoint(
    mesh,
    facets,
    (nodes, N, dA) => {
      nodes.forEach((a, i) => {
        heat[a] += h * sink * N[i] * dA;
        nodes.forEach((b, j) => add(a, b, h * N[i] * N[j] * dA));
      });
    },
    thickness,
  );
}

/** Adds the nodal heat of a uniform source `r` (per volume) in the given elements, with the element's own rule. */
export function bodyHeatLoad(mesh: Mesh, elements: ArrayLike<number>, r: number, heat: Float64Array, thickness = 1): void {
  const fam = meshFamily(mesh);
  const el = fam.element;
  const npe = el.nodes;
  const coords = new Float64Array(3 * npe), grad = new Float64Array(3 * npe);
  for (let t = 0; t < elements.length; t++) {
    const e = elements[t];
    gatherCoords(mesh, npe, e, coords);
    for (let p = 0; p < el.points; p++) {
      let w: number;
      if (fam.planar) {
        // Per area times the thickness, or times 2 pi r at the point (axisymmetry).
        let rad = 0;
        for (let a = 0; a < npe; a++) rad += el.shape[p * npe + a] * coords[3 * a];
        w = el.weights[p] * shapeGradients2D(el, p, coords, grad) * (fam.planar === "axisymmetric" ? 2 * Math.PI * rad : thickness);
      } else w = el.weights[p] * shapeGradients(el, p, coords, grad);
      for (let a = 0; a < npe; a++) heat[mesh.elements[e * npe + a]] += r * w * el.shape[p * npe + a];
    }
  }
}
