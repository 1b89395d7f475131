// mesh.planar: a 2D mesh of one planar face of a design body, in the face's own plane coordinates (a face
// normal to z keeps (x, y); normal to x uses (y, z); normal to y (x, z)), z = 0. Quadrilaterals come from a
// structured grid (rectangular faces); triangles from the constrained Delaunay profile triangulation the
// extrusion mesher uses. Each boundary edge facet is tagged with the design edge it lies on, so sets by
// `{body, edge}` (and by `{body, face: <edge name>}`) resolve to edges carrying pressures and forces.
import { family, type FamilyName } from "../fem/families/index.js";
import type { Body, Vec2, Vec3 } from "../geometry/types.js";
import { divisions } from "./options.js";
import { planarGridMesh } from "./planarGrid.js";
import { triangulateProfile } from "./profile2d.js";
import type { Mesh } from "./types.js";

export type PlanarMeshResult = { ok: true; mesh: Mesh } | { ok: false; error: string };

/** In-plane coordinates of a face with normal `n` (axis-aligned faces only). */
function projector(n: Vec3): ((p: Vec3) => Vec2) | null {
  if (Math.abs(Math.abs(n[2]) - 1) < 1e-12) return (p) => [p[0], p[1]];
  if (Math.abs(Math.abs(n[0]) - 1) < 1e-12) return (p) => [p[1], p[2]];
  if (Math.abs(Math.abs(n[1]) - 1) < 1e-12) return (p) => [p[0], p[2]];
  return null;
}

const onSegment = (p: Vec2, a: Vec2, b: Vec2, tol: number) => {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]) <= tol;
};

export function planarFaceMesh(body: Body, faceName: string, size: number | undefined, type: FamilyName): PlanarMeshResult {
  const fam = family(type);
  if (!fam.planar) return { ok: false, error: `params.element: ${type} is not a planar family; use CPS3/4/6/8, CPE3/4/6/8 or CAX3/4/6/8` };
  const face = body.faces.find((f) => f.name === faceName);
  if (!face) return { ok: false, error: `params.face: body \`${body.name}\` has no face \`${faceName}\`; faces: ${body.faces.map((f) => f.name).join(", ")}` };
  const project = projector(face.normal);
  if (!project) return { ok: false, error: `params.face: face \`${faceName}\` is not normal to x, y or z; pick an axis-aligned face` };
  if (face.patches.length !== 1)
    return { ok: false, error: `params.face: face \`${faceName}\` has ${face.patches.length} separate pieces, which mesh.planar does not mesh yet; pick a face of one piece` };
  const loop = face.patches[0].loops[0].map(project);
  // Inner loops are holes (triangle families; the structured grid takes one rectangle).
  const holes = face.patches[0].loops.slice(1).map((l) => l.map(project));
  const xs = loop.map((p) => p[0]), ys = loop.map((p) => p[1]);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const h = size ?? span / 20;
  const tol = 1e-7 * span;
  // The design edge of each loop side (edge names carry over to the 2D mesh's boundary tags).
  const edges = body.edges
    .filter((e) => e.faces.includes(faceName))
    .map((e) => ({ name: e.name, segments: e.segments.map(([a, b]) => [project(a), project(b)] as [Vec2, Vec2]) }));
  const edgeOf = (a: Vec2, b: Vec2) => {
    const mid: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    return edges.find((e) => e.segments.some(([p, q]) => onSegment(mid, p, q, tol)))?.name ?? `${faceName}|?`;
  };
  if (fam.planar === "axisymmetric" && Math.min(...xs) < -tol) return { ok: false, error: `params.face: face \`${faceName}\` reaches x = ${Math.min(...xs)}; an axisymmetric model lies at radius x >= 0 (the y axis is the axis of revolution)` };

  if (fam.shape === "quadrilateral") {
    const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
    const rectangle = loop.length === 4 && loop.every((p) => (Math.abs(p[0] - x0) < tol || Math.abs(p[0] - x1) < tol) && (Math.abs(p[1] - y0) < tol || Math.abs(p[1] - y1) < tol));
    if (holes.length > 0) return { ok: false, error: `params.element: quadrilaterals need a rectangular face without holes and \`${faceName}\` has ${holes.length}; use a triangle family (${fam.name.slice(0, 3)}${fam.order === 1 ? 3 : 6})` };
    if (!rectangle) return { ok: false, error: `params.element: quadrilaterals need a rectangular face and \`${faceName}\` is not one; use a triangle family (${fam.name.slice(0, 3)}${fam.order === 1 ? 3 : 6})` };
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
    return { ok: true, mesh };
  }

  const tri = triangulateProfile(loop, h, undefined, undefined, holes);
  const np = tri.points.length / 2;
  const coords: number[] = [];
  for (let i = 0; i < np; i++) coords.push(tri.points[2 * i], tri.points[2 * i + 1], 0);
  const nt = tri.triangles.length / 3;
  const elements: number[] = [];
  const mids = new Map<string, number>();
  const mid = (a: number, b: number) => {
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    let m = mids.get(key);
    if (m === undefined) {
      m = coords.length / 3;
      coords.push((coords[3 * a] + coords[3 * b]) / 2, (coords[3 * a + 1] + coords[3 * b + 1]) / 2, 0);
      mids.set(key, m);
    }
    return m;
  };
  const sideOf = new Map<string, [number, number]>();
  for (let t = 0; t < nt; t++) {
    const c = [tri.triangles[3 * t], tri.triangles[3 * t + 1], tri.triangles[3 * t + 2]];
    elements.push(...c);
    if (fam.order === 2) elements.push(mid(c[0], c[1]), mid(c[1], c[2]), mid(c[2], c[0]));
    for (let k = 0; k < 3; k++) sideOf.set(`${c[k]}-${c[(k + 1) % 3]}`, [t, k]);
  }
  // Boundary segments run counter-clockwise like the triangles, so each is a side of exactly one triangle.
  const tagNames: string[] = [];
  const bElem: number[] = [], bSide: number[] = [], bTag: number[] = [];
  for (let s = 0; s < tri.segments.length / 2; s++) {
    const a = tri.segments[2 * s], b = tri.segments[2 * s + 1];
    const hit = sideOf.get(`${a}-${b}`) ?? sideOf.get(`${b}-${a}`);
    if (!hit) return { ok: false, error: `internal: boundary segment ${a}-${b} belongs to no triangle` };
    const name = edgeOf([tri.points[2 * a], tri.points[2 * a + 1]], [tri.points[2 * b], tri.points[2 * b + 1]]);
    let tag = tagNames.indexOf(name);
    if (tag < 0) tag = tagNames.push(name) - 1;
    bElem.push(hit[0]); bSide.push(hit[1]); bTag.push(tag);
  }
  return {
    ok: true,
    mesh: {
      type,
      nodes: Float64Array.from(coords),
      elements: Int32Array.from(elements),
      elementBody: new Int32Array(nt),
      bodies: [body.name],
      boundary: { element: Int32Array.from(bElem), side: Uint8Array.from(bSide), tag: Int32Array.from(bTag) },
      faceTags: tagNames.map((face) => ({ body: body.name, face })),
    },
  };
}
