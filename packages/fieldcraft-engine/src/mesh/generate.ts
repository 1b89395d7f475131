// The tet mesher's entry point: each selected body meshed on its own, then joined into one Mesh.
import type { Design } from "../geometry/types.js";
import type { BodyMesh } from "./bodyMesh.js";
import { meshBoxUnion } from "./gridMesher.js";
import { checkAbort, defaultSize, MeshFailure, resolveOptions, type TetMeshOptions } from "./options.js";
import { promoteToQuadratic } from "./quadratic.js";
import { tetVolume6 } from "./tet.js";
import { meshExtrusion } from "./sweepMesher.js";
import { meshSurfaceBody } from "./general/body.js";
import { familyOf } from "../fem/families/index.js";
import type { ElementType, FaceTag, Mesh } from "./types.js";
import type { BodyEdge } from "../geometry/types.js";
import { seedRules } from "./hex-design.js";
import { joinInterfaces, type InterfaceReport } from "./interfaces.js";
import { refuseOverCap } from "./estimate.js";

/** Mesh edges along a design edge: the linear mesh's nodes on each of its straight segments, less one per segment. */
export function edgeDivisions(nodes: Float64Array, edge: BodyEdge, size: number): number {
  const tol = 1e-9 * Math.max(size, edge.length);
  let count = 0;
  for (const [p, q] of edge.segments) {
    const d = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
    let on = 0;
    for (let n = 0; n < nodes.length / 3; n++) {
      const r = [nodes[3 * n] - p[0], nodes[3 * n + 1] - p[1], nodes[3 * n + 2] - p[2]];
      const t = (r[0] * d[0] + r[1] * d[1] + r[2] * d[2]) / len2;
      if (t < -1e-12 || t > 1 + 1e-12) continue;
      if (Math.hypot(r[0] - t * d[0], r[1] - t * d[1], r[2] - t * d[2]) <= tol) on++;
    }
    count += on - 1;
  }
  return count;
}

export interface TetMeshStats {
  type: ElementType;
  elements: number;
  nodes: number;
  boundaryFacets: number;
  /** Achieved largest distance between the design's boundary and the mesh's (0: planar faces are exact). */
  deviation: number;
  tolerance: number | null;
  seconds: number;
  /** Partition interfaces between the cells meshed, merged or tied. */
  interfaces?: InterfaceReport[];
  bodies: { name: string; method: string; size: number; elements: number; nodes: number; seeds?: { seed: number; edge: string; count: number }[]; quality?: { min_dihedral: number; max_radius_edge: number } }[];
}

export type TetMeshResult = { ok: true; mesh: Mesh; stats: TetMeshStats } | { ok: false; error: string };

