// A planar face's own 2D frame: mesh x, y are coordinates along two orthonormal in-plane axes from an origin.
// Axis-plane faces keep mesh.planar's first convention (z-normal: x, y; x-normal: y, z; y-normal: x, z); any
// other plane takes x horizontal (z × n) and y = n × x, from the plane's point nearest the global origin.
import type { Vec2, Vec3 } from "../../geometry/types.js";

export interface FaceFrame {
  origin: Vec3;
  x: Vec3;
  y: Vec3;
  normal: Vec3;
  /** True for a face normal to a global axis (today's convention). */
  axisPlane: boolean;
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const unit = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};

/** Axis-plane conventions as data: which global axes become mesh x and y for a face normal to axis k. */
const AXIS_FRAMES: readonly [number, number][] = [[1, 2], [0, 2], [0, 1]];

/** Minus zero reads as zero (it would not survive JSON). */
const clean = (v: Vec3): Vec3 => [v[0] + 0, v[1] + 0, v[2] + 0];

export function faceFrame(normal: Vec3, onPlane: Vec3): FaceFrame {
  const f = frameOf(normal, onPlane);
  return { ...f, origin: clean(f.origin), x: clean(f.x), y: clean(f.y), normal: clean(f.normal) };
}

function frameOf(normal: Vec3, onPlane: Vec3): FaceFrame {
  const n = unit(normal);
  const axis = [0, 1, 2].find((k) => Math.abs(Math.abs(n[k]) - 1) < 1e-12);
  if (axis !== undefined) {
    const [i, j] = AXIS_FRAMES[axis];
    const e = (k: number): Vec3 => [k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0];
    const origin: Vec3 = [0, 0, 0];
    origin[axis] = onPlane[axis];
    return { origin, x: e(i), y: e(j), normal: n, axisPlane: true };
  }
  // |n_z| < 1 here, so z × n is a horizontal in-plane direction.
  const x = unit(cross([0, 0, 1], n));
  const y = cross(n, x);
  const d = dot(n, onPlane);
  return { origin: [d * n[0], d * n[1], d * n[2]], x, y, normal: n, axisPlane: false };
}

export function toFrame(f: FaceFrame, p: Vec3): Vec2 {
  const r: Vec3 = [p[0] - f.origin[0], p[1] - f.origin[1], p[2] - f.origin[2]];
  return [dot(r, f.x), dot(r, f.y)];
}

export function fromFrame(f: FaceFrame, [u, v]: Vec2): Vec3 {
  return [0, 1, 2].map((k) => f.origin[k] + u * f.x[k] + v * f.y[k]) as Vec3;
}
