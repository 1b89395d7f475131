// Consistent nodal loads, checked against hand integration and global balance.
import { describe, expect, it } from "vitest";
import { facetArea, facetsWithTags, pressureLoad, spreadForce, tractionLoad } from "../src/fem/index.js";
import type { Mesh } from "../src/mesh/types.js";
import { boxTetMesh } from "./support/box-mesh.js";

/** One tetrahedron with corners (0,0,0), (2,0,0), (0,3,0), (0,0,1); face S1 (nodes 1,2,3) lies in z = 0 with area 3. */
function singleTet(order: 1 | 2): Mesh {
  const corners = [0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 1];
  const edges = [[0, 1], [1, 2], [2, 0], [0, 3], [1, 3], [2, 3]];
  const nodes = [...corners];
  if (order === 2) for (const [a, b] of edges) for (let c = 0; c < 3; c++) nodes.push((corners[3 * a + c] + corners[3 * b + c]) / 2);
  return {
    type: order === 2 ? "C3D10" : "C3D4",
    nodes: Float64Array.from(nodes),
    elements: Int32Array.from({ length: order === 2 ? 10 : 4 }, (_, i) => i),
    elementBody: new Int32Array(1),
    bodies: ["T"],
    boundary: { element: Int32Array.of(0), side: Uint8Array.of(0), tag: Int32Array.of(0) },
    faceTags: [{ body: "T", face: "F1:-z" }],
  };
}

describe("facet loads", () => {
  it("a linear triangle shares a uniform load equally between its corners", () => {
    const mesh = singleTet(1);
    const f = tractionLoad(mesh, { element: [0], side: [0] }, [0, 0, -6]);
    expect(facetArea(mesh, { element: [0], side: [0] })).toBeCloseTo(3, 14);
    for (const n of [0, 1, 2]) expect(f[3 * n + 2]).toBeCloseTo(-6, 12); // 6 x 3 / 3
    expect(f[3 * 3 + 2]).toBe(0);
  });

  it("a quadratic triangle puts nothing on its corners and a third on each mid-side node", () => {
    const mesh = singleTet(2);
    const f = tractionLoad(mesh, { element: [0], side: [0] }, [1, 0, 0]);
    for (const n of [0, 1, 2]) expect(Math.abs(f[3 * n])).toBeLessThan(1e-14);
    // Face S1 mid-side nodes are 5, 6, 7 (Abaqus numbering), indices 4, 5, 6.
    for (const n of [4, 5, 6]) expect(f[3 * n]).toBeCloseTo(1, 13);
    for (const n of [3, 7, 8, 9]) expect(f[3 * n]).toBe(0);
  });

  it("pressure pushes into the element, against the outward normal", () => {
    const mesh = singleTet(2);
    const f = pressureLoad(mesh, { element: [0], side: [0] }, 2);
    // Face z = 0, outward normal -z: pressure 2 on area 3 gives +6 in z.
    let fz = 0;
    for (let n = 0; n < 10; n++) fz += f[3 * n + 2];
    expect(fz).toBeCloseTo(6, 12);
  });

  for (const order of [1, 2] as const)
    it(`a pressure over a closed surface has no resultant (order ${order}), one face carries p times its area`, () => {
      const mesh = boxTetMesh({ size: [3, 2, 1], cells: [3, 2, 2], order, jitter: 0.3 });
      const all = { element: mesh.boundary.element, side: mesh.boundary.side };
      expect(facetArea(mesh, all)).toBeCloseTo(2 * (6 + 3 + 2), 10);
      const f = pressureLoad(mesh, all, 5);
      const sum = [0, 0, 0];
      for (let n = 0; n < f.length / 3; n++) for (let c = 0; c < 3; c++) sum[c] += f[3 * n + c];
      expect(Math.hypot(...sum)).toBeLessThan(1e-10);
      const top = pressureLoad(mesh, facetsWithTags(mesh, [5]), 5);
      let fz = 0;
      for (let n = 0; n < top.length / 3; n++) fz += top[3 * n + 2];
      expect(fz).toBeCloseTo(-5 * 6, 10);
    });

  it("a total force spread over faces sums to the force; over bare nodes it is shared equally", () => {
    const mesh = boxTetMesh({ size: [3, 2, 1], cells: [3, 2, 2], order: 2 });
    const r = spreadForce(mesh, { facets: facetsWithTags(mesh, [1]) }, [10, -20, 30]);
    expect(r.ok).toBe(true);
    if (r.ok) {
      const sum = [0, 0, 0];
      for (let n = 0; n < r.forces.length / 3; n++) for (let c = 0; c < 3; c++) sum[c] += r.forces[3 * n + c];
      expect(sum[0]).toBeCloseTo(10, 10);
      expect(sum[1]).toBeCloseTo(-20, 10);
      expect(sum[2]).toBeCloseTo(30, 10);
    }
    const nodes = spreadForce(mesh, { nodes: [0, 5, 9, 12] }, [0, 0, -8]);
    expect(nodes.ok && [0, 5, 9, 12].map((n) => nodes.forces[3 * n + 2])).toEqual([-2, -2, -2, -2]);
    const empty = spreadForce(mesh, { nodes: [] }, [1, 0, 0]);
    expect(!empty.ok && empty.error).toMatch(/neither faces nor nodes/);
  });
});
