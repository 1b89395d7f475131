// Structured planar meshes: an nx x ny grid of a mapped rectangle (any map (s, t) in [0,1]^2 -> (x, y)), as
// quadrilaterals or triangles (each cell split along its diagonal), linear or quadratic, in a planar family.
// The four sides are tagged as the faces (edges) named in `edges` ([bottom t=0, right s=1, top t=1, left s=0]).
import { planarFamilyOf, type PlanarKind } from "../fem/families/index.js";
import type { Mesh } from "./types.js";

export interface PlanarGridOptions {
  kind: PlanarKind;
  shape: "triangle" | "quadrilateral";
  order: 1 | 2;
  cells: [number, number];
  map: (s: number, t: number) => [number, number];
  body?: string;
  edges?: [string, string, string, string];
}

export function planarGridMesh(o: PlanarGridOptions): Mesh {
  const fam = planarFamilyOf(o.kind, o.shape, o.order);
  const [nx, ny] = o.cells;
  const k = o.order; // nodes per cell side
  const px = k * nx + 1, py = k * ny + 1;
  const nodes = new Float64Array(3 * px * py);
  for (let j = 0; j < py; j++)
    for (let i = 0; i < px; i++) {
      const [x, y] = o.map(i / (px - 1), j / (py - 1));
      nodes[3 * (j * px + i)] = x;
      nodes[3 * (j * px + i) + 1] = y;
    }
  const id = (i: number, j: number) => j * px + i;
  const elements: number[] = [];
  const bElem: number[] = [], bSide: number[] = [], bTag: number[] = [];
  let e = 0;
  const edge = (side: number, tag: number) => { bElem.push(e); bSide.push(side); bTag.push(tag); };
  for (let cj = 0; cj < ny; cj++)
    for (let ci = 0; ci < nx; ci++) {
      const i0 = k * ci, j0 = k * cj, i1 = i0 + k, j1 = j0 + k, im = i0 + 1, jm = j0 + 1;
      if (o.shape === "quadrilateral") {
        elements.push(id(i0, j0), id(i1, j0), id(i1, j1), id(i0, j1));
        if (k === 2) elements.push(id(im, j0), id(i1, jm), id(im, j1), id(i0, jm));
        if (cj === 0) edge(0, 0);
        if (ci === nx - 1) edge(1, 1);
        if (cj === ny - 1) edge(2, 2);
        if (ci === 0) edge(3, 3);
        e++;
      } else {
        // Lower-right triangle (c00, c10, c11), upper-left (c00, c11, c01).
        elements.push(id(i0, j0), id(i1, j0), id(i1, j1));
        if (k === 2) elements.push(id(im, j0), id(i1, jm), id(im, jm));
        if (cj === 0) edge(0, 0);
        if (ci === nx - 1) edge(1, 1);
        e++;
        elements.push(id(i0, j0), id(i1, j1), id(i0, j1));
        if (k === 2) elements.push(id(im, jm), id(im, j1), id(i0, jm));
        if (cj === ny - 1) edge(1, 2);
        if (ci === 0) edge(2, 3);
        e++;
      }
    }
  // Quadratic quadrilaterals leave the cell centres unused: renumber the nodes the elements use, in order.
  const used = new Int32Array(px * py).fill(-1);
  let count = 0;
  for (const n of elements) if (used[n] < 0) used[n] = 0;
  for (let n = 0; n < used.length; n++) if (used[n] === 0) used[n] = count++;
  const compact = new Float64Array(3 * count);
  for (let n = 0; n < used.length; n++) if (used[n] >= 0) compact.set(nodes.subarray(3 * n, 3 * n + 3), 3 * used[n]);
  const body = o.body ?? "Plate";
  const names = o.edges ?? ["E:bottom", "E:right", "E:top", "E:left"];
  return {
    type: fam.name,
    nodes: compact,
    elements: Int32Array.from(elements, (n) => used[n]),
    elementBody: new Int32Array(e),
    bodies: [body],
    boundary: { element: Int32Array.from(bElem), side: Uint8Array.from(bSide), tag: Int32Array.from(bTag) },
    faceTags: names.map((face) => ({ body, face })),
  };
}
