// Independent checks of a tet mesh, written from first principles (not from the mesher's code):
// volumes, conformity, boundary facets, tagging, areas and Euler characteristics.
import { expect } from "vitest";
import type { Body, Design } from "../src/geometry/types.js";
import type { Mesh } from "../src/mesh/types.js";

export const FACE_CORNERS = [
  [0, 1, 2],
  [0, 3, 1],
  [1, 3, 2],
  [2, 3, 0],
] as const;

export const corners = (mesh: Mesh, e: number): number[] => {
  const per = mesh.type === "C3D4" ? 4 : 10;
  return [0, 1, 2, 3].map((c) => mesh.elements[per * e + c]);
};

export const point = (mesh: Mesh, n: number): [number, number, number] => [mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]];

const sub = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export function elementVolume(mesh: Mesh, e: number): number {
  const [a, b, c, d] = corners(mesh, e).map((n) => point(mesh, n));
  return dot(sub(b, a), cross(sub(c, a), sub(d, a))) / 6;
}

export function elementCount(mesh: Mesh): number {
  return mesh.elements.length / (mesh.type === "C3D4" ? 4 : 10);
}

/** Triangle (as 3 corner nodes) of an element's local side. */
export function sideNodes(mesh: Mesh, e: number, side: number): number[] {
  const c = corners(mesh, e);
  return FACE_CORNERS[side].map((i) => c[i]);
}

export function triangleArea(mesh: Mesh, nodes: number[]): number {
  const [a, b, c] = nodes.map((n) => point(mesh, n));
  const n = cross(sub(b, a), sub(c, a));
  return Math.sqrt(dot(n, n)) / 2;
}

const key = (nodes: number[]) => [...nodes].sort((x, y) => x - y).join(",");

export interface Topology {
  /** Faces seen once and twice; more than twice is a non-conforming mesh. */
  once: Set<string>;
  twice: number;
  overused: number;
  vertices: number;
  edges: number;
  faces: number;
  tets: number;
}

export function topology(mesh: Mesh): Topology {
  const faceUse = new Map<string, number>();
  const edges = new Set<string>();
  const vertices = new Set<number>();
  const m = elementCount(mesh);
  for (let e = 0; e < m; e++) {
    const c = corners(mesh, e);
    c.forEach((n) => vertices.add(n));
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) edges.add(key([c[i], c[j]]));
    for (let s = 0; s < 4; s++) {
      const k = key(sideNodes(mesh, e, s));
      faceUse.set(k, (faceUse.get(k) ?? 0) + 1);
    }
  }
  const once = new Set<string>();
  let twice = 0;
  let overused = 0;
  for (const [k, n] of faceUse) {
    if (n === 1) once.add(k);
    else if (n === 2) twice++;
    else overused++;
  }
  return { once, twice, overused, vertices: vertices.size, edges: edges.size, faces: faceUse.size, tets: m };
}

/** Boundary facets of the mesh record, as face keys. */
export function taggedFacetKeys(mesh: Mesh): string[] {
  const out: string[] = [];
  for (let i = 0; i < mesh.boundary.element.length; i++) out.push(key(sideNodes(mesh, mesh.boundary.element[i], mesh.boundary.side[i])));
  return out;
}

/** Outward normal (unnormalised) of a tagged facet: away from the element's fourth corner. */
export function facetOutward(mesh: Mesh, i: number): { normal: number[]; centroid: number[] } {
  const e = mesh.boundary.element[i];
  const tri = sideNodes(mesh, e, mesh.boundary.side[i]).map((n) => point(mesh, n));
  const c = corners(mesh, e);
  const opposite = point(mesh, c.find((n) => !sideNodes(mesh, e, mesh.boundary.side[i]).includes(n))!);
  const centroid = [0, 1, 2].map((a) => (tri[0][a] + tri[1][a] + tri[2][a]) / 3);
  let normal = cross(sub(tri[1], tri[0]), sub(tri[2], tri[0]));
  if (dot(normal, sub(opposite, centroid)) > 0) normal = normal.map((x) => -x);
  return { normal, centroid };
}

