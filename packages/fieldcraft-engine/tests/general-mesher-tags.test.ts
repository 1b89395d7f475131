// Two named regions on one plane: a box whose top is two faces meeting along an oblique line. Boundary
// recovery must keep that line: every facet on the top lies wholly on one side of it and carries that
// side's tag, and the facets of each tag tile exactly its region's area.
import { describe, expect, it } from "vitest";
import { meshClosedSurface } from "../src/mesh/general/mesher.js";
import { tetVolume6 } from "../src/mesh/tet.js";

// Box [0,10] x [0,10] x [0,4]; the top is split by the line (3, 0, 4) - (7, 10, 4) into tags 1 (x small) and 2.
const positions = Float64Array.from([
  0, 0, 0, 10, 0, 0, 10, 10, 0, 0, 10, 0,
  0, 0, 4, 10, 0, 4, 10, 10, 4, 0, 10, 4,
  3, 0, 4, 7, 10, 4,
]);
const faces: [number[], number][] = [
  [[0, 3, 2, 0, 2, 1], 0], // bottom
  [[4, 8, 9, 4, 9, 7], 1], // top, left of the line
  [[8, 5, 6, 8, 6, 9], 2], // top, right of the line
  [[0, 1, 8, 1, 5, 8, 0, 8, 4], 3], // y = 0
  [[2, 3, 9, 3, 7, 9, 2, 9, 6], 4], // y = 10
  [[0, 4, 7, 0, 7, 3], 5], // x = 0
  [[1, 2, 6, 1, 6, 5], 6], // x = 10
];
const triangles = Int32Array.from(faces.flatMap(([t]) => t));
const faceTags = Int32Array.from(faces.flatMap(([t, tag]) => Array(t.length / 3).fill(tag)));
/** Positive left of the tag line (tag 1's side), in units of length * 10.8. */
const side = (x: number, y: number) => 4 * y - 10 * (x - 3);
const SIDE = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]]; // Abaqus S1..S4 corner sets

describe("meshClosedSurface with two tags on one plane", () => {
  for (const size of [2.5, 1.3]) {
    it(`keeps the tag line at size ${size}: no facet straddles it, each tag tiles its own area`, () => {
      const r = meshClosedSurface({ positions, triangles, faceTags }, { size });
      if (!r.ok) throw new Error(r.error);
      const m = r.mesh;
      let volume = 0;
      for (let e = 0; e < m.tets.length / 4; e++) {
        const v = tetVolume6(m.nodes, m.tets[4 * e], m.tets[4 * e + 1], m.tets[4 * e + 2], m.tets[4 * e + 3]);
        expect(v).toBeGreaterThan(0);
        volume += v / 6;
      }
      expect(volume).toBeCloseTo(400, 9);
      const areaByTag = new Map<number, number>();
      for (let f = 0; f < m.facetElement.length; f++) {
        const c = SIDE[m.facetSide[f]].map((k) => m.tets[4 * m.facetElement[f] + k]);
        const p = c.map((v) => [m.nodes[3 * v], m.nodes[3 * v + 1], m.nodes[3 * v + 2]]);
        const u = [0, 1, 2].map((k) => p[1][k] - p[0][k]), w = [0, 1, 2].map((k) => p[2][k] - p[0][k]);
        const area = Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
        const tag = m.facetTag[f];
        areaByTag.set(tag, (areaByTag.get(tag) ?? 0) + area);
        if (tag === 1 || tag === 2) {
          for (const q of p) {
            expect(q[2]).toBeCloseTo(4, 12);
            // Every corner on the tag's own side of the line (or on it, to rounding).
            expect(tag === 1 ? side(q[0], q[1]) : -side(q[0], q[1])).toBeGreaterThan(-1e-9);
          }
        }
      }
      // The left region is the quadrilateral (0,0)-(3,0)-(7,10)-(0,10): area 50; the right one 50 too.
      expect(areaByTag.get(1)).toBeCloseTo(50, 9);
      expect(areaByTag.get(2)).toBeCloseTo(50, 9);
      expect(areaByTag.get(0)).toBeCloseTo(100, 9);
      expect(m.quality.minDihedral).toBeGreaterThan(5);
      console.log(`size ${size}: ${m.tets.length / 4} tets, min dihedral ${m.quality.minDihedral.toFixed(2)}, max radius-edge ${m.quality.maxRadiusEdge.toFixed(2)}, ${JSON.stringify(m.stats)}`);
    }, 30_000);
  }
});
