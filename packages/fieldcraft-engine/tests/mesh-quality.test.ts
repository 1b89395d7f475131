// meshQuality against shapes whose angles are known by hand.
import { describe, expect, it } from "vitest";
import { parseSolidcraft } from "../src/geometry/index.js";
import { generateTetMesh, meshQuality, type Mesh } from "../src/mesh/index.js";

function handMesh(nodes: number[], elements: number[]): Mesh {
  const m = elements.length / 4;
  return {
    type: "C3D4",
    nodes: Float64Array.from(nodes),
    elements: Int32Array.from(elements),
    elementBody: new Int32Array(m),
    bodies: ["Hand"],
    boundary: { element: new Int32Array(0), side: new Uint8Array(0), tag: new Int32Array(0) },
    faceTags: [],
  };
}

// A regular tetrahedron (positive in the order 0, 2, 1, 3): every dihedral angle is acos(1/3), every edge the same.
const regular = [1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1];

describe("meshQuality", () => {
  it("reports a regular tetrahedron's angles", () => {
    const q = meshQuality(handMesh(regular, [0, 2, 1, 3]));
    const expected = (Math.acos(1 / 3) * 180) / Math.PI; // 70.5288 degrees
    expect(q.dihedral.min).toBeCloseTo(expected, 9);
    expect(q.dihedral.max).toBeCloseTo(expected, 9);
    expect(q.edgeRatio).toEqual({ min: 1, max: 1, mean: 1 });
    expect(q.inverted).toBe(0);
    expect(q).toMatchObject({ elements: 1, nodes: 4, type: "C3D4" });
  });

  it("counts an inverted element and ranks it worst", () => {
    const q = meshQuality(handMesh(regular, [0, 2, 1, 3, 0, 1, 2, 3]));
    expect(q.inverted).toBe(1);
    expect(q.worst[0].index).toBe(1);
    expect(q.worst[0].volume).toBeLessThan(0);
  });

  it("finds the Kuhn split's 45, 60 and 90 degree angles in a cube grid", () => {
    const d = parseSolidcraft(
      JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Cube", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [3, 3, 3] }] }] }),
    );
    if (!d.ok) throw new Error(d.error);
    for (const order of [1, 2] as const) {
      const r = generateTetMesh(d.design, { order, size: 1 });
      if (!r.ok) throw new Error(r.error);
      const q = meshQuality(r.mesh, 3);
      expect(q.elements).toBe(27 * 6);
      expect(q.type).toBe(order === 1 ? "C3D4" : "C3D10");
      expect(q.dihedral.min).toBeCloseTo(45, 9);
      expect(q.dihedral.max).toBeCloseTo(90, 9);
      // Shortest edge: a cell side (1); longest: the cell diagonal (sqrt 3).
      expect(q.edgeRatio.min).toBeCloseTo(Math.sqrt(3), 12);
      expect(q.edgeRatio.max).toBeCloseTo(Math.sqrt(3), 12);
      expect(q.inverted).toBe(0);
      expect(q.worst).toHaveLength(3);
      expect(q.worst[0].body).toBe("Cube");
    }
  });

  it("finds no inverted element in extrusion meshes of awkward profiles", () => {
    const profiles = [
      [[0, 0], [10, 0], [10, 1], [1, 1], [1, 10], [0, 10]],
      [[0, 0], [3, 0.2], [6, 0], [6.1, 3], [6, 6], [3, 5.8], [0, 6], [-0.1, 3]],
      [[0, 0], [100, 0], [100, 0.3], [0, 0.3]],
      [[0, 0], [5, 0], [5, 5], [4, 1], [3, 5], [2, 1], [1, 5], [0, 5]],
    ];
    for (const profile of profiles) {
      for (const plane of ["xy", "yz", "zx"]) {
        const d = parseSolidcraft(
          JSON.stringify({
            format: "solidcraft/1",
            units: "m",
            bodies: [{ name: "P", features: [{ id: "E", type: "extrude", plane, profile, from: 1, to: -1.5 }] }],
          }),
        );
        if (!d.ok) throw new Error(d.error);
        const r = generateTetMesh(d.design, { order: 1, size: 0.4 });
        if (!r.ok) throw new Error(r.error);
        const q = meshQuality(r.mesh);
        expect(q.inverted).toBe(0);
        expect(q.dihedral.min).toBeGreaterThan(0);
      }
    }
  });
});
