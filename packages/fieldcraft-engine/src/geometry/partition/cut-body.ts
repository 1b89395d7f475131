// One body cut by one datum plane into cells `<body>/a` (the normal's negative side) and `<body>/b`.
// Box unions cut by a principal plane stay box unions; an extrusion cut by a plane along its direction (the
// profile cut by a line) or across it (the depth split) stays an extrusion. Other cuts make general polyhedra
// (kind "mesh", cut-polyhedron.ts), which the general tet mesher meshes and the hex meshers refuse.
import { analyzeBoxUnion } from "../boxBody.js";
import { analyzeExtrusion, endFace, sideFace, startFace } from "../extrudeBody.js";
import { principalAxis, type Plane } from "../datum.js";
import { PLANE_AXES } from "../planes.js";
import type { Body, BoxCut, BoxFeature, ExtrudeFeature, Vec2 } from "../types.js";
import { clipProfile } from "./clip-profile.js";
import { cutGeneral } from "./cut-polyhedron.js";

export type CutOutcome = { kind: "cut"; cells: [Body, Body] } | { kind: "miss" } | { kind: "refused"; error: string };


export const cutFaceName = (partition: string, side: "a" | "b") => `partition:${partition}:${side}`;

function cellOf(body: Body, partition: string, side: "a" | "b"): Pick<Body, "name" | "cell"> {
  return { name: `${body.name}/${side}`, cell: { of: body.cell?.of ?? body.name, partitions: [...(body.cell?.partitions ?? []), partition] } };
}

export function cutBody(body: Body, plane: Plane, partition: string): CutOutcome {
  return body.kind === "boxes" ? cutBoxes(body, plane, partition) : body.kind === "extrude" ? cutExtrusion(body, plane, partition) : general(body, plane, partition);
}

/** The cut as two general polyhedra: the cells the design kinds cannot hold. */
function general(body: Body, plane: Plane, partition: string): CutOutcome {
  const caps = { a: cutFaceName(partition, "a"), b: cutFaceName(partition, "b") };
  return cutGeneral(body, plane, { a: cellOf(body, partition, "a"), b: cellOf(body, partition, "b") }, caps);
}

function cutBoxes(body: Body, plane: Plane, partition: string): CutOutcome {
  const a = principalAxis(plane);
  if (a < 0) return general(body, plane, partition);
  const c = plane.point[a];
  const s = plane.normal[a];
  const lower: BoxFeature[] = [], upper: BoxFeature[] = [];
  for (const f of body.features as BoxFeature[]) {
    if (f.min[a] < c) {
      const max = [...f.max] as BoxFeature["max"];
      max[a] = Math.min(max[a], c);
      lower.push({ ...f, max });
    }
    if (f.max[a] > c) {
      const min = [...f.min] as BoxFeature["min"];
      min[a] = Math.max(min[a], c);
      upper.push({ ...f, min });
    }
  }
  if (lower.length === 0 || upper.length === 0) return { kind: "miss" };
  // Cell a lies where s (x_a - c) < 0: below c when the normal is +axis.
  const [boxesA, boxesB] = s > 0 ? [lower, upper] : [upper, lower];
  // Where each cell lies against the plane: the other cell's cut face ends there (a design face on the plane beyond it
  // keeps its own name and is no part of the interface).
  const b = (a + 1) % 3, d = (a + 2) % 3;
  const touching = (boxes: BoxFeature[], end: "min" | "max") =>
    boxes.filter((f) => f[end][a] === c).map((f): [number, number, number, number] => [f.min[b], f.max[b], f.min[d], f.max[d]]);
  const make = (boxes: BoxFeature[], side: "a" | "b"): Body | string => {
    const other = boxes === lower ? touching(upper, "min") : touching(lower, "max");
    const cut: BoxCut = { axis: a, value: c, plus: (side === "a") === s > 0, name: cutFaceName(partition, side), across: other };
    const cuts = [...(body.cuts ?? []), cut];
    const made = analyzeBoxUnion(boxes, cuts);
    if (!made.ok) return `cell "${body.name}/${side}": ${made.error}`;
    const g = made.geometry;
    return { ...cellOf(body, partition, side), kind: "boxes", features: boxes, cuts, faces: g.faces, edges: g.edges, volume: g.volume, bbox: g.bbox };
  };
  const ca = make(boxesA, "a"), cb = make(boxesB, "b");
  if (typeof ca === "string") return { kind: "refused", error: ca };
  if (typeof cb === "string") return { kind: "refused", error: cb };
  return { kind: "cut", cells: [ca, cb] };
}

function cutExtrusion(body: Body, plane: Plane, partition: string): CutOutcome {
  const f = body.features[0] as ExtrudeFeature;
  const [au, av, aw] = PLANE_AXES[f.plane];
  const n = plane.normal;
  const names = { start: startFace(f), end: endFace(f), sides: f.profile.map((_, k) => sideFace(f, k + 1)) };
  const extrusion = (feature: ExtrudeFeature, side: "a" | "b"): Body | string => {
    const made = analyzeExtrusion(feature);
    if (!made.ok) return `cell "${body.name}/${side}": ${made.error}`;
    const g = made.geometry;
    return { ...cellOf(body, partition, side), kind: "extrude", features: [feature], faces: g.faces, edges: g.edges, volume: g.volume, bbox: g.bbox };
  };
  const both = (a: Body | string, b: Body | string): CutOutcome =>
    typeof a === "string" ? { kind: "refused", error: a } : typeof b === "string" ? { kind: "refused", error: b } : { kind: "cut", cells: [a, b] };

  if (n[aw] === 0) {
    // A plane along the extrusion direction: the profile cut by the line where the plane meets the sketch plane.
    const side = (p: Vec2) => n[au] * (p[0] - plane.point[au]) + n[av] * (p[1] - plane.point[av]);
    const extent = Math.max(...f.profile.map((p) => Math.max(Math.abs(p[0]), Math.abs(p[1]))), 1e-300);
    const eps = 1e-12 * extent;
    const pa = clipProfile(f.profile, names.sides, side, cutFaceName(partition, "a"), eps);
    const pb = clipProfile(f.profile, names.sides, (p) => -side(p), cutFaceName(partition, "b"), eps);
    if (!pa.ok) return { kind: "refused", error: `body "${body.name}": ${pa.error}` };
    if (!pb.ok) return { kind: "refused", error: `body "${body.name}": ${pb.error}` };
    if (!pa.piece || !pb.piece) return { kind: "miss" };
    const cell = (piece: { points: Vec2[]; names: string[] }): ExtrudeFeature => ({ ...f, profile: piece.points, names: { ...names, sides: piece.names } });
    return both(extrusion(cell(pa.piece), "a"), extrusion(cell(pb.piece), "b"));
  }
  if (n[au] === 0 && n[av] === 0) {
    // A plane across the extrusion: the depth split at w0, each piece keeping its own end face.
    const w0 = plane.point[aw];
    if (w0 <= Math.min(f.from, f.to) || w0 >= Math.max(f.from, f.to)) return { kind: "miss" };
    const nearA = n[aw] * ((f.from + w0) / 2 - w0) < 0;
    const near = (side: "a" | "b"): ExtrudeFeature => ({ ...f, to: w0, names: { ...names, end: cutFaceName(partition, side) } });
    const far = (side: "a" | "b"): ExtrudeFeature => ({ ...f, from: w0, names: { ...names, start: cutFaceName(partition, side) } });
    return nearA ? both(extrusion(near("a"), "a"), extrusion(far("b"), "b")) : both(extrusion(far("a"), "a"), extrusion(near("b"), "b"));
  }
  return general(body, plane, partition);
}
