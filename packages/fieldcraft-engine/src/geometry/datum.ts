// Datum planes and axes: how each is given (`by`) and the plane or line it stands for (a point and a unit vector).
import type { Vec3 } from "./types.js";

export type DatumPlaneBy =
  | { type: "offset"; plane: "xy" | "yz" | "zx"; offset: number }
  | { type: "points"; points: [Vec3, Vec3, Vec3] }
  | { type: "point_normal"; point: Vec3; normal: Vec3 };

export type DatumAxisBy =
  | { type: "principal"; axis: "x" | "y" | "z"; through?: Vec3 }
  | { type: "points"; points: [Vec3, Vec3] }
  | { type: "point_direction"; point: Vec3; direction: Vec3 };

/** A plane n . (x - point) = 0 with a unit normal; "negative side" is n . (x - point) < 0. */
export interface Plane {
  point: Vec3;
  normal: Vec3;
}

export interface Line {
  point: Vec3;
  direction: Vec3;
}

// The principal planes' normals follow the sketch planes' right-handed frames (u x v = w).
const OFFSET_NORMAL: Record<"xy" | "yz" | "zx", Vec3> = { xy: [0, 0, 1], yz: [1, 0, 0], zx: [0, 1, 0] };

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** The unit vector, or null for a zero (or not finite) one. */
export function unit(v: Vec3): Vec3 | null {
  const l = Math.hypot(v[0], v[1], v[2]);
  if (!(l > 0) || !Number.isFinite(l)) return null;
  // Snap components that rounding left near zero, so principal directions stay exact.
  return v.map((c) => (Math.abs(c / l) < 1e-15 ? 0 : c / l)) as Vec3;
}

export function datumPlane(by: DatumPlaneBy): { ok: true; plane: Plane } | { ok: false; error: string } {
  if (by.type === "offset") {
    const normal = OFFSET_NORMAL[by.plane];
    return { ok: true, plane: { point: normal.map((c) => c * by.offset) as Vec3, normal } };
  }
  if (by.type === "points") {
    const [p, q, r] = by.points;
    const n = unit(cross(sub(q, p), sub(r, p)));
    if (!n) return { ok: false, error: "points: the three points lie on one line (or repeat); give three points that span a plane" };
    return { ok: true, plane: { point: p, normal: n } };
  }
  const n = unit(by.normal);
  if (!n) return { ok: false, error: "normal: a zero vector has no direction; give a non-zero normal" };
  return { ok: true, plane: { point: by.point, normal: n } };
}

export function datumAxis(by: DatumAxisBy): { ok: true; axis: Line } | { ok: false; error: string } {
  if (by.type === "principal") {
    const d: Vec3 = [0, 0, 0];
    d["xyz".indexOf(by.axis)] = 1;
    return { ok: true, axis: { point: by.through ?? [0, 0, 0], direction: d } };
  }
  if (by.type === "points") {
    const d = unit(sub(by.points[1], by.points[0]));
    if (!d) return { ok: false, error: "points: the two points are the same; give two distinct points" };
    return { ok: true, axis: { point: by.points[0], direction: d } };
  }
  const d = unit(by.direction);
  if (!d) return { ok: false, error: "direction: a zero vector has no direction; give a non-zero direction" };
  return { ok: true, axis: { point: by.point, direction: d } };
}

/** Signed distance of x from the plane (positive on the normal's side). */
export function planeDistance(plane: Plane, x: Vec3): number {
  return dot(plane.normal, sub(x, plane.point));
}

/** x reflected across the plane. */
export function reflect(plane: Plane, x: Vec3): Vec3 {
  const d = 2 * planeDistance(plane, x);
  return [x[0] - d * plane.normal[0], x[1] - d * plane.normal[1], x[2] - d * plane.normal[2]];
}

/** The axis (0..2) the plane's normal lies along, or -1 for an oblique plane. */
export function principalAxis(plane: Plane): number {
  const n = plane.normal;
  for (let a = 0; a < 3; a++) if (n[(a + 1) % 3] === 0 && n[(a + 2) % 3] === 0) return a;
  return -1;
}