export function generateTetMesh(design: Design, options: TetMeshOptions): TetMeshResult {
  const started = performance.now();
  const resolved = resolveOptions(design.bodies, options);
  if (!resolved.ok) return resolved;
  const o = resolved.options;
  // Refused at once when the estimate is over the cap: the meshers' own counts come only after their work.
  const over = refuseOverCap(o.bodies.map((body) => ({ body, kind: "tet" as const, size: o.size ?? defaultSize(body) })), { maxElements: o.maxElements, maxNodes: o.maxNodes, family: familyOf("tetrahedron", o.order).name }, o.tolerance);
  if (over) return { ok: false, error: over };
  try {
    checkAbort(o.signal);
    const parts: BodyMesh[] = [];
    const seeded: { seed: number; edge: string; count: number }[][] = [];
    let elements = 0;
    let nodes = 0;
    for (const body of o.bodies) {
      const size = o.size ?? defaultSize(body);
      const leftE = o.maxElements - elements;
      const leftN = o.maxNodes - nodes;
      const rules = seedRules(options.seeds ?? [], body.name, design);
      const part =
        body.kind === "boxes"
          ? meshBoxUnion(body, size, leftE, leftN, o.signal, rules)
          : body.kind === "mesh"
            ? meshSurfaceBody(body, size, leftE, leftN, o.signal, rules, o.tolerance)
            : meshExtrusion(body, size, leftE, leftN, o.signal, rules);
      seeded.push(rules.flatMap((r) => r.edges.flatMap((name) => {
        const edge = body.edges.find((e) => e.name === name);
        return edge ? [{ seed: Number(r.label.slice(1)), edge: name, count: edgeDivisions(part.nodes, edge, size) }] : [];
      })));
      parts.push(part);
      elements += part.tets.length / 4;
      nodes += part.nodes.length / 3;
      checkAbort(o.signal);
    }
    const linear = join(parts);
    // The meshers make positive tets by construction; check every one anyway (cheap) rather than trust it.
    for (let t = 0, m = linear.tets.length / 4; t < m; t++) {
      if ((t & 65535) === 0) checkAbort(o.signal);
      if (!(tetVolume6(linear.nodes, linear.tets[4 * t], linear.tets[4 * t + 1], linear.tets[4 * t + 2], linear.tets[4 * t + 3]) > 0)) {
        throw new MeshFailure(`internal error: element ${t + 1} of body "${o.bodies[linear.elementBody[t]].name}" is inverted; please report the design`);
      }
    }
    const faceTags: FaceTag[] = [];
    const tagBase: number[] = [];
    for (const body of o.bodies) {
      tagBase.push(faceTags.length);
      for (const f of body.faces) faceTags.push({ body: body.name, face: f.name });
    }
    const tag = new Int32Array(linear.facetFace.length);
    for (let i = 0; i < tag.length; i++) tag[i] = tagBase[linear.facetBody[i]] + linear.facetFace[i];
    let nodeArray = linear.nodes;
    let elementArray = linear.tets;
    if (o.order === 2) {
      const q = promoteToQuadratic(linear.nodes, linear.tets, o.maxNodes, o.signal);
      nodeArray = q.nodes;
      elementArray = q.elements;
    }
    // The mesher makes tetrahedra; the order picks the family row.
    const produced = familyOf("tetrahedron", o.order);
    const mesh: Mesh = {
      type: produced.name,
      nodes: nodeArray,
      elements: elementArray,
      elementBody: linear.elementBody,
      bodies: o.bodies.map((b) => b.name),
      boundary: { element: linear.facetElement, side: linear.facetSide, tag },
      faceTags,
    };
    const bodyNodes = (i: number) => parts[i].nodes.length / 3;
    // Partition cells meshed apart are joined at their cuts (merged node for node, else tied), never left apart.
    const joined = joinInterfaces(mesh);
    if (!joined.ok) return joined;
    return {
      ok: true,
      mesh: joined.mesh,
      stats: {
        ...(joined.interfaces.length ? { interfaces: joined.interfaces } : {}),
        type: mesh.type,
        elements: elementArray.length / produced.nodes,
        nodes: joined.mesh.nodes.length / 3,
        boundaryFacets: joined.mesh.boundary.tag.length,
        deviation: 0,
        tolerance: o.tolerance ?? null,
        seconds: (performance.now() - started) / 1000,
        bodies: o.bodies.map((b, i) => ({
          name: b.name,
          method: parts[i].method,
          size: parts[i].size,
          elements: parts[i].tets.length / 4,
          nodes: bodyNodes(i),
          ...(seeded[i].length ? { seeds: seeded[i] } : {}),
          ...(parts[i].quality ? { quality: { min_dihedral: parts[i].quality!.minDihedral, max_radius_edge: parts[i].quality!.maxRadiusEdge } } : {}),
        })),
      },
    };
  } catch (e) {
    if (e instanceof MeshFailure) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: `out of memory while meshing (${e.message}); use a larger size` };
    throw e;
  }
}

function join(parts: BodyMesh[]) {
  let n = 0;
  let m = 0;
  let f = 0;
  for (const p of parts) {
    n += p.nodes.length / 3;
    m += p.tets.length / 4;
    f += p.facetFace.length;
  }
  if (parts.length === 1) {
    const p = parts[0];
    return {
      nodes: p.nodes,
      tets: p.tets,
      elementBody: new Int32Array(m),
      facetElement: p.facetElement,
      facetSide: p.facetSide,
      facetFace: p.facetFace,
      facetBody: new Int32Array(f),
    };
  }
  const nodes = new Float64Array(3 * n);
  const tets = new Int32Array(4 * m);
  const elementBody = new Int32Array(m);
  const facetElement = new Int32Array(f);
  const facetSide = new Uint8Array(f);
  const facetFace = new Int32Array(f);
  const facetBody = new Int32Array(f);
  let no = 0;
  let eo = 0;
  let fo = 0;
  parts.forEach((p, b) => {
    nodes.set(p.nodes, 3 * no);
    for (let i = 0; i < p.tets.length; i++) tets[4 * eo + i] = p.tets[i] + no;
    const pm = p.tets.length / 4;
    elementBody.fill(b, eo, eo + pm);
    for (let i = 0; i < p.facetFace.length; i++) {
      facetElement[fo + i] = p.facetElement[i] + eo;
      facetSide[fo + i] = p.facetSide[i];
      facetFace[fo + i] = p.facetFace[i];
      facetBody[fo + i] = b;
    }
    no += p.nodes.length / 3;
    eo += pm;
    fo += p.facetFace.length;
  });
  return { nodes, tets, elementBody, facetElement, facetSide, facetFace, facetBody };
}

