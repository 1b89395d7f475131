// A meshed half reflected across a plane: nodes reflected (those on the plane shared), each element's nodes
// reordered by the family's own reflection (so every element stays right-handed), boundary facets carried over
// with their sides, the facets on the plane dropped (they are inside now), and every mirrored facet tagged with the
// name of the face of the other half that holds it, so sets by {body, face} reach both halves.
import { family } from "../fem/families/index.js";
import type { ElementFamily } from "../fem/families/types.js";
import { planeDistance, reflect, type Plane } from "../geometry/datum.js";
import type { Design, Vec3 } from "../geometry/types.js";
import { faceHolding } from "./face-locate.js";
import type { FaceTag, Mesh } from "./types.js";

export interface MirrorReport {
  mirrored: string[];
  /** Body of the mirrored elements per mirrored body. */
  into: Record<string, string>;
  nodesOnPlane: number;
  nodes: number;
  elements: number;
}

/** The local-node permutation of the family's reflection (first two reference coordinates swapped), and its side map. */
export function reflection(fam: ElementFamily): { perm: number[]; side: number[] } {
  const ref = fam.reference;
  const key = (p: readonly number[]) => p.map((x) => x.toFixed(9)).join(",");
  const at = new Map(ref.map((p, i) => [key(p), i]));
  const perm = ref.map((p) => {
    const q = [p[1], p[0], ...p.slice(2)];
    const j = at.get(key(q));
    if (j === undefined) throw new Error(`family ${fam.name}: no reflection of its reference element`);
    return j;
  });
  const sideKey = (nodes: readonly number[]) => [...nodes].sort((a, b) => a - b).join(",");
  const sideAt = new Map(fam.faces.map((f, k) => [sideKey(f.nodes), k]));
  // New element: local j holds old local perm[j]; old side S becomes the side T with perm[T] = S.
  const inverse = new Array<number>(perm.length);
  perm.forEach((old, j) => (inverse[old] = j));
  const side = fam.faces.map((f) => {
    const k = sideAt.get(sideKey(f.nodes.map((n) => inverse[n])));
    if (k === undefined) throw new Error(`family ${fam.name}: reflected side not found`);
    return k;
  });
  return { perm, side };
}

/** The body mirrored elements belong to: the other cell of the partition on this plane when the design has it. */
export function otherHalf(body: string, design: Design | undefined): string {
  const m = /^(.*)\/(a|b)$/.exec(body);
  if (!m) return body;
  const other = `${m[1]}/${m[2] === "a" ? "b" : "a"}`;
  return !design || design.bodies.some((b) => b.name === other) ? other : body;
}

