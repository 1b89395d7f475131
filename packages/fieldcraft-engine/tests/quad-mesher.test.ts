// The unstructured face mesher (src/mesh/quad/) on its own: a plate with a hole drawn as a 64-gon meshes
// all-quadrilateral with the hole as one curve (points slide along it, their number set by size and bend, not by the
// 64 vertices), every boundary node on its loop; a fixed-seed sample of random star-shaped faces with holes meshes
// with no folded element in quadrilaterals and in triangles.
import { describe, expect, it } from "vitest";
import { segmentDistance } from "../src/geometry/polygon.js";
import type { Vec2 } from "../src/geometry/types.js";
import { elementQuality } from "../src/mesh/quad/metrics.js";
import { meshFace, type FaceMesh } from "../src/mesh/quad/quadMesh.js";

const polygon = (n: number, r: (k: number) => number): Vec2[] =>
  Array.from({ length: n }, (_, k) => {
    const radius = r(k);
    return [radius * Math.cos((2 * Math.PI * k) / n), radius * Math.sin((2 * Math.PI * k) / n)];
  });
const labelled = (points: Vec2[], name: string) => ({ points, sides: points.map((_, k) => `${name}${k}`) });

/** Distance from a point to a closed polyline. */
function toLoop(loop: Vec2[], x: number, y: number): number {
  let d = Infinity;
  for (let k = 0; k < loop.length; k++) {
    const p = loop[k], q = loop[(k + 1) % loop.length];
    d = Math.min(d, segmentDistance(p[0], p[1], q[0], q[1], x, y));
  }
  return d;
}

function mesh(loops: Vec2[][], size: number, shape: "triangle" | "quadrilateral", refineAt?: Vec2): FaceMesh {
  const out = meshFace({
    loops: loops.map((l, i) => labelled(l, i === 0 ? "o" : `h${i}_`)),
    size,
    sources: refineAt ? [{ at: [refineAt], size: size / 5 }] : [],
    seeds: new Map(),
    shape,
    maxPoints: 1e6,
  });
  if (!out.ok) throw new Error(out.error);
  return out.mesh;
}

describe("unstructured face mesher", () => {
  it("a square plate with a 64-gon hole: all-quadrilateral, the hole one curve with nodes on it, good quality", () => {
    const outer: Vec2[] = [[-10, -10], [10, -10], [10, 10], [-10, 10]];
    const hole = polygon(64, () => 2);
    const m = mesh([outer, hole], 1.5, "quadrilateral");
    expect(m.corners).toBe(4);
    const q = elementQuality(m.points, 2, m.cells, 4, 4);
    expect(q.inverted).toBe(0);
    expect(q.min_scaled_jacobian).toBeGreaterThan(0.5);
    expect(q.min_angle).toBeGreaterThan(30);
    expect(q.max_angle).toBeLessThan(150);
    // Boundary nodes: on their loop; the hole's count follows the size and its bend (15 degrees a segment at most).
    const onHole = new Set<number>();
    for (let s = 0; s < m.segmentLabel.length; s++) {
      const label = m.segmentLabel[s];
      for (const v of [m.segments[2 * s], m.segments[2 * s + 1]]) {
        const x = m.points[2 * v], y = m.points[2 * v + 1];
        expect(toLoop(label.startsWith("h") ? hole : outer, x, y)).toBeLessThan(1e-12);
        if (label.startsWith("h")) onHole.add(v);
      }
    }
    expect(onHole.size).toBeGreaterThanOrEqual(24);
    expect(onHole.size).toBeLessThan(64);
    // Every boundary segment is an element side: the mesh closes on the boundary.
    const sides = new Set<string>();
    for (let e = 0; e < m.cells.length / 4; e++) for (let k = 0; k < 4; k++) sides.add(`${m.cells[4 * e + k]}-${m.cells[4 * e + ((k + 1) % 4)]}`);
    for (let s = 0; s < m.segmentLabel.length; s++) expect(sides.has(`${m.segments[2 * s]}-${m.segments[2 * s + 1]}`)).toBe(true);
  });

  it("random star-shaped faces with a hole (fixed seed), graded or not: no folded element, quadrilaterals and triangles", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let c = 0; c < 25; c++) {
      const outer = polygon(5 + Math.floor(rand() * 40), () => 10 * (0.6 + 0.4 * rand()));
      const hr = 1 + 2 * rand();
      const hole = polygon(rand() < 0.5 ? 64 : 3 + Math.floor(rand() * 8), () => hr);
      const size = 0.3 + 3 * rand();
      const refine = rand() < 0.5 ? hole[0] : undefined;
      for (const shape of ["quadrilateral", "triangle"] as const) {
        const m = mesh([outer, hole], size, shape, refine);
        const q = elementQuality(m.points, 2, m.cells, m.corners, m.corners);
        expect(q.inverted, `case ${c} ${shape}`).toBe(0);
        expect(q.min_scaled_jacobian, `case ${c} ${shape}`).toBeGreaterThan(0.1);
      }
    }
  });

  it("a wavy edge passing a hair above a hole: the boundary refines there (no needle element); loops that cross are refused by place", () => {
    // The top edge is a cosine polyline whose crest at x = 10 sits `gap` above a triangular hole's apex: the
    // chords of a coarse walk along the wave would cut into the hole or pass it at a needle's width.
    const wave: Vec2[] = Array.from({ length: 81 }, (_, k) => [20 - k * 0.25, 10 + Math.cos((2 * Math.PI * (20 - k * 0.25)) / 10)]);
    for (const gap of [0.3, 0.1, 0.03, 0.01]) {
      const hole: Vec2[] = [[8, 10 - gap], [12, 10 - gap], [10, 11 - gap]];
      const m = mesh([[[0, 0], [20, 0], ...wave], hole], 3, "quadrilateral");
      const q = elementQuality(m.points, 2, m.cells, 4, 4);
      expect(q.inverted, `gap ${gap}`).toBe(0);
      expect(q.min_scaled_jacobian, `gap ${gap}`).toBeGreaterThan(0.3);
    }
    const out = meshFace({
      loops: [labelled([[0, 0], [10, 0], [10, 10], [0, 10]], "o"), labelled([[8, 4], [12, 4], [12, 6], [8, 6]], "h")],
      size: 2, sources: [], seeds: new Map(), shape: "quadrilateral", maxPoints: 1e6,
    });
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/the boundary's segments cross near \([\d.]+, [\d.]+\) even at a finer spacing; the face's loops may touch or cross there/);
  });
});
