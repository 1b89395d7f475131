// Resolving a set's members (geometry names, node and element ids) against the mesh: pure, cached per mesh.
import type { Design } from "../geometry/types.js";
import { elementCount, meshFamily, nodeCount, type Mesh } from "../mesh/types.js";
import { ModelError, nameList } from "./errors.js";
import type { GeometryMember, SetDefinition } from "./types.js";

export interface ResolvedSet {
  /** 0-based node indices, sorted, unique. */
  nodes: Int32Array;
  /** 0-based element indices, sorted, unique (bodies and element ids; faces do not add their elements). */
  elements: Int32Array;
  /** Boundary facets (element, local side) the set covers. */
  facets: { element: Int32Array; side: Uint8Array };
}

/** Does a face tag name match a requested face (exact, or a split piece `name#k` of it)? */
export function faceNameMatches(tagName: string, requested: string): boolean {
  return tagName === requested || (tagName.startsWith(requested + "#") && !requested.includes("#"));
}

/** Does a body (or partition cell) name match a requested body? A body also takes its cells `Part/a`, `Part/a/b`. */
export function bodyNameMatches(name: string, requested: string): boolean {
  return name === requested || name.startsWith(requested + "/");
}

/** A boundary facet's nodes, mid-side nodes included (its family's face list). */
export function facetNodes(mesh: Mesh, element: number, side: number): number[] {
  const fam = meshFamily(mesh);
  const base = element * fam.nodes;
  return fam.faces[side].nodes.map((k) => mesh.elements[base + k]);
}

function pointSegmentDistance(p: number[], a: number[], b: number[]): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const ap = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const len2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const t = len2 > 0 ? Math.min(1, Math.max(0, (ap[0] * ab[0] + ap[1] * ab[1] + ap[2] * ab[2]) / len2)) : 0;
  return Math.hypot(ap[0] - t * ab[0], ap[1] - t * ab[1], ap[2] - t * ab[2]);
}

const cache = new WeakMap<Mesh, WeakMap<SetDefinition, ResolvedSet>>();

export function resolveSet(set: SetDefinition, mesh: Mesh, design: Design | undefined): ResolvedSet {
  let perMesh = cache.get(mesh);
  if (!perMesh) cache.set(mesh, (perMesh = new WeakMap()));
  const hit = perMesh.get(set);
  if (hit) return hit;
  const resolved = resolveUncached(set, mesh, design);
  perMesh.set(set, resolved);
  return resolved;
}

function indicesOf(marks: Uint8Array): Int32Array {
  let count = 0;
  for (let i = 0; i < marks.length; i++) count += marks[i];
  const out = new Int32Array(count);
  for (let i = 0, k = 0; i < marks.length; i++) if (marks[i]) out[k++] = i;
  return out;
}

// Marks (one byte per node and element) rather than sets of numbers: a body of a million elements resolves
// in one pass without building large JS collections.
function resolveUncached(set: SetDefinition, mesh: Mesh, design: Design | undefined): ResolvedSet {
  const per = meshFamily(mesh).nodes;
  const nElements = elementCount(mesh);
  const nNodes = nodeCount(mesh);
  const nodeMarks = new Uint8Array(nNodes);
  const elementMarks = new Uint8Array(nElements);
  const facetMarks = new Uint8Array(mesh.boundary.tag.length);
  const markFacet = (f: number) => {
    facetMarks[f] = 1;
    for (const n of facetNodes(mesh, mesh.boundary.element[f], mesh.boundary.side[f])) nodeMarks[n] = 1;
  };
  const markElement = (e: number) => {
    elementMarks[e] = 1;
    for (let k = 0; k < per; k++) nodeMarks[mesh.elements[e * per + k]] = 1;
  };
  for (const member of set.geometry) {
    const bodyIndices = new Set(mesh.bodies.flatMap((b, i) => (bodyNameMatches(b, member.body) ? [i] : [])));
    if (bodyIndices.size === 0) throw new ModelError(`set \`${set.name}\`: the mesh has no body \`${member.body}\`; bodies: ${nameList(mesh.bodies)}`);
    if ("face" in member) {
      const tags = matchingTags(mesh, member.body, member.face);
      if (tags.size === 0) throw new ModelError(`set \`${set.name}\`: the mesh has no face \`${member.face}\` on body \`${member.body}\``);
      for (let f = 0; f < mesh.boundary.tag.length; f++) if (tags.has(mesh.boundary.tag[f])) markFacet(f);
    } else if ("edge" in member && meshFamily(mesh).planar) {
      // Planar meshes tag their boundary edges with the design's edge names: the edge's facets, as a face's in 3D.
      const tags = matchingTags(mesh, member.body, member.edge);
      if (tags.size === 0) throw new ModelError(`set \`${set.name}\`: the planar mesh has no edge \`${member.edge}\` on body \`${member.body}\``);
      for (let f = 0; f < mesh.boundary.tag.length; f++) if (tags.has(mesh.boundary.tag[f])) markFacet(f);
    } else if ("edge" in member) {
      for (const n of edgeNodes(set, member, mesh, design)) nodeMarks[n] = 1;
    } else {
      for (let e = 0; e < nElements; e++) if (bodyIndices.has(mesh.elementBody[e])) markElement(e);
      for (let f = 0; f < mesh.boundary.tag.length; f++) if (bodyIndices.has(mesh.elementBody[mesh.boundary.element[f]])) markFacet(f);
    }
  }
  for (const id of set.nodes) {
    if (id < 1 || id > nNodes) throw new ModelError(`set \`${set.name}\`: node ${id} is not in the mesh (ids 1..${nNodes})`);
    nodeMarks[id - 1] = 1;
  }
  for (const id of set.elements) {
    if (id < 1 || id > nElements) throw new ModelError(`set \`${set.name}\`: element ${id} is not in the mesh (ids 1..${nElements})`);
    markElement(id - 1);
  }
  const facets = indicesOf(facetMarks);
  return {
    nodes: indicesOf(nodeMarks),
    elements: indicesOf(elementMarks),
    facets: { element: facets.map((f) => mesh.boundary.element[f]), side: Uint8Array.from(facets, (f) => mesh.boundary.side[f]) },
  };
}

