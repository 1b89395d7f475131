// Unit checks of the pieces: cutting extrusions along and across their direction (face names, measures), the
// refusals, and each solid family's reflection keeping elements right-handed.
import { describe, expect, it } from "vitest";
import { FAMILIES } from "../../src/fem/families/index.js";
import { parseSolidcraft } from "../../src/geometry/index.js";
import { cutBody } from "../../src/geometry/partition/cut-body.js";
import { reflection } from "../../src/mesh/mirror.js";

const body = (features: unknown[]) => {
  const parsed = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "P", features }] }));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.design.bodies[0];
};

describe("cutting extrusions", () => {
  // An L-shaped profile in the xy plane, extruded 0..5 along z.
  const L = body([{ id: "E", type: "extrude", plane: "xy", profile: [[0, 0], [20, 0], [20, 10], [10, 10], [10, 30], [0, 30]], from: 0, to: 5 }]);

  it("along its direction: the profile clipped by the line, side faces keep their names, the cut is partition:<name>:a|b", () => {
    const out = cutBody(L, { point: [5, 0, 0], normal: [1, 0, 0] }, "p");
    if (out.kind !== "cut") throw new Error(JSON.stringify(out));
    const [a, b] = out.cells;
    expect([a.name, b.name]).toEqual(["P/a", "P/b"]);
    expect(a.volume + b.volume).toBeCloseTo(L.volume, 9);
    expect(a.volume).toBeCloseTo(5 * 30 * 5, 9);
    expect(a.faces.map((f) => f.name).sort()).toEqual(["E:end", "E:side:1", "E:side:5", "E:side:6", "E:start", "partition:p:a"].sort());
    const cutA = a.faces.find((f) => f.name === "partition:p:a")!;
    expect(cutA.normal).toEqual([1, 0, 0]);
    expect(cutA.area).toBeCloseTo(30 * 5, 9);
    expect(b.faces.find((f) => f.name === "partition:p:b")!.normal).toEqual([-1, 0, 0]);
    expect(b.edges.some((e) => e.name === "E:side:1|partition:p:b")).toBe(true);
  });

  it("across its direction: the depth split, each piece keeping its own end face", () => {
    const out = cutBody(L, { point: [0, 0, 2], normal: [0, 0, -1] }, "q");
    if (out.kind !== "cut") throw new Error(JSON.stringify(out));
    const [a, b] = out.cells;
    // The normal points to -z: cell a is the upper piece (z > 2), holding the end face.
    expect(a.faces.map((f) => f.name)).toEqual(expect.arrayContaining(["partition:q:a", "E:end"]));
    expect(a.faces.map((f) => f.name)).not.toContain("E:start");
    expect(a.volume).toBeCloseTo((L.volume * 3) / 5, 9);
    expect(b.faces.map((f) => f.name)).toEqual(expect.arrayContaining(["E:start", "partition:q:b"]));
  });

  it("refuses a line crossing the profile more than twice; an oblique plane makes general polyhedra; misses a plane outside", () => {
    expect(cutBody(L, { point: [0, 25, 0], normal: [Math.SQRT1_2, Math.SQRT1_2, 0] }, "r")).toMatchObject({ kind: "refused", error: expect.stringMatching(/more than twice/) });
    const oblique = cutBody(L, { point: [5, 5, 2], normal: [0.6, 0, 0.8] }, "s");
    if (oblique.kind !== "cut") throw new Error(JSON.stringify(oblique));
    expect(oblique.cells.map((c) => c.kind)).toEqual(["mesh", "mesh"]);
    expect(oblique.cells[0].volume + oblique.cells[1].volume).toBeCloseTo(L.volume, 9);
    expect(cutBody(L, { point: [50, 0, 0], normal: [1, 0, 0] }, "t")).toEqual({ kind: "miss" });
  });
});

describe("reflection of each solid family", () => {
  for (const fam of Object.values(FAMILIES).filter((f) => !f.planar)) {
    it(`${fam.name}: reflected node order is a right-handed element with the same faces`, () => {
      const { perm, side } = reflection(fam);
      // Reflect the reference element (x -> -x), reorder, and check the corner triple product is positive again.
      const ref = fam.reference.map((p) => [-p[0], p[1], p[2]]);
      const nodes = perm.map((k) => ref[k]);
      // Three edges from corner 0: tetrahedra and wedges (C3D6/C3D15) 1, 2, 3; hexahedra 1, 3, 4.
      const [o, a, b, c] = fam.corners === 8 ? [nodes[0], nodes[1], nodes[3], nodes[4]] : [nodes[0], nodes[1], nodes[2], nodes[3]];
      const u = a.map((v, i) => v - o[i]), v = b.map((x, i) => x - o[i]), w = c.map((x, i) => x - o[i]);
      const triple = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
      expect(triple).toBeGreaterThan(0);
      expect([...side].sort()).toEqual(fam.faces.map((_, k) => k));
    });
  }
});
