// What a fluid solution offers beyond its unknowns: pressure at every node, vorticity magnitude, the flow
// through boundary facets (flux and mean pressure), and values interpolated at points inside the mesh.
import { C3D10 } from "../families/c3d10.js";
import { shapeGradients, tabulate, TET_EDGES } from "../families/index.js";
import { eachFacetPoint, type Facets } from "../loads.js";
import type { Mesh } from "../../mesh/types.js";
import type { TaylorHood } from "./taylor-hood.js";

const NPE = 10;

/** Pressure at every node from the corner values (mid-edge nodes: the mean of their edge's corners, exact for P1). */
export function nodalPressure(mesh: Mesh, th: TaylorHood, p: Float64Array): Float64Array {
  const out = new Float64Array(th.nV);
  for (let q = 0; q < th.nP; q++) out[th.pressureNode[q]] = p[q];
  const ne = mesh.elements.length / NPE;
  for (let e = 0; e < ne; e++)
    TET_EDGES.forEach(([a, b], k) => {
      const base = e * NPE;
      out[mesh.elements[base + 4 + k]] = 0.5 * (out[mesh.elements[base + a]] + out[mesh.elements[base + b]]);
    });
  return out;
}

// Shape derivatives tabulated at the element's own nodes, for nodal gradients.
const AT_NODES = tabulate("C3D10/nodes", 3, NPE, { points: C3D10.reference, weights: C3D10.reference.map(() => 0) }, C3D10.shapeFunctions, C3D10.shapeDerivatives, []);

/** |curl u| at nodes, the curl evaluated in each element at its nodes and averaged over the elements sharing a node. */
export function vorticityMagnitude(mesh: Mesh, velocity: Float64Array): Float64Array {
  const nn = mesh.nodes.length / 3;
  const sum = new Float64Array(3 * nn), count = new Float64Array(nn);
  const coords = new Float64Array(3 * NPE), grad = new Float64Array(3 * NPE);
  const ne = mesh.elements.length / NPE;
  for (let e = 0; e < ne; e++) {
    for (let a = 0; a < NPE; a++) {
      const n = mesh.elements[e * NPE + a];
      for (let c = 0; c < 3; c++) coords[3 * a + c] = mesh.nodes[3 * n + c];
    }
    for (let p = 0; p < NPE; p++) {
      shapeGradients(AT_NODES, p, coords, grad);
      // G[i][j] = d u_i / d x_j
      const G = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      for (let a = 0; a < NPE; a++) {
        const n = mesh.elements[e * NPE + a];
        for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) G[3 * i + j] += velocity[3 * n + i] * grad[3 * a + j];
      }
      const n = mesh.elements[e * NPE + p];
      sum[3 * n] += G[7] - G[5];
      sum[3 * n + 1] += G[2] - G[6];
      sum[3 * n + 2] += G[3] - G[1];
      count[n]++;
    }
  }
  const out = new Float64Array(nn);
  for (let n = 0; n < nn; n++) if (count[n] > 0) out[n] = Math.hypot(sum[3 * n], sum[3 * n + 1], sum[3 * n + 2]) / count[n];
  return out;
}

export interface FacetFlow {
  /** Volume flow out of the fluid through the facets (negative: inflow). */
  flow: number;
  area: number;
  /** Integral of the pressure over the facets divided by their area. */
  meanPressure: number;
  /** Inflow and outflow summed facet by facet (both >= 0). */
  inflow: number;
  outflow: number;
}

/** Flux of u . n (n out of the fluid) and the mean pressure over boundary facets, on the face's own rule (exact for P2 on flat facets). */
export function facetFlow(mesh: Mesh, facets: Facets, velocity: Float64Array, pressure: Float64Array): FacetFlow {
  let flow = 0, area = 0, pint = 0, inflow = 0, outflow = 0;
  let facet = 0;
  // One facet at a time, so in- and outflow are split per facet.
  for (let f = 0; f < facets.element.length; f++) {
    facet = 0;
    eachFacetPoint(mesh, { element: [facets.element[f]], side: [facets.side[f]] }, (nodes, N, nx, ny, nz) => {
      let ux = 0, uy = 0, uz = 0, p = 0;
      nodes.forEach((n, k) => {
        ux += N[k] * velocity[3 * n]; uy += N[k] * velocity[3 * n + 1]; uz += N[k] * velocity[3 * n + 2];
        p += N[k] * pressure[n];
      });
      const dA = Math.hypot(nx, ny, nz);
      facet += ux * nx + uy * ny + uz * nz;
      area += dA;
      pint += p * dA;
    });
    flow += facet;
    if (facet > 0) outflow += facet;
    else inflow -= facet;
  }
  return { flow, area, meanPressure: area > 0 ? pint / area : 0, inflow, outflow };
}

/** Perimeter of a set of triangular facets: the length of the corner edges that only one facet of the set uses. */
export function facetPerimeter(mesh: Mesh, facets: Facets): number {
  const fam = C3D10;
  const edges = new Map<string, number>();
  for (let f = 0; f < facets.element.length; f++) {
    const corners = fam.faces[facets.side[f]].nodes.slice(0, 3).map((a) => mesh.elements[facets.element[f] * NPE + a]);
    for (let k = 0; k < 3; k++) {
      const a = corners[k], b = corners[(k + 1) % 3];
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  let length = 0;
  for (const [key, uses] of edges) {
    if (uses !== 1) continue;
    const [a, b] = key.split(",").map(Number);
    length += Math.hypot(mesh.nodes[3 * a] - mesh.nodes[3 * b], mesh.nodes[3 * a + 1] - mesh.nodes[3 * b + 1], mesh.nodes[3 * a + 2] - mesh.nodes[3 * b + 2]);
  }
  return length;
}
