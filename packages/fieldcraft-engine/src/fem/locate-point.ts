// Points in a mesh of any family: a grid of element boxes gives each point its candidate elements, the family's
// shape functions inverse-mapped by Newton's method give its reference coordinates in each, and the element
// holding it most deeply wins (points on faces and edges count, to a small tolerance). Planar meshes lie in
// z = 0: a point off that plane is outside. The nearest node of any point comes from a grid of the nodes.
import { family } from "./families/index.js";
import { inverseMap } from "./inverse-map.js";
import { buildGrid, cellItems, nearestItem, type SpatialGrid } from "./spatial-grid.js";
import type { Mesh } from "../mesh/types.js";

export interface Located {
  element: number;
  /** Element-local shape values at the point, one per element node. */
  shape: number[];
  nodes: number[];
}

/** How far outside the reference element (in its own units) a point may lie and still count as on its boundary. */
const TOLERANCE = 1e-7;
/** Element boxes grow by this share of their size: quadratic elements' curved sides may bulge past their nodes. */
const PAD = 0.1;

export interface PointLocator {
  /** The element holding p and its shape values there, or null outside the mesh. */
  locate(p: readonly number[]): Located | null;
  /** The node nearest p (0-based) and its distance. */
  nearestNode(p: readonly number[]): { node: number; distance: number };
}

function nodeGrid(mesh: Mesh): SpatialGrid {
  const count = mesh.nodes.length / 3;
  const boxes = new Float64Array(6 * count);
  for (let n = 0; n < count; n++) for (let a = 0; a < 3; a++) boxes[6 * n + a] = boxes[6 * n + 3 + a] = mesh.nodes[3 * n + a];
  return buildGrid(boxes, count, 4);
}

function elementGrid(mesh: Mesh): { grid: SpatialGrid; boxes: Float64Array; size: number } {
  const npe = family(mesh.type).nodes, X = mesh.nodes;
  const count = mesh.elements.length / npe;
  const boxes = new Float64Array(6 * count);
  let size = 0;
  for (let e = 0; e < count; e++) {
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
    for (let a = 0; a < npe; a++) {
      const n = mesh.elements[e * npe + a];
      for (let c = 0; c < 3; c++) (lo[c] = Math.min(lo[c], X[3 * n + c])), (hi[c] = Math.max(hi[c], X[3 * n + c]));
    }
    const pad = PAD * Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
    size = Math.max(size, ...[0, 1, 2].map((c) => hi[c] - lo[c]));
    for (let c = 0; c < 3; c++) (boxes[6 * e + c] = lo[c] - pad), (boxes[6 * e + 3 + c] = hi[c] + pad);
  }
  return { grid: buildGrid(boxes, count, 2), boxes, size };
}

/** A locator over the mesh: grids built once, then any number of points. */
export function pointLocator(mesh: Mesh): PointLocator {
  const fam = family(mesh.type);
  const npe = fam.nodes, X = mesh.nodes;
  let elements: ReturnType<typeof elementGrid> | undefined;
  let nodes: SpatialGrid | undefined;
  const coords = new Float64Array(3 * npe);
  return {
    locate(p) {
      elements ??= elementGrid(mesh);
      if (fam.dimension === 2 && Math.abs(p[2]) > TOLERANCE * elements.size) return null;
      let best: Located | null = null, depth = -Infinity;
      const B = elements.boxes;
      for (const e of cellItems(elements.grid, p)) {
        // Only elements whose (padded) box holds the point are worth a Newton solve.
        if (p[0] < B[6 * e] || p[0] > B[6 * e + 3] || p[1] < B[6 * e + 1] || p[1] > B[6 * e + 4] || p[2] < B[6 * e + 2] || p[2] > B[6 * e + 5]) continue;
        for (let a = 0; a < npe; a++) for (let c = 0; c < 3; c++) coords[3 * a + c] = X[3 * mesh.elements[e * npe + a] + c];
        const mapped = inverseMap(fam, coords, p);
        if (!mapped || mapped.margin < -TOLERANCE || mapped.margin <= depth) continue;
        depth = mapped.margin;
        best = { element: e, shape: fam.shapeFunctions(mapped.xi), nodes: Array.from(mesh.elements.subarray(e * npe, e * npe + npe)) };
      }
      return best;
    },
    nearestNode(p) {
      nodes ??= nodeGrid(mesh);
      const { item, distance } = nearestItem(nodes, p, (n) => Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2]));
      return { node: item, distance };
    },
  };
}

/** The element holding each point (null outside the mesh). */
export function locatePoints(mesh: Mesh, points: readonly (readonly number[])[]): (Located | null)[] {
  const locator = pointLocator(mesh);
  return points.map((p) => locator.locate(p));
}

/** A nodal field's value at a located point. */
export function interpolate(located: Located, read: (n: number) => number): number {
  let s = 0;
  located.nodes.forEach((n, a) => (s += located.shape[a] * read(n)));
  return s;
}
