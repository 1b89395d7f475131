// The profile triangulation on its own: it covers the profile exactly, keeps every boundary
// segment with its edge number, and keeps triangles well shaped.
import { describe, expect, it } from "vitest";
import type { Vec2 } from "../src/geometry/types.js";
import { triangulateProfile } from "../src/mesh/profile2d.js";

const L: Vec2[] = [[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]];

function smallestAngle(p: Float64Array, a: number, b: number, c: number): number {
  let m = 180;
  for (const [i, j, k] of [[a, b, c], [b, c, a], [c, a, b]]) {
    const ux = p[2 * j] - p[2 * i], uy = p[2 * j + 1] - p[2 * i + 1];
    const vx = p[2 * k] - p[2 * i], vy = p[2 * k + 1] - p[2 * i + 1];
    m = Math.min(m, (Math.acos((ux * vx + uy * vy) / Math.hypot(ux, uy) / Math.hypot(vx, vy)) * 180) / Math.PI);
  }
  return m;
}

describe("triangulateProfile", () => {
  for (const [name, profile] of [
    ["L, counter-clockwise", L],
    ["L, clockwise", [...L].reverse()],
  ] as const) {
    it(`${name}: covers the profile with counter-clockwise, well-shaped triangles`, () => {
      const size = 2;
      const pm = triangulateProfile(profile, size);
      const p = pm.points;
      let area = 0;
      let worst = 180;
      for (let t = 0; t < pm.triangles.length / 3; t++) {
        const [a, b, c] = [pm.triangles[3 * t], pm.triangles[3 * t + 1], pm.triangles[3 * t + 2]];
        const twice = (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a]);
        expect(twice).toBeGreaterThan(0);
        area += twice / 2;
        worst = Math.min(worst, smallestAngle(p, a, b, c));
      }
      expect(Math.abs(area - (60 * 10 + 10 * 30))).toBeLessThan(1e-9 * 900);
      expect(worst).toBeGreaterThan(25);
      // Boundary segments: no longer than the size, and per profile edge (numbered as written) they add up to its length.
      const lengths = new Map<number, number>();
      for (let s = 0; s < pm.segmentEdge.length; s++) {
        const [a, b] = [pm.segments[2 * s], pm.segments[2 * s + 1]];
        const len = Math.hypot(p[2 * b] - p[2 * a], p[2 * b + 1] - p[2 * a + 1]);
        expect(len).toBeLessThanOrEqual(size + 1e-9);
        lengths.set(pm.segmentEdge[s], (lengths.get(pm.segmentEdge[s]) ?? 0) + len);
      }
      profile.forEach((q, k) => {
        const r = profile[(k + 1) % profile.length];
        expect(lengths.get(k + 1)).toBeCloseTo(Math.hypot(r[0] - q[0], r[1] - q[1]), 9);
      });
      // Every boundary segment is an edge of exactly one triangle.
      const edgeUse = new Map<string, number>();
      for (let t = 0; t < pm.triangles.length / 3; t++)
        for (let k = 0; k < 3; k++) {
          const a = pm.triangles[3 * t + k];
          const b = pm.triangles[3 * t + ((k + 1) % 3)];
          const key = `${Math.min(a, b)},${Math.max(a, b)}`;
          edgeUse.set(key, (edgeUse.get(key) ?? 0) + 1);
        }
      for (let s = 0; s < pm.segmentEdge.length; s++) {
        const [a, b] = [pm.segments[2 * s], pm.segments[2 * s + 1]];
        expect(edgeUse.get(`${Math.min(a, b)},${Math.max(a, b)}`)).toBe(1);
      }
    });
  }
});