function matchingTags(mesh: Mesh, body: string, face: string): Set<number> {
  const tags = new Set<number>();
  mesh.faceTags.forEach((t, i) => {
    if (bodyNameMatches(t.body, body) && faceNameMatches(t.face, face)) tags.add(i);
  });
  return tags;
}

function edgeNodes(set: SetDefinition, member: { body: string; edge: string }, mesh: Mesh, design: Design | undefined): number[] {
  const hits = (design?.bodies ?? []).filter((b) => bodyNameMatches(b.name, member.body) && b.edges.some((e) => e.name === member.edge));
  if (hits.length === 0) throw new ModelError(`set \`${set.name}\`: no edge \`${member.edge}\` on body \`${member.body}\` in the open design`);
  // A body's edge split by partitions: the nodes of each cell's piece.
  return [...new Set(hits.flatMap((body) => cellEdgeNodes(body, body.edges.find((e) => e.name === member.edge)!, mesh)))];
}

function cellEdgeNodes(body: Design["bodies"][number], edge: Design["bodies"][number]["edges"][number], mesh: Mesh): number[] {
  const diag = Math.hypot(...body.bbox.max.map((v, i) => v - body.bbox.min[i]));
  const tol = 1e-7 * Math.max(diag, 1e-30);
  const tags = matchingTags(mesh, body.name, edge.faces[0]);
  const candidates = new Set<number>();
  for (let f = 0; f < mesh.boundary.tag.length; f++) {
    if (tags.has(mesh.boundary.tag[f])) for (const n of facetNodes(mesh, mesh.boundary.element[f], mesh.boundary.side[f])) candidates.add(n);
  }
  const out: number[] = [];
  for (const n of candidates) {
    const p = [mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]];
    if (edge.segments.some(([a, b]) => pointSegmentDistance(p, a, b) <= tol)) out.push(n);
  }
  return out;
}

/** Checks that each geometry member names something the design (or, without one, the mesh) has. */
export function validateMembers(members: GeometryMember[], design: Design | undefined, mesh: Mesh | undefined, path: string): void {
  members.forEach((m, i) => {
    const where = `${path}[${i}]`;
    if (design) {
      const cells = design.bodies.filter((b) => bodyNameMatches(b.name, m.body));
      if (cells.length === 0) throw new ModelError(`${where}.body: no body named \`${m.body}\`; bodies: ${nameList(design.bodies.map((b) => b.name))}`);
      const body = { faces: cells.flatMap((c) => c.faces), edges: cells.flatMap((c) => c.edges) };
      if ("face" in m) {
        const names = [...new Set(body.faces.map((f) => f.name))];
        if (!names.some((n) => faceNameMatches(n, m.face)))
          throw new ModelError(`${where}.face: body \`${m.body}\` has no face named \`${m.face}\`; faces: ${nameList(names)}`);
      }
      if ("edge" in m) {
        const names = [...new Set(body.edges.map((e) => e.name))];
        if (!names.includes(m.edge)) throw new ModelError(`${where}.edge: body \`${m.body}\` has no edge named \`${m.edge}\`; edges: ${nameList(names)}`);
      }
      return;
    }
    if (!mesh) throw new ModelError(`${where}: geometry members need a design or a mesh: run geometry.open first`);
    if (!mesh.bodies.some((b) => bodyNameMatches(b, m.body))) throw new ModelError(`${where}.body: no body named \`${m.body}\`; bodies: ${nameList(mesh.bodies)}`);
    if ("face" in m) {
      const names = [...new Set(mesh.faceTags.filter((t) => bodyNameMatches(t.body, m.body)).map((t) => t.face))];
      if (!names.some((n) => faceNameMatches(n, m.face)))
        throw new ModelError(`${where}.face: body \`${m.body}\` has no face named \`${m.face}\`; faces: ${nameList(names)}`);
    }
    if ("edge" in m) throw new ModelError(`${where}.edge: edges need the design, which is not open: run geometry.open first`);
  });
}
