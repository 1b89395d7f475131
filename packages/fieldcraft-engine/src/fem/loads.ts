// Consistent nodal forces for loads on boundary facets, and a total force spread over a set.
import type { Mesh } from "../mesh/types.js";
import { meshFamily } from "../mesh/types.js";

/** Boundary facets as (element, local side 0..3) pairs, e.g. the subset of `mesh.boundary` on some faces. */
export interface Facets {
  element: ArrayLike<number>;
  side: ArrayLike<number>;
}

export type Vec3 = [number, number, number];

/** The facet's nodes as its family lists them: corners, then mid-side nodes (quadratic families). */
export function facetNodes(mesh: Mesh, element: number, side: number): number[] {
  const fam = meshFamily(mesh);
  return fam.faces[side].nodes.map((a) => mesh.elements[element * fam.nodes + a]);
}

/**
 * Visits each quadrature point of each facet with the facet's nodes, shape values and the area vector
 * n dA pointing out of the element.
 */
export function eachFacetPoint(mesh: Mesh, facets: Facets, visit: (nodes: number[], N: number[], nx: number, ny: number, nz: number) => void): void {
  const fam = meshFamily(mesh);
  const npe = fam.nodes;
  const X = mesh.nodes;
  for (let f = 0; f < facets.element.length; f++) {
    const e = facets.element[f], side = facets.side[f];
    const face = fam.faces[side];
    const nodes = facetNodes(mesh, e, side);
    // The element's centroid tells which way is out of the element.
    let ex = 0, ey = 0, ez = 0;
    for (let a = 0; a < fam.corners; a++) {
      const n = mesh.elements[e * npe + a];
      ex += X[3 * n] / fam.corners; ey += X[3 * n + 1] / fam.corners; ez += X[3 * n + 2] / fam.corners;
    }
    let cx = 0, cy = 0, cz = 0;
    for (let k = 0; k < face.corners; k++) {
      cx += X[3 * nodes[k]] / face.corners; cy += X[3 * nodes[k] + 1] / face.corners; cz += X[3 * nodes[k] + 2] / face.corners;
    }
    const ox = ex - cx, oy = ey - cy, oz = ez - cz;
    const { rule } = face.surface;
    rule.points.forEach(([s, t], q) => {
      const { N, dS, dT } = face.surface.evaluate(s, t);
      let sx = 0, sy = 0, sz = 0, tx = 0, ty = 0, tz = 0;
      nodes.forEach((n, k) => {
        sx += dS[k] * X[3 * n]; sy += dS[k] * X[3 * n + 1]; sz += dS[k] * X[3 * n + 2];
        tx += dT[k] * X[3 * n]; ty += dT[k] * X[3 * n + 1]; tz += dT[k] * X[3 * n + 2];
      });
      let nx = sy * tz - sz * ty, ny = sz * tx - sx * tz, nz = sx * ty - sy * tx;
      if (nx * ox + ny * oy + nz * oz > 0) {
        nx = -nx; ny = -ny; nz = -nz;
      }
      const w = rule.weights[q];
      visit(nodes, N, nx * w, ny * w, nz * w);
    });
  }
}

/** Total area of the facets. */
export function facetArea(mesh: Mesh, facets: Facets): number {
  let area = 0;
  eachFacetPoint(mesh, facets, (_n, _N, nx, ny, nz) => (area += Math.hypot(nx, ny, nz)));
  return area;
}

/** Adds the consistent nodal forces of a uniform traction (force per area, global axes) on the facets. */
export function tractionLoad(mesh: Mesh, facets: Facets, traction: Vec3, forces = new Float64Array(mesh.nodes.length)): Float64Array {
  eachFacetPoint(mesh, facets, (nodes, N, nx, ny, nz) => {
    const dA = Math.hypot(nx, ny, nz);
    nodes.forEach((n, k) => {
      forces[3 * n] += N[k] * traction[0] * dA;
      forces[3 * n + 1] += N[k] * traction[1] * dA;
      forces[3 * n + 2] += N[k] * traction[2] * dA;
    });
  });
  return forces;
}

/** Adds the consistent nodal forces of a uniform pressure (positive pushes into the body, against the outward normal). */
export function pressureLoad(mesh: Mesh, facets: Facets, pressure: number, forces = new Float64Array(mesh.nodes.length)): Float64Array {
  eachFacetPoint(mesh, facets, (nodes, N, nx, ny, nz) => {
    nodes.forEach((n, k) => {
      forces[3 * n] -= N[k] * pressure * nx;
      forces[3 * n + 1] -= N[k] * pressure * ny;
      forces[3 * n + 2] -= N[k] * pressure * nz;
    });
  });
  return forces;
}

export type SpreadResult = { ok: true; forces: Float64Array } | { ok: false; error: string };

/**
 * A total force spread over a set: as the uniform traction F / area over the set's facets, or, for a
 * node set without facets, in equal shares per node.
 */
export function spreadForce(
  mesh: Mesh,
  target: { facets?: Facets; nodes?: ArrayLike<number> },
  force: Vec3,
  forces = new Float64Array(mesh.nodes.length),
): SpreadResult {
  if (target.facets && target.facets.element.length > 0) {
    const area = facetArea(mesh, target.facets);
    if (!(area > 0)) return { ok: false, error: "the set's faces have zero area; choose a set with faces" };
    return { ok: true, forces: tractionLoad(mesh, target.facets, [force[0] / area, force[1] / area, force[2] / area], forces) };
  }
  const nodes = target.nodes;
  if (!nodes || nodes.length === 0) return { ok: false, error: "the set has neither faces nor nodes to carry the force" };
  for (let t = 0; t < nodes.length; t++) {
    const n = nodes[t];
    forces[3 * n] += force[0] / nodes.length;
    forces[3 * n + 1] += force[1] / nodes.length;
    forces[3 * n + 2] += force[2] / nodes.length;
  }
  return { ok: true, forces };
}

/** The boundary facets lying on any of the given face tags (indices into `mesh.faceTags`). */
export function facetsWithTags(mesh: Mesh, tags: ArrayLike<number>): { element: Int32Array; side: Uint8Array } {
  const want = new Set(Array.from(tags));
  const picked: number[] = [];
  for (let f = 0; f < mesh.boundary.tag.length; f++) if (want.has(mesh.boundary.tag[f])) picked.push(f);
  return {
    element: Int32Array.from(picked, (f) => mesh.boundary.element[f]),
    side: Uint8Array.from(picked, (f) => mesh.boundary.side[f]),
  };
}
