// The one flood fill behind shells (validate.ts) and named faces (faces.ts): regions, order, stops.
import { describe, expect, it } from "vitest";
import { edgeTriangles, floodTriangles } from "../src/geometry/import/flood.js";
import { validateSurface } from "../src/geometry/import/validate.js";
import { nameFaces } from "../src/geometry/import/faces.js";
import { boxSurface } from "./support/surfaces.js";

function twoBoxes() {
  const a = boxSurface([0, 0, 0], [1, 1, 1]), b = boxSurface([5, 0, 0], [6, 2, 3]);
  const offset = a.positions.length / 3;
  return {
    positions: Float64Array.from([...a.positions, ...b.positions]),
    triangles: Int32Array.from([...a.triangles, ...b.triangles.map((v) => v + offset)]),
  };
}

describe("floodTriangles", () => {
  it("joins edge-connected triangles in breadth-first order from the lowest triangle", () => {
    const s = twoBoxes();
    const n = s.positions.length / 3;
    const r = floodTriangles(s.triangles, edgeTriangles(s.triangles, n), n, () => true);
    if (!r.ok) throw new Error(r.error);
    expect(r.regions.map((l) => l.length)).toEqual([12, 12]);
    expect(r.regions[0][0]).toBe(0);
    expect(r.regions[1][0]).toBe(12);
    expect(Array.from(r.regionOf.slice(10, 14))).toEqual([0, 0, 1, 1]);
  });

  it("stops with the step's message, and crosses only where the step says", () => {
    const s = twoBoxes();
    const n = s.positions.length / 3;
    const edges = edgeTriangles(s.triangles, n);
    const stopped = floodTriangles(s.triangles, edges, n, (t, o) => (o === 5 ? `stop at ${t}-${o}` : true));
    expect(stopped).toEqual({ ok: false, error: expect.stringMatching(/^stop at \d+-5$/) });
    const none = floodTriangles(s.triangles, edges, n, () => false);
    expect(none.ok && none.regions.length).toBe(24);
  });

  it("gives the shells of validateSurface and the faces of nameFaces", () => {
    const s = twoBoxes();
    const v = validateSurface({ positions: s.positions.slice(), triangles: s.triangles.slice() });
    if (!v.ok) throw new Error(v.error);
    expect(v.shells.map((x) => x.triangles.length)).toEqual([12, 12]);
    // Twelve planar faces of two boxes, largest first (the 2 x 3 side of the second box).
    const f = nameFaces(s.positions, s.triangles, 30);
    expect(f.faces.length).toBe(12);
    expect(f.faces[0].area).toBeCloseTo(6, 12);
  });
});
