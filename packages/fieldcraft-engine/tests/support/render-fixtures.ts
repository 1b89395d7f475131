// Hand-made meshes for the render and deck tests: a structured tet mesh of an axis-aligned box (each hex
// cell split into 6 Kuhn tets, conforming across cells), boundary facets tagged F1:-x ... F1:+z as the design
// format names a box's faces. Kept apart from the solver's box helper so each suite owns its fixtures.
import type { Body, BodyEdge, BodyFace, Design, Vec3 } from "../../src/geometry/types.js";
import { TET_FACE_CORNERS, type ElementType, type Mesh } from "../../src/mesh/types.js";

export interface BoxMeshOptions {
  min: [number, number, number];
  max: [number, number, number];
  divisions: [number, number, number];
  type?: ElementType;
  body?: string;
}

const FACE_NAMES = ["F1:-x", "F1:+x", "F1:-y", "F1:+y", "F1:-z", "F1:+z"];

export function boxMesh(options: BoxMeshOptions): Mesh {
  const { min, max, divisions } = options;
  const [nx, ny, nz] = divisions;
  const type = options.type ?? "C3D4";
  const id = (i: number, j: number, k: number) => i + (nx + 1) * (j + (ny + 1) * k);
  const coords: number[] = [];
  const grid: [number, number, number][] = [];
  for (let k = 0; k <= nz; k++)
    for (let j = 0; j <= ny; j++)
      for (let i = 0; i <= nx; i++) {
        coords.push(min[0] + ((max[0] - min[0]) * i) / nx, min[1] + ((max[1] - min[1]) * j) / ny, min[2] + ((max[2] - min[2]) * k) / nz);
        grid.push([i, j, k]);
      }
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const tets: number[][] = [];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        for (const perm of perms) {
          const p = [i, j, k];
          const tet = [id(p[0], p[1], p[2])];
          for (const axis of perm) {
            p[axis]++;
            tet.push(id(p[0], p[1], p[2]));
          }
          if (volume(coords, tet) < 0) [tet[1], tet[2]] = [tet[2], tet[1]];
          tets.push(tet);
        }
  // Boundary facets: all three corners on one box face.
  const be: number[] = [], bs: number[] = [], bt: number[] = [];
  const limits = [0, nx, 0, ny, 0, nz];
  tets.forEach((tet, e) => {
    TET_FACE_CORNERS.forEach((fc, side) => {
      for (let f = 0; f < 6; f++) {
        const axis = f >> 1;
        if (fc.every((c) => grid[tet[c]][axis] === limits[f])) {
          be.push(e);
          bs.push(side);
          bt.push(f);
        }
      }
    });
  });
  let nodes = coords;
  let elements: number[];
  if (type === "C3D10") {
    nodes = coords.slice();
    const midIndex = new Map<number, number>();
    const base = coords.length / 3;
    const mid = (a: number, b: number) => {
      const key = a < b ? a * base + b : b * base + a;
      let m = midIndex.get(key);
      if (m === undefined) {
        m = nodes.length / 3;
        nodes.push((coords[3 * a] + coords[3 * b]) / 2, (coords[3 * a + 1] + coords[3 * b + 1]) / 2, (coords[3 * a + 2] + coords[3 * b + 2]) / 2);
        midIndex.set(key, m);
      }
      return m;
    };
    elements = [];
    for (const [a, b, c, d] of tets) elements.push(a, b, c, d, mid(a, b), mid(b, c), mid(c, a), mid(a, d), mid(b, d), mid(c, d));
  } else {
    elements = tets.flat();
  }
  return {
    type,
    nodes: Float64Array.from(nodes),
    elements: Int32Array.from(elements),
    elementBody: new Int32Array(tets.length),
    bodies: [options.body ?? "Box"],
    boundary: { element: Int32Array.from(be), side: Uint8Array.from(bs), tag: Int32Array.from(bt) },
    faceTags: FACE_NAMES.map((face) => ({ body: options.body ?? "Box", face })),
  };
}

