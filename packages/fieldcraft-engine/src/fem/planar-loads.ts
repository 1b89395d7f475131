// Consistent nodal forces on the edges of planar elements (their "faces"): a uniform pressure (positive into
// the body) or traction per unit area, times the out-of-plane measure: the thickness (plane stress and strain)
// or 2 pi r (axisymmetry: forces for the full circle, the convention of the solver and of CalculiX decks).
import { meshFamily, type Mesh } from "../mesh/types.js";
import type { Facets } from "./loads.js";

/** Visits each Gauss point of each edge with its nodes, shape values and the outward normal times the measure. */
function eachEdgePoint(mesh: Mesh, facets: Facets, thickness: number, visit: (nodes: number[], N: number[], nx: number, ny: number) => void): void {
  const fam = meshFamily(mesh);
  const X = mesh.nodes;
  const axi = fam.planar === "axisymmetric";
  for (let f = 0; f < facets.element.length; f++) {
    const e = facets.element[f], face = fam.faces[facets.side[f]];
    const nodes = face.nodes.map((a) => mesh.elements[e * fam.nodes + a]);
    // Which side is out: away from the element's corner centroid.
    let ex = 0, ey = 0;
    for (let a = 0; a < fam.corners; a++) {
      const n = mesh.elements[e * fam.nodes + a];
      ex += X[3 * n] / fam.corners; ey += X[3 * n + 1] / fam.corners;
    }
    const mx = (X[3 * nodes[0]] + X[3 * nodes[1]]) / 2, my = (X[3 * nodes[0] + 1] + X[3 * nodes[1] + 1]) / 2;
    face.surface.rule.points.forEach(([s], q) => {
      const { N, dS } = face.surface.evaluate(s, 0);
      let tx = 0, ty = 0, r = 0;
      nodes.forEach((n, k) => { tx += dS[k] * X[3 * n]; ty += dS[k] * X[3 * n + 1]; r += N[k] * X[3 * n]; });
      let nx = ty, ny = -tx;
      if (nx * (ex - mx) + ny * (ey - my) > 0) { nx = -nx; ny = -ny; }
      const w = face.surface.rule.weights[q] * (axi ? 2 * Math.PI * r : thickness);
      visit(nodes, N, nx * w, ny * w);
    });
  }
}

/** Loaded measure of the edges: length times thickness, or the area of revolution for axisymmetry. */
export function planarEdgeLength(mesh: Mesh, facets: Facets, thickness = 1): number {
  let a = 0;
  eachEdgePoint(mesh, facets, thickness, (_n, _N, nx, ny) => (a += Math.hypot(nx, ny)));
  return a;
}

/** Adds the nodal forces (3 per node, z untouched) of a pressure and/or a traction (force per area) on the edges. */
export function planarEdgeLoad(
  mesh: Mesh,
  facets: Facets,
  load: { pressure?: number; traction?: [number, number] },
  thickness = 1,
  forces: Float64Array<ArrayBufferLike> = new Float64Array(mesh.nodes.length),
): Float64Array<ArrayBufferLike> {
  const p = load.pressure ?? 0, [tx, ty] = load.traction ?? [0, 0];
  eachEdgePoint(mesh, facets, thickness, (nodes, N, nx, ny) => {
    const dA = Math.hypot(nx, ny);
    nodes.forEach((n, k) => {
      forces[3 * n] += N[k] * (tx * dA - p * nx);
      forces[3 * n + 1] += N[k] * (ty * dA - p * ny);
    });
  });
  return forces;
}
