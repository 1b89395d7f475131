// Which named face of a body holds a point: the face whose plane and outline (outer loop, minus holes) contain it.
import type { Body, Vec3 } from "../geometry/types.js";
import { pointInPolygon } from "../geometry/polygon.js";

export function faceHolding(body: Body, point: Vec3, normal: Vec3, tol: number): string | null {
  for (const face of body.faces) {
    const n = face.normal;
    if (n[0] * normal[0] + n[1] * normal[1] + n[2] * normal[2] < 0.999) continue;
    for (const patch of face.patches) {
      const p0 = patch.loops[0][0];
      if (Math.abs(n[0] * (point[0] - p0[0]) + n[1] * (point[1] - p0[1]) + n[2] * (point[2] - p0[2])) > tol) continue;
      // Project on the plane of the two axes the normal leans on least.
      const drop = Math.abs(n[0]) >= Math.abs(n[1]) && Math.abs(n[0]) >= Math.abs(n[2]) ? 0 : Math.abs(n[1]) >= Math.abs(n[2]) ? 1 : 2;
      const u = (drop + 1) % 3, v = (drop + 2) % 3;
      const flat = (loop: Vec3[]) => loop.map((q) => [q[u], q[v]] as [number, number]);
      const inside = pointInPolygon(flat(patch.loops[0]), point[u], point[v]) && patch.loops.slice(1).every((h) => !pointInPolygon(flat(h), point[u], point[v]));
      if (inside) return face.name;
    }
  }
  return null;
}