/** Whether point p lies in a body face's region (on its plane, inside its patch loops by winding). */
export function onFace(body: Body, faceName: string, p: number[], eps = 1e-9): boolean {
  const face = body.faces.find((f) => f.name === faceName);
  if (!face) return false;
  const n = face.normal;
  const anchor = face.patches[0].loops[0][0];
  const scale = Math.max(...body.bbox.max.map((x, a) => x - body.bbox.min[a]));
  if (Math.abs(dot(sub(p, anchor), n)) > eps * scale) return false;
  // Project on the two axes other than the normal's dominant one; count the even-odd crossings over all loops.
  const drop = [0, 1, 2].reduce((best, a) => (Math.abs(n[a]) > Math.abs(n[best]) ? a : best), 0);
  const [u, v] = [0, 1, 2].filter((a) => a !== drop);
  let inside = false;
  for (const patch of face.patches)
    for (const loop of patch.loops)
      for (let i = 0, j = loop.length - 1; i < loop.length; j = i++) {
        const [xi, yi, xj, yj] = [loop[i][u], loop[i][v], loop[j][u], loop[j][v]];
        if (yi > p[v] !== yj > p[v] && p[u] < ((xj - xi) * (p[v] - yi)) / (yj - yi) + xi) inside = !inside;
      }
  return inside;
}

/** Every check a valid tagged mesh of these designs passes (`ball`: each body has no through-hole). */
export function checkMesh(d: Design, m: Mesh, ball = true): void {
  const n = elementCount(m);
  // No inverted or flat element.
  let minVolume = Infinity;
  for (let e = 0; e < n; e++) minVolume = Math.min(minVolume, elementVolume(m, e));
  expect(minVolume).toBeGreaterThan(0);
  // Per body: volume, conformity, boundary = tagged facets, tags on the right faces, areas per face.
  m.bodies.forEach((name, b) => {
    const body = d.bodies.find((x) => x.name === name)!;
    let volume = 0;
    for (let e = 0; e < n; e++) if (m.elementBody[e] === b) volume += elementVolume(m, e);
    expect(Math.abs(volume - body.volume)).toBeLessThan(1e-9 * body.volume);
  });
  const topo = topology(m);
  expect(topo.overused).toBe(0);
  const tagged = taggedFacetKeys(m);
  expect(new Set(tagged).size).toBe(tagged.length);
  expect(new Set(tagged)).toEqual(topo.once);
  // Every facet carries the tag of the face it lies on, and its outward normal is that face's.
  const areas = new Map<number, number>();
  for (let i = 0; i < m.boundary.tag.length; i++) {
    const tag = m.faceTags[m.boundary.tag[i]];
    const body = d.bodies.find((x) => x.name === tag.body)!;
    expect(m.bodies[m.elementBody[m.boundary.element[i]]]).toBe(tag.body);
    const { normal, centroid } = facetOutward(m, i);
    const face = body.faces.find((f) => f.name === tag.face)!;
    const len = Math.hypot(...normal);
    expect(normal.map((x) => x / len).map((x, a) => Math.abs(x - face.normal[a]) < 1e-9)).toEqual([true, true, true]);
    expect(onFace(body, tag.face, centroid), `facet ${i} centroid ${centroid} on ${tag.face}`).toBe(true);
    const t = m.boundary.tag[i];
    areas.set(t, (areas.get(t) ?? 0) + triangleArea(m, sideNodes(m, m.boundary.element[i], m.boundary.side[i])));
  }
  m.faceTags.forEach((tag, t) => {
    const face = d.bodies.find((x) => x.name === tag.body)!.faces.find((f) => f.name === tag.face)!;
    expect(Math.abs((areas.get(t) ?? 0) - face.area), `${tag.body} ${tag.face}`).toBeLessThanOrEqual(1e-9 * face.area);
  });
  // Euler: a solid's surface has twice its characteristic; a ball has 1 (V - E + F - T) and its surface 2.
  if (m.bodies.length === 1) {
    const solid = topo.vertices - topo.edges + topo.faces - topo.tets;
    if (ball) expect(solid).toBe(1);
    const bv = new Set<string>();
    const be = new Set<string>();
    for (const k of topo.once) {
      const [a, b, c] = k.split(",");
      bv.add(a).add(b).add(c);
      be.add([a, b].sort().join()).add([b, c].sort().join()).add([a, c].sort().join());
    }
    expect(bv.size - be.size + topo.once.size).toBe(2 * solid);
  }
}

