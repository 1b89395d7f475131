// Sketch planes: a profile point (u, v) at height w along the plane's normal, in model coordinates.
import type { Vec3 } from "./types.js";

export type SketchPlane = "xy" | "yz" | "zx";

/** Model axis of u, v and the normal w for each plane; u x v = w, so the frames are right-handed. */
export const PLANE_AXES: Record<SketchPlane, readonly [number, number, number]> = {
  xy: [0, 1, 2],
  yz: [1, 2, 0],
  zx: [2, 0, 1],
};

export function planePoint(plane: SketchPlane, u: number, v: number, w: number): Vec3 {
  const [au, av, aw] = PLANE_AXES[plane];
  const p: Vec3 = [0, 0, 0];
  p[au] = u;
  p[av] = v;
  p[aw] = w;
  return p;
}

/** A direction in the plane's frame; zero components are +0 so that normals print cleanly. */
export function planeVector(plane: SketchPlane, u: number, v: number, w: number): Vec3 {
  return planePoint(plane, u + 0, v + 0, w + 0);
}