export function mirrorMesh(mesh: Mesh, plane: Plane, bodies: readonly string[], design: Design | undefined): { ok: true; mesh: Mesh; report: MirrorReport } | { ok: false; error: string } {
  if (mesh.ties?.length) return { ok: false, error: "the mesh has tied interfaces; mirror a half meshed as one conforming mesh" };
  const fam = family(mesh.type);
  if (fam.planar) return { ok: false, error: `the mesh is planar (${mesh.type}); mirror works on solid meshes` };
  const chosen = new Set(bodies.map((b) => mesh.bodies.indexOf(b)));
  const npe = fam.nodes;
  const ne = mesh.elements.length / npe;
  const nn = mesh.nodes.length / 3;
  const x = mesh.nodes;
  let size = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = a; i < x.length; i += 3) (lo = Math.min(lo, x[i])), (hi = Math.max(hi, x[i]));
    size = Math.max(size, hi - lo);
  }
  const tol = 1e-9 * size;
  const point = (i: number): Vec3 => [x[3 * i], x[3 * i + 1], x[3 * i + 2]];
  // Every mirrored element must lie on one side: a half that crosses the plane would overlap its image.
  let side = 0;
  for (let e = 0; e < ne; e++) {
    if (!chosen.has(mesh.elementBody[e])) continue;
    for (let k = 0; k < npe; k++) {
      const d = planeDistance(plane, point(mesh.elements[e * npe + k]));
      if (Math.abs(d) <= tol) continue;
      const s = Math.sign(d);
      if (side !== 0 && s !== side) return { ok: false, error: `body "${mesh.bodies[mesh.elementBody[e]]}" lies on both sides of the plane; mirror a half whose cut face lies on it` };
      side = s;
    }
  }
  // Image of each node used by a mirrored element: itself on the plane, a new node elsewhere.
  const image = new Int32Array(nn).fill(-1);
  const added: number[] = [];
  let onPlane = 0;
  for (let e = 0; e < ne; e++) {
    if (!chosen.has(mesh.elementBody[e])) continue;
    for (let k = 0; k < npe; k++) {
      const n = mesh.elements[e * npe + k];
      if (image[n] >= 0) continue;
      const p = point(n);
      if (Math.abs(planeDistance(plane, p)) <= tol) {
        image[n] = n;
        onPlane++;
      } else {
        image[n] = nn + added.length / 3;
        added.push(...reflect(plane, p));
      }
    }
  }
  const { perm, side: sideMap } = reflection(fam);
  const bodiesOut = [...mesh.bodies];
  const into: Record<string, string> = {};
  const bodyOf = new Map<number, number>();
  for (const b of chosen) {
    const name = otherHalf(mesh.bodies[b], design);
    into[mesh.bodies[b]] = name;
    let idx = bodiesOut.indexOf(name);
    if (idx < 0 || name === mesh.bodies[b]) idx = name === mesh.bodies[b] ? b : bodiesOut.push(name) - 1;
    bodyOf.set(b, idx);
  }
  const newElem: number[] = [];
  const newBody: number[] = [];
  const elemImage = new Int32Array(ne).fill(-1);
  for (let e = 0; e < ne; e++) {
    if (!chosen.has(mesh.elementBody[e])) continue;
    elemImage[e] = ne + newBody.length;
    for (let j = 0; j < npe; j++) newElem.push(image[mesh.elements[e * npe + perm[j]]]);
    newBody.push(bodyOf.get(mesh.elementBody[e])!);
  }
  // Boundary: facets on the plane go (both copies); mirrored facets get the other half's face names.
  const tags: FaceTag[] = [...mesh.faceTags];
  const tagIndex = new Map(tags.map((t, i) => [`${t.body}\u0000${t.face}`, i]));
  const tagOf = (t: FaceTag) => {
    const k = `${t.body}\u0000${t.face}`;
    let i = tagIndex.get(k);
    if (i === undefined) tagIndex.set(k, (i = tags.push(t) - 1));
    return i;
  };
  const be: number[] = [], bs: number[] = [], bt: number[] = [];
  const allNodes = Float64Array.from([...x, ...added]);
  const facetCentre = (nodes: number[]): Vec3 => {
    const c: Vec3 = [0, 0, 0];
    for (const n of nodes) for (let a = 0; a < 3; a++) c[a] += allNodes[3 * n + a] / nodes.length;
    return c;
  };
  const facetNormal = (e: number, s: number, elems: (k: number) => number): Vec3 => {
    const f = fam.faces[s];
    const c = f.nodes.slice(0, f.corners).map((k) => elems(k));
    const p = (n: number): Vec3 => [allNodes[3 * n], allNodes[3 * n + 1], allNodes[3 * n + 2]];
    const [a, b, d] = [p(c[0]), p(c[1]), p(c[2])];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    // Corners wind into the element: the outward normal is v x u.
    const n: Vec3 = [v[1] * u[2] - v[2] * u[1], v[2] * u[0] - v[0] * u[2], v[0] * u[1] - v[1] * u[0]];
    const l = Math.hypot(...n) || 1;
    return [n[0] / l, n[1] / l, n[2] / l];
  };
  for (let f = 0; f < mesh.boundary.element.length; f++) {
    const e = mesh.boundary.element[f], s = mesh.boundary.side[f];
    const local = fam.faces[s].nodes;
    const nodes = local.map((k) => mesh.elements[e * npe + k]);
    const mirrored = elemImage[e] >= 0;
    if (mirrored && nodes.every((n) => image[n] === n)) continue; // on the plane: inside the whole now
    be.push(e), bs.push(s), bt.push(mesh.boundary.tag[f]);
    if (!mirrored) continue;
    const ei = elemImage[e], si = sideMap[s];
    const at = (k: number) => newElem[(ei - ne) * npe + k];
    const from = mesh.faceTags[mesh.boundary.tag[f]];
    const target = bodiesOut[newBody[ei - ne]];
    const cell = design?.bodies.find((b) => b.name === target);
    const facetNodes = fam.faces[si].nodes.map((k) => at(k));
    const face = cell ? faceHolding(cell, facetCentre(facetNodes), facetNormal(ei, si, at), 1e-7 * size) : null;
    be.push(ei), bs.push(si), bt.push(tagOf({ body: target, face: face ?? from.face }));
  }
  const out: Mesh = {
    type: mesh.type,
    nodes: allNodes,
    elements: Int32Array.from([...mesh.elements, ...newElem]),
    elementBody: Int32Array.from([...mesh.elementBody, ...newBody]),
    bodies: bodiesOut,
    boundary: { element: Int32Array.from(be), side: Uint8Array.from(bs), tag: Int32Array.from(bt) },
    faceTags: tags,
  };
  return {
    ok: true,
    mesh: out,
    report: { mirrored: [...chosen].map((b) => mesh.bodies[b]), into, nodesOnPlane: onPlane, nodes: allNodes.length / 3, elements: out.elementBody.length },
  };
}