function volume(c: number[], [a, b, d, e]: number[]): number {
  const u = [c[3 * b] - c[3 * a], c[3 * b + 1] - c[3 * a + 1], c[3 * b + 2] - c[3 * a + 2]];
  const v = [c[3 * d] - c[3 * a], c[3 * d + 1] - c[3 * a + 1], c[3 * d + 2] - c[3 * a + 2]];
  const w = [c[3 * e] - c[3 * a], c[3 * e + 1] - c[3 * a + 1], c[3 * e + 2] - c[3 * a + 2]];
  return (u[1] * v[2] - u[2] * v[1]) * w[0] + (u[2] * v[0] - u[0] * v[2]) * w[1] + (u[0] * v[1] - u[1] * v[0]) * w[2];
}

/** Nodes (0-based) whose coordinate `axis` equals `value`. */
export function nodesAt(mesh: Mesh, axis: 0 | 1 | 2, value: number): number[] {
  const out: number[] = [];
  for (let n = 0; n < mesh.nodes.length / 3; n++) if (Math.abs(mesh.nodes[3 * n + axis] - value) < 1e-9 * (1 + Math.abs(value))) out.push(n);
  return out;
}

/** Boundary facets with the given face name. */
export function facetsTagged(mesh: Mesh, face: string): { element: number[]; side: number[] } {
  const t = mesh.faceTags.findIndex((f) => f.face === face);
  const element: number[] = [], side: number[] = [];
  for (let i = 0; i < mesh.boundary.element.length; i++) {
    if (mesh.boundary.tag[i] === t) {
      element.push(mesh.boundary.element[i]);
      side.push(mesh.boundary.side[i]);
    }
  }
  return { element, side };
}

/** A one-box design written out by hand (faces with their loops, edges with their segments). */
export function boxDesign(min: [number, number, number], max: [number, number, number]): Design {
  const corner = (i: number, j: number, k: number): Vec3 => [i ? max[0] : min[0], j ? max[1] : min[1], k ? max[2] : min[2]];
  const faces: BodyFace[] = [];
  const sides: [string, number, number][] = [["-x", 0, 0], ["+x", 0, 1], ["-y", 1, 0], ["+y", 1, 1], ["-z", 2, 0], ["+z", 2, 1]];
  for (const [name, axis, hi] of sides) {
    const a = (axis + 1) % 3, b = (axis + 2) % 3;
    const loop: Vec3[] = [[0, 0], [1, 0], [1, 1], [0, 1]].map(([u, v]) => {
      const idx = [0, 0, 0];
      idx[axis] = hi;
      idx[a] = u;
      idx[b] = v;
      return corner(idx[0], idx[1], idx[2]);
    });
    const normal: Vec3 = [0, 0, 0];
    normal[axis] = hi ? 1 : -1;
    const area = (max[a] - min[a]) * (max[b] - min[b]);
    faces.push({ name: `F1:${name}`, normal, area, patches: [{ loops: [hi ? loop : loop.slice().reverse()] }] });
  }
  const edges: BodyEdge[] = [];
  for (let axis = 0; axis < 3; axis++) {
    const a = (axis + 1) % 3, b = (axis + 2) % 3;
    for (const u of [0, 1])
      for (const v of [0, 1]) {
        const p = [0, 0, 0], q = [0, 0, 0];
        p[a] = q[a] = u;
        p[b] = q[b] = v;
        q[axis] = 1;
        const fa = `F1:${u ? "+" : "-"}${"xyz"[a]}`, fb = `F1:${v ? "+" : "-"}${"xyz"[b]}`;
        edges.push({ name: `${fa}|${fb}`, faces: [fa, fb], length: max[axis] - min[axis], segments: [[corner(p[0], p[1], p[2]), corner(q[0], q[1], q[2])]] });
      }
  }
  const volume = (max[0] - min[0]) * (max[1] - min[1]) * (max[2] - min[2]);
  const body: Body = { name: "Box", kind: "boxes", features: [{ id: "F1", type: "box", min, max }], faces, edges, volume, bbox: { min, max } };
  return { format: "solidcraft/1", units: "mm", bodies: [body] };
}
