// Hexahedral meshes: the structured block's topology, the patch test (a linear field reproduced exactly on a
// distorted mesh), and mesh quality's scaled Jacobian on shapes known by hand.
import { describe, expect, it } from "vitest";
import { family } from "../src/fem/families/index.js";
import { solveStatic } from "../src/fem/index.js";
import { blockMesh, HEX_FAMILY_NAMES } from "../src/mesh/block.js";
import { meshQuality } from "../src/mesh/quality.js";
import type { Mesh } from "../src/mesh/types.js";
import { facetNodes } from "../src/model/sets.js";
import { STEEL } from "./support/cases.js";
import { jitter } from "./support/hex-jitter.js";

/** Every boundary facet of a block, as a sorted corner key, must appear exactly once; interior faces exactly twice. */
function faceUse(mesh: Mesh): Map<string, number> {
  const fam = family(mesh.type);
  const use = new Map<string, number>();
  for (let e = 0; e < mesh.elements.length / fam.nodes; e++)
    for (const f of fam.faces) {
      const key = f.nodes.slice(0, f.corners).map((a) => mesh.elements[e * fam.nodes + a]).sort((a, b) => a - b).join(",");
      use.set(key, (use.get(key) ?? 0) + 1);
    }
  return use;
}

describe.each(HEX_FAMILY_NAMES.map((type) => ({ type })))("structured block of $type", ({ type }) => {
  const counts = [3, 2, 4] as const;
  const mesh = blockMesh({ body: "B", min: [1, 2, 3], max: [4, 6, 11], counts, type });
  const fam = family(type);

  it("has the expected node and element counts, conforming faces and boundary facets tagged by side", () => {
    const [nx, ny, nz] = counts;
    const corners = (nx + 1) * (ny + 1) * (nz + 1);
    const edges = nx * (ny + 1) * (nz + 1) + (nx + 1) * ny * (nz + 1) + (nx + 1) * (ny + 1) * nz;
    expect(mesh.nodes.length / 3).toBe(fam.order === 1 ? corners : corners + edges);
    expect(mesh.elements.length / fam.nodes).toBe(nx * ny * nz);
    const use = faceUse(mesh);
    const outer = [...use.values()].filter((n) => n === 1).length;
    expect([...use.values()].every((n) => n === 1 || n === 2)).toBe(true);
    expect(outer).toBe(2 * (nx * ny + ny * nz + nx * nz));
    expect(mesh.boundary.element.length).toBe(outer);
    // Each tagged facet's nodes lie on its face's plane.
    const planes = [[0, 1], [0, 4], [1, 2], [1, 6], [2, 3], [2, 11]];
    for (let f = 0; f < mesh.boundary.element.length; f++) {
      const [axis, value] = planes[mesh.boundary.tag[f]];
      for (const n of facetNodes(mesh, mesh.boundary.element[f], mesh.boundary.side[f])) expect(mesh.nodes[3 * n + axis]).toBeCloseTo(value, 12);
    }
    expect(mesh.faceTags.map((t) => t.face)).toEqual(["-x", "+x", "-y", "+y", "-z", "+z"]);
  });

  it("scaled Jacobian is 1 on the undistorted block and positive (below 1) on a distorted one", () => {
    const q = meshQuality(mesh);
    expect(q.scaledJacobian!.min).toBeCloseTo(1, 12);
    expect(q.inverted).toBe(0);
    expect(q.dihedral.min).toBeCloseTo(90, 9);
    expect(q.dihedral.max).toBeCloseTo(90, 9);
    const d = meshQuality(jitter(mesh, 0.3, [1, 2, 2]));
    expect(d.scaledJacobian!.min).toBeGreaterThan(0);
    expect(d.scaledJacobian!.min).toBeLessThan(0.999);
    expect(d.worst[0].scaledJacobian).toBe(d.scaledJacobian!.min);
  });

  it("patch test: a linear displacement on the boundary is reproduced exactly inside, with constant stress", async () => {
    // C3D8R as CalculiX makes it projects its hourglass vectors on z only (forms/uniform-strain.ts), so it passes the
    // patch test when the distortion is along z alone; the x-y distorted case is checked against ccx in hex-ccx.
    const distorted = jitter(mesh, 0.3, type === "C3D8R" ? [0, 0, 2] : [1, 2, 2], 11);
    const u = (x: number, y: number, z: number) => [1e-3 * x + 2e-3 * y - 1e-3 * z + 0.1, -2e-3 * x + 5e-4 * y + 1e-3 * z, 3e-4 * x + 1e-3 * y + 2e-3 * z - 0.2];
    const prescribed = new Map<number, number>();
    const boundary = new Set<number>();
    for (let f = 0; f < distorted.boundary.element.length; f++) for (const n of facetNodes(distorted, distorted.boundary.element[f], distorted.boundary.side[f])) boundary.add(n);
    const X = distorted.nodes;
    for (const n of boundary) u(X[3 * n], X[3 * n + 1], X[3 * n + 2]).forEach((v, a) => prescribed.set(3 * n + a, v));
    const nn = X.length / 3;
    expect(boundary.size).toBeLessThan(nn); // there are free interior nodes to check
    const out = await solveStatic(
      { mesh: distorted, elementMaterial: new Int32Array(distorted.elements.length / fam.nodes), materials: [STEEL], prescribed, forces: new Float64Array(X.length) },
      { tolerance: 1e-14 },
    );
    if (!out.ok) throw new Error(out.error);
    for (let n = 0; n < nn; n++) {
      const want = u(X[3 * n], X[3 * n + 1], X[3 * n + 2]);
      for (let a = 0; a < 3; a++) expect(Math.abs(out.solution.displacement[3 * n + a] - want[a])).toBeLessThan(1e-9);
    }
    // Strain exx = 1e-3, eyy = 5e-4, ezz = 2e-3: sigma_xx = lambda tr + 2 mu exx.
    const { young: E, poisson: nu } = STEEL;
    const lambda = (E * nu) / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu));
    const sxx = lambda * 3.5e-3 + 2 * mu * 1e-3;
    for (let n = 0; n < nn; n++) expect(out.solution.stress[6 * n] / sxx).toBeCloseTo(1, 7);
  });
});
