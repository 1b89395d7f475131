// Edge seeds and `tolerance` on imported parts (the general mesher), read back from the mesh: a seeded edge
// of an imported box gets at least the seed's divisions, and a tolerance shrinks the boundary elements of
// a faceted sphere to the chord that strays `tolerance` from its curvature.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { tetVolume6 } from "../src/mesh/tet.js";
import { ok } from "./session-helpers.js";
import { asciiStl, boxSurface, sphereSurface } from "./support/surfaces.js";

const temp = () => mkdtempSync(path.join(tmpdir(), "fc-import-seeds-"));
type Session = ReturnType<typeof createSession>;

/** Mesh nodes on the straight edge's segment (within 1e-9), counted here from the mesh's own nodes. */
function divisionsOn(s: Session, edge: string): number {
  const e = s.model().design!.design.bodies[0].edges.find((x) => x.name === edge)!;
  expect(e.segments).toHaveLength(1);
  const [p, q] = e.segments[0];
  const nodes = s.model().mesh!.mesh.nodes;
  const d = [0, 1, 2].map((a) => q[a] - p[a]);
  const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  let on = 0;
  for (let n = 0; n < nodes.length / 3; n++) {
    const r = [0, 1, 2].map((a) => nodes[3 * n + a] - p[a]);
    const t = (r[0] * d[0] + r[1] * d[1] + r[2] * d[2]) / len2;
    if (t < -1e-12 || t > 1 + 1e-12) continue;
    if (Math.hypot(r[0] - t * d[0], r[1] - t * d[1], r[2] - t * d[2]) <= 1e-9) on++;
  }
  return on - 1;
}

function volume(s: Session): number {
  const m = s.model().mesh!.mesh;
  let v = 0;
  for (let e = 0; e < m.elements.length / 4; e++) v += tetVolume6(m.nodes, m.elements[4 * e], m.elements[4 * e + 1], m.elements[4 * e + 2], m.elements[4 * e + 3]) / 6;
  return v;
}

/** Lengths of the boundary facets' edges. */
function boundaryEdges(s: Session): number[] {
  const m = s.model().mesh!.mesh;
  const SIDE = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
  const out: number[] = [];
  for (let f = 0; f < m.boundary.element.length; f++) {
    const c = SIDE[m.boundary.side[f]].map((k) => m.elements[4 * m.boundary.element[f] + k]);
    for (let k = 0; k < 3; k++) {
      const a = c[k], b = c[(k + 1) % 3];
      out.push(Math.hypot(m.nodes[3 * a] - m.nodes[3 * b], m.nodes[3 * a + 1] - m.nodes[3 * b + 1], m.nodes[3 * a + 2] - m.nodes[3 * b + 2]));
    }
  }
  return out;
}

describe("imported parts: edge seeds and tolerance", () => {
  it("seeded edges of an imported box get at least the seed's divisions (count, size), more than unseeded", async () => {
    const dir = temp();
    writeFileSync(path.join(dir, "box.stl"), asciiStl(boxSurface([0, 0, 0], [40, 20, 10])));
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path: path.join(dir, "box.stl"), name: "Box" });
    const body = s.model().design!.design.bodies[0];
    // A 40-long edge and a 20-long one, found by length (names are S<i>|S<j> from the import).
    const long = body.edges.find((e) => Math.abs(e.length - 40) < 1e-9)!.name;
    const mid = body.edges.find((e) => Math.abs(e.length - 20) < 1e-9)!.name;
    await ok(s, "mesh.tet.generate", { size: 8, order: 1 });
    const before = [divisionsOn(s, long), divisionsOn(s, mid)];
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Box", edge: long }], count: 16 });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Box", edge: mid }], size: 2.5 });
    const r = await ok(s, "mesh.tet.generate", { size: 8, order: 1 });
    expect(r.mesh.bodies[0].method).toBe("delaunay-refinement");
    const after = [divisionsOn(s, long), divisionsOn(s, mid)];
    // At least the seed's count (16; 20 / 2.5 = 8), and more than the size alone gave.
    expect(after[0]).toBeGreaterThanOrEqual(16);
    expect(after[1]).toBeGreaterThanOrEqual(8);
    expect(after[0]).toBeGreaterThan(before[0]);
    expect(after[1]).toBeGreaterThan(before[1]);
    // The reply's counts are the mesh's.
    expect(r.mesh.bodies[0].seeds).toEqual([
      { seed: 1, edge: long, count: after[0] },
      { seed: 2, edge: mid, count: after[1] },
    ]);
    expect(volume(s)).toBeCloseTo(8000, 8);
    console.log(`divisions before seeds ${before.join(", ")}; after ${after.join(", ")}`);
  }, 30_000);

  it("a tolerance shrinks the boundary elements of a faceted sphere to sqrt(8 R tolerance)", async () => {
    const dir = temp();
    // Icosphere radius 10, 320 triangles: neighbouring triangles turn by about 11.6 degrees over 3.2 mm,
    // read as a radius of about 10 (the sphere's own), so tolerance 0.05 asks for sqrt(8 * 10 * 0.05) = 2.
    writeFileSync(path.join(dir, "ball.stl"), asciiStl(sphereSurface(10, 2)));
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path: path.join(dir, "ball.stl"), name: "Ball" });
    const plain = await ok(s, "mesh.tet.generate", { size: 6, order: 1 });
    const plainEdges = boundaryEdges(s);
    const fine = await ok(s, "mesh.tet.generate", { size: 6, order: 1, tolerance: 0.05 });
    const fineEdges = boundaryEdges(s);
    // Without a tolerance the boundary keeps the input's edges (about 3.2 to 3.9 mm, all below the size).
    expect(Math.max(...plainEdges)).toBeGreaterThan(3);
    // With it every boundary edge is at most the chord plus the field's grading between its sources.
    expect(Math.max(...fineEdges)).toBeLessThan(2 * 1.45);
    expect(fine.mesh.elements).toBeGreaterThan(2 * plain.mesh.elements);
    expect(fine.mesh.tolerance).toBe(0.05);
  }, 30_000);
});
