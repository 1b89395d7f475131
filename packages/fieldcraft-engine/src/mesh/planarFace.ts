// mesh.planar: a 2D mesh of one planar face of a design body, in the face's own plane coordinates (quad/frame.ts:
// a face normal to z keeps (x, y); normal to x uses (y, z); normal to y (x, z); any other plane its own
// orthonormal axes), z = 0. An axis-aligned rectangle without seeds or refinement keeps its structured grid
// and a face without them keeps the extrusion mesher's triangulation; everything else (holes, slanted edges,
// seeds, refinement) goes through the unstructured face mesher (quad/quadMesh.ts: all-quadrilateral, or
// graded triangles). Each boundary edge facet is tagged with the design edge it lies on, so sets by
// `{body, edge}` (and by `{body, face: <edge name>}`) resolve to edges carrying pressures and forces.
import { family, type FamilyName } from "../fem/families/index.js";
import type { Body, Vec2, Vec3 } from "../geometry/types.js";
import { divisions, MeshFailure } from "./options.js";
import { planarGridMesh } from "./planarGrid.js";
import { estimateProfilePoints, triangulateProfile } from "./profile2d.js";
import type { ChainSeed, SeededCount } from "./quad/boundary.js";
import { faceFrame, toFrame, type FaceFrame } from "./quad/frame.js";
import { elementQuality, type ElementQuality } from "./quad/metrics.js";
import { meshFace, pointCapError } from "./quad/quadMesh.js";
import type { SizeSource } from "./quad/sizeField.js";
import type { SeedRule } from "./seeds.js";
import type { Mesh } from "./types.js";

/** Local refinement: the size near a design edge of the face, or near a point (design coordinates) on its plane. */
export type Refinement = { edge: string; size: number } | { point: Vec3; size: number };

export interface PlanarFaceOptions {
  seeds?: readonly SeedRule[];
  refine?: readonly Refinement[];
  /** Refused beyond about this many points. */
  maxPoints?: number;
  signal?: AbortSignal;
}

export type PlanarMeshResult =
  | { ok: true; mesh: Mesh; frame: FaceFrame; quality: ElementQuality; method: "grid" | "triangulation" | "paired"; seeds: SeededCount[] }
  | { ok: false; error: string };

const onSegment = (p: Vec2, a: Vec2, b: Vec2, tol: number) => {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]) <= tol;
};

export function planarFaceMesh(body: Body, faceName: string, size: number | undefined, type: FamilyName, o: PlanarFaceOptions = {}): PlanarMeshResult {
  try {
    return meshPlanarFace(body, faceName, size, type, o);
  } catch (e) {
    if (e instanceof MeshFailure) return { ok: false, error: `face \`${faceName}\`: ${e.message}` };
    throw e;
  }
}

function meshPlanarFace(body: Body, faceName: string, size: number | undefined, type: FamilyName, o: PlanarFaceOptions): PlanarMeshResult {
  const fam = family(type);
  if (!fam.planar) return { ok: false, error: `params.element: ${type} is not a planar family; use CPS3/4/6/8, CPE3/4/6/8 or CAX3/4/6/8` };
  const face = body.faces.find((f) => f.name === faceName);
  if (!face) return { ok: false, error: `params.face: body \`${body.name}\` has no face \`${faceName}\`; faces: ${body.faces.map((f) => f.name).join(", ")}` };
  if (face.patches.length !== 1)
    return { ok: false, error: `params.face: face \`${faceName}\` has ${face.patches.length} separate pieces, which mesh.planar does not mesh yet; pick a face of one piece` };
  const frame = faceFrame(face.normal, face.patches[0].loops[0][0]);
  const project = (p: Vec3) => toFrame(frame, p);
  const loop = face.patches[0].loops[0].map(project);
  // Inner loops are holes.
  const holes = face.patches[0].loops.slice(1).map((l) => l.map(project));
  const xs = loop.map((p) => p[0]), ys = loop.map((p) => p[1]);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const h = size ?? span / 20;
  const tol = 1e-7 * span;
  // The design edge of each loop side (edge names carry over to the 2D mesh's boundary tags).
  const faceEdges = body.edges.filter((e) => e.faces.includes(faceName));
  const edges = faceEdges.map((e) => ({ name: e.name, segments: e.segments.map(([a, b]) => [project(a), project(b)] as [Vec2, Vec2]) }));
  const edgeOf = (a: Vec2, b: Vec2) => {
    const mid: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return edges.find((e) => e.segments.some(([p, q]) => onSegment(mid, p, q, tol)))?.name ?? `${faceName}|?`;
  };
  if (fam.planar === "axisymmetric" && Math.min(...xs) < -tol) return { ok: false, error: `params.face: face \`${faceName}\` reaches x = ${Math.min(...xs)}; an axisymmetric model lies at radius x >= 0 (the y axis is the axis of revolution)` };

  // Seeds on this face's edges and refinement sources, in the face's frame.
  const seeds = new Map<string, ChainSeed>();
  for (const r of o.seeds ?? [])
    for (const name of r.edges) {
      const e = faceEdges.find((x) => x.name === name);
      if (e) seeds.set(name, { label: r.label, constraint: r.constraint, ...(r.count !== undefined ? { count: r.count } : { size: r.size }), ...(r.bias ? { bias: r.bias } : {}), start: project(e.segments[0][0]) });
    }
  const sources: SizeSource[] = [];
  for (const [k, r] of (o.refine ?? []).entries()) {
    if ("edge" in r) {
      const e = edges.find((x) => x.name === r.edge);
      if (!e) return { ok: false, error: `params.refine[${k}].edge: \`${r.edge}\` is not an edge of face \`${faceName}\`; its edges: ${edges.map((x) => x.name).join(", ")}` };
      for (const [a, b] of e.segments) sources.push({ at: [a, b], size: r.size });
    } else {
      const off = (r.point[0] - frame.origin[0]) * frame.normal[0] + (r.point[1] - frame.origin[1]) * frame.normal[1] + (r.point[2] - frame.origin[2]) * frame.normal[2];
      if (Math.abs(off) > 1e-6 * Math.max(1, span)) return { ok: false, error: `params.refine[${k}].point: [${r.point.join(", ")}] lies ${off} off the plane of face \`${faceName}\`; give a point on the face` };
      sources.push({ at: [project(r.point)], size: r.size });
    }
  }
  const plain = seeds.size === 0 && sources.length === 0;

  if (fam.shape === "quadrilateral" && plain && holes.length === 0) {
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const rectangle = loop.length === 4 && loop.every((p) => (Math.abs(p[0] - x0) < tol || Math.abs(p[0] - x1) < tol) && (Math.abs(p[1] - y0) < tol || Math.abs(p[1] - y1) < tol));
    if (rectangle) {
      const names = [edgeOf([x0, y0], [x1, y0]), edgeOf([x1, y0], [x1, y1]), edgeOf([x1, y1], [x0, y1]), edgeOf([x0, y1], [x0, y0])] as [string, string, string, string];
      const mesh = planarGridMesh({
        kind: fam.planar,
        shape: "quadrilateral",
        order: fam.order,
        cells: [divisions(x1 - x0, h), divisions(y1 - y0, h)],
        map: (s, t) => [x0 + (x1 - x0) * s, y0 + (y1 - y0) * t],
        body: body.name,
        edges: names,
      });
      return { ok: true, mesh, frame, quality: elementQuality(mesh.nodes, 3, mesh.elements, fam.nodes, 4), method: "grid", seeds: [] };
    }
  }

  let cells: { points: Float64Array; cells: Int32Array; corners: 3 | 4; segments: Int32Array; labels: string[]; seeded: SeededCount[] };
  if (fam.shape === "triangle" && plain) {
    const estimate = estimateProfilePoints(loop, h);
    if (estimate > (o.maxPoints ?? Infinity)) return { ok: false, error: pointCapError(estimate, o.maxPoints!, h) };
    const tri = triangulateProfile(loop, h, o.signal, undefined, holes);
    const labels: string[] = [];
    for (let s = 0; s < tri.segments.length / 2; s++) {
      const a = tri.segments[2 * s], b = tri.segments[2 * s + 1];
      labels.push(edgeOf([tri.points[2 * a], tri.points[2 * a + 1]], [tri.points[2 * b], tri.points[2 * b + 1]]));
    }
    cells = { points: tri.points, cells: tri.triangles, corners: 3, segments: tri.segments, labels, seeded: [] };
  } else {
    const sidesOf = (l: Vec2[]) => l.map((p, k) => edgeOf(p, l[(k + 1) % l.length]));
    const out = meshFace({
      loops: [loop, ...holes].map((l) => ({ points: l, sides: sidesOf(l) })),
      size: h,
      sources,
      seeds,
      shape: fam.shape === "quadrilateral" ? "quadrilateral" : "triangle",
      maxPoints: o.maxPoints ?? 2_000_000,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    if (!out.ok) return out;
    cells = { ...out.mesh, labels: out.mesh.segmentLabel };
  }
  const mesh = assemble(body.name, type, cells);
  if (!mesh.ok) return mesh;
  const quality = elementQuality(mesh.mesh.nodes, 3, mesh.mesh.elements, fam.nodes, cells.corners);
  const method = cells.corners === 4 ? "paired" : "triangulation";
  return { ok: true, mesh: mesh.mesh, frame, quality, method, seeds: cells.seeded };
}

/** The mesh of corner cells (plus side midpoints for quadratic families), boundary sides tagged by design edge. */
function assemble(
  body: string,
  type: FamilyName,
  c: { points: Float64Array; cells: Int32Array; corners: 3 | 4; segments: Int32Array; labels: string[] },
): { ok: true; mesh: Mesh } | { ok: false; error: string } {
  const fam = family(type);
  const m = c.corners;
  const np = c.points.length / 2;
  const coords: number[] = [];
  for (let i = 0; i < np; i++) coords.push(c.points[2 * i], c.points[2 * i + 1], 0);
  const nc = c.cells.length / m;
  const elements: number[] = [];
  const mids = new Map<number, number>();
  const mid = (a: number, b: number) => {
    const key = Math.min(a, b) * np + Math.max(a, b);
    let id = mids.get(key);
    if (id === undefined) {
      id = coords.length / 3;
      coords.push((coords[3 * a] + coords[3 * b]) / 2, (coords[3 * a + 1] + coords[3 * b + 1]) / 2, 0);
      mids.set(key, id);
    }
    return id;
  };
  const sideOf = new Map<number, [number, number]>();
  for (let t = 0; t < nc; t++) {
    const ids = Array.from(c.cells.subarray(m * t, m * t + m));
    elements.push(...ids);
    if (fam.order === 2) for (let k = 0; k < m; k++) elements.push(mid(ids[k], ids[(k + 1) % m]));
    for (let k = 0; k < m; k++) sideOf.set(ids[k] * np + ids[(k + 1) % m], [t, k]);
  }
  // Boundary segments run with the material on their left, like the cells' sides: each is a side of one cell.
  const tagNames: string[] = [];
  const bElem: number[] = [], bSide: number[] = [], bTag: number[] = [];
  for (let s = 0; s < c.segments.length / 2; s++) {
    const a = c.segments[2 * s], b = c.segments[2 * s + 1];
    const hit = sideOf.get(a * np + b) ?? sideOf.get(b * np + a);
    if (!hit) return { ok: false, error: `internal: boundary segment ${a}-${b} belongs to no element` };
    let tag = tagNames.indexOf(c.labels[s]);
    if (tag < 0) tag = tagNames.push(c.labels[s]) - 1;
    bElem.push(hit[0]); bSide.push(hit[1]); bTag.push(tag);
  }
  return {
    ok: true,
    mesh: {
      type,
      nodes: Float64Array.from(coords),
      elements: Int32Array.from(elements),
      elementBody: new Int32Array(nc),
      bodies: [body],
      boundary: { element: Int32Array.from(bElem), side: Uint8Array.from(bSide), tag: Int32Array.from(bTag) },
      faceTags: tagNames.map((face) => ({ body, face })),
    },
  };
}
