// The tet mesher on the corpus and on hand-made designs, checked by independent mesh checks.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSolidcraft, readSolidcraftFile, type Design } from "../src/geometry/index.js";
import { generateTetMesh, TET10_EDGES, type Mesh } from "../src/mesh/index.js";
import { checkMesh, elementCount, point } from "./mesh-checks.js";
import { DEFAULT_CAPS } from "../src/base/caps.js";

const corpus = join(dirname(fileURLToPath(import.meta.url)), "corpus");

async function corpusDesign(file: string): Promise<Design> {
  const r = await readSolidcraftFile(join(corpus, file));
  if (!r.ok) throw new Error(r.error);
  return r.design;
}

function design(bodies: unknown[]): Design {
  const r = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies }));
  if (!r.ok) throw new Error(r.error);
  return r.design;
}

function mesh(d: Design, options: Parameters<typeof generateTetMesh>[1]): Mesh {
  const r = generateTetMesh(d, options);
  if (!r.ok) throw new Error(r.error);
  return r.mesh;
}

describe("tet meshes of the corpus", () => {
  for (const [file, size] of [
    ["block/block.solidcraft", 2.5],
    ["stepped-block/steps.solidcraft", 4],
    ["l-bracket/l-bracket.solidcraft", 3],
  ] as const) {
    for (const order of [1, 2] as const) {
      it(`${file}, order ${order}: conforming, tagged, exact volume and face areas`, async () => {
        const d = await corpusDesign(file);
        const r = generateTetMesh(d, { order, size });
        if (!r.ok) throw new Error(r.error);
        expect(r.mesh.type).toBe(order === 1 ? "C3D4" : "C3D10");
        expect(r.stats.elements).toBe(elementCount(r.mesh));
        expect(r.stats.nodes).toBe(r.mesh.nodes.length / 3);
        checkMesh(d, r.mesh);
      });
    }
  }

  it("uses the size: a 100 x 10 x 10 block at size 2.5 is a 40 x 4 x 4 grid of 6 tets per cell", async () => {
    const r = generateTetMesh(await corpusDesign("block/block.solidcraft"), { order: 1, size: 2.5 });
    if (!r.ok) throw new Error(r.error);
    expect(r.stats.elements).toBe(40 * 4 * 4 * 6);
    expect(r.stats.nodes).toBe(41 * 5 * 5);
    expect(r.stats.boundaryFacets).toBe(2 * 2 * (40 * 4 + 40 * 4 + 4 * 4));
  });

  it("reports the tolerance and the achieved deviation (planar faces: exact)", async () => {
    const d = await corpusDesign("stepped-block/steps.solidcraft");
    const r = generateTetMesh(d, { order: 1, tolerance: 0.5 });
    if (!r.ok) throw new Error(r.error);
    expect(r.stats.tolerance).toBe(0.5);
    expect(r.stats.deviation).toBe(0);
    // Every mesh node on the boundary lies on the design's faces: checkMesh places each facet on its face.
    checkMesh(d, r.mesh);
  });

  it("defaults the size to the longest side / 20", async () => {
    const r = generateTetMesh(await corpusDesign("block/block.solidcraft"), { order: 1 });
    if (!r.ok) throw new Error(r.error);
    expect(r.stats.bodies[0].size).toBe(5);
    expect(r.stats.elements).toBe(20 * 2 * 2 * 6);
  });
});

describe("grading", () => {
  it("grows element lengths gradually away from a short interval", () => {
    // A 1 mm fin on a 100 mm bar: along x the mesh lines start 1 mm apart and grow to the 5 mm size.
    const d = design([
      {
        name: "Fin",
        features: [
          { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
          { id: "F2", type: "box", min: [0, 0, 10], max: [1, 20, 20] },
        ],
      },
    ]);
    const m = mesh(d, { order: 1, size: 5 });
    checkMesh(d, m);
    const xs = [...new Set(Array.from({ length: m.nodes.length / 3 }, (_, i) => m.nodes[3 * i]))].sort((a, b) => a - b);
    const steps = xs.slice(1).map((x, i) => x - xs[i]);
    expect(xs[0]).toBe(0);
    expect(xs).toContain(1);
    expect(xs[xs.length - 1]).toBe(100);
    expect(steps[0]).toBeCloseTo(1, 12);
    for (let i = 1; i < steps.length; i++) expect(steps[i] / steps[i - 1]).toBeLessThan(1.3 * 1.1);
    expect(Math.max(...steps)).toBeLessThanOrEqual(5 + 1e-9);
  });
});

describe("second order", () => {
  it("puts one shared mid-edge node at each edge's midpoint", async () => {
    const d = await corpusDesign("stepped-block/steps.solidcraft");
    const m = mesh(d, { order: 2, size: 5 });
    const midOf = new Map<string, number>();
    const corners = new Set<number>();
    const n = elementCount(m);
    for (let e = 0; e < n; e++) for (let c = 0; c < 4; c++) corners.add(m.elements[10 * e + c]);
    for (let e = 0; e < n; e++) {
      TET10_EDGES.forEach(([p, q], k) => {
        const a = m.elements[10 * e + p];
        const b = m.elements[10 * e + q];
        const mid = m.elements[10 * e + 4 + k];
        expect(corners.has(mid)).toBe(false);
        const [pa, pb, pm] = [point(m, a), point(m, b), point(m, mid)];
        for (let x = 0; x < 3; x++) expect(pm[x]).toBeCloseTo((pa[x] + pb[x]) / 2, 12);
        const key = [a, b].sort((x, y) => x - y).join();
        const seen = midOf.get(key);
        if (seen === undefined) midOf.set(key, mid);
        else expect(mid).toBe(seen);
      });
    }
    // Every node is a corner or the mid node of exactly one edge.
    expect(new Set(midOf.values()).size).toBe(midOf.size);
    expect(corners.size + midOf.size).toBe(m.nodes.length / 3);
    // Abaqus order: node 5 between corners 1 and 2, ..., node 10 between 3 and 4.
    expect(TET10_EDGES).toEqual([[0, 1], [1, 2], [2, 0], [0, 3], [1, 3], [2, 3]]);
  });
});

describe("numbering", () => {
  it("keeps node numbers of an element close together, for C3D4 and C3D10", async () => {
    // A 100 x 10 x 10 bar at size 2.5 is 41 x 5 x 5 grid points: numbering along the bar slowest,
    // neighbours differ by about a cross-section (5 x 5 = 25 points, plus one row and one point).
    const d = await corpusDesign("block/block.solidcraft");
    const bandwidth = (m: Mesh) => {
      const per = m.type === "C3D4" ? 4 : 10;
      let worst = 0;
      for (let e = 0; e < m.elements.length / per; e++) {
        const ids = Array.from(m.elements.subarray(per * e, per * e + per));
        worst = Math.max(worst, Math.max(...ids) - Math.min(...ids));
      }
      return worst;
    };
    const linear = mesh(d, { order: 1, size: 2.5 });
    expect(bandwidth(linear)).toBe(5 * 5 + 5 + 1);
    const quadratic = mesh(d, { order: 2, size: 2.5 });
    // Each corner is followed by the mid nodes of at most 7 edges it starts, so the band grows at most 8 times.
    expect(bandwidth(quadratic)).toBeLessThanOrEqual(8 * (5 * 5 + 5 + 1) + 8);
    expect(bandwidth(quadratic)).toBeLessThan(quadratic.nodes.length / 3 / 10);
  });
});

describe("several bodies", () => {
  it("meshes each body on its own, even where they touch", () => {
    const d = design([
      { name: "A", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [10, 10, 10] }] },
      { name: "B", features: [{ id: "F1", type: "box", min: [10, 0, 0], max: [20, 10, 10] }] },
      { name: "C", features: [{ id: "P", type: "extrude", plane: "yz", profile: [[0, 0], [10, 0], [5, 8]], from: 30, to: 40 }] },
    ]);
    const m = mesh(d, { order: 1, size: 2 });
    checkMesh(d, m);
    expect(m.bodies).toEqual(["A", "B", "C"]);
    // The touching faces of A and B stay boundary faces of each: no node is shared.
    const nodeBodies = new Map<number, number>();
    for (let e = 0; e < elementCount(m); e++)
      for (let c = 0; c < 4; c++) {
        const node = m.elements[4 * e + c];
        const b = nodeBodies.get(node);
        if (b !== undefined) expect(b).toBe(m.elementBody[e]);
        nodeBodies.set(node, m.elementBody[e]);
      }
    expect(m.faceTags.filter((t) => t.body === "A" && t.face === "F1:+x")).toHaveLength(1);
    const only = mesh(d, { order: 1, size: 2, bodies: ["C"] });
    expect(only.bodies).toEqual(["C"]);
    expect(only.faceTags.every((t) => t.body === "C")).toBe(true);
  });

  it("meshes stepped, holed and split box unions and odd profiles", () => {
    const d = design([
      {
        name: "Cross",
        features: [
          { id: "F1", type: "box", min: [0, 0, 0], max: [30, 10, 10] },
          { id: "F2", type: "box", min: [0, 0, 10], max: [30, 10, 20] },
          { id: "F3", type: "box", min: [10, -10, 5], max: [20, 0, 15] },
        ],
      },
    ]);
    checkMesh(d, mesh(d, { order: 1, size: 3 }));
    const star = [[0, 0], [4, 1], [8, 0], [7, 4], [8, 8], [4, 7], [0, 8], [1, 4]];
    const s = design([{ name: "Star", features: [{ id: "S", type: "extrude", plane: "zx", profile: star, from: 0, to: 2 }] }]);
    checkMesh(s, mesh(s, { order: 2, size: 0.7 }));
    const thin = [[0, 0], [50, 0], [50, 0.5], [0.5, 0.5], [0.5, 20], [0, 20]];
    const t = design([{ name: "Thin", features: [{ id: "T", type: "extrude", plane: "xy", profile: thin, from: 0, to: 5 }] }]);
    checkMesh(t, mesh(t, { order: 1, size: 2 }));
  });
});

describe("refusals and caps", () => {
  it("refuses bad options naming the option", async () => {
    const d = await corpusDesign("block/block.solidcraft");
    const error = (o: unknown) => {
      const r = generateTetMesh(d, o as never);
      return r.ok ? "ok" : r.error;
    };
    expect(error({ order: 3 })).toMatch(/^order: must be 1 \(C3D4\) or 2 \(C3D10\)/);
    expect(error({ order: 1, size: 0 })).toMatch(/^size: must be a positive number/);
    expect(error({ order: 1, size: -1 })).toMatch(/^size:/);
    expect(error({ order: 1, tolerance: Number.NaN })).toMatch(/^tolerance:/);
    expect(error({ order: 1, bodies: ["Nope"] })).toBe('bodies: no body named "Nope"; the design has "Block"');
    expect(error({ order: 1, maxElements: 1.5 })).toMatch(/^maxElements: must be a positive whole number/);
  });

  it("fails on a cap, naming it, before building a huge mesh", async () => {
    const d = await corpusDesign("block/block.solidcraft");
    const r = generateTetMesh(d, { order: 1, size: 0.01 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(`maxElements = ${DEFAULT_CAPS.maxElements}`);
    const e = generateTetMesh(d, { order: 1, size: 2.5, maxElements: 1000 });
    expect(e.ok ? "" : e.error).toBe(
      'body "Block": at size 2.5 the mesh would have about 3840 elements, above the cap maxElements = 1000; size 5.2 or larger fits, or raise maxElements (estimated before meshing)',
    );
    // Far over the node cap: refused on the estimate; just over it (the estimate is on the low side): the mesher's count.
    const far = generateTetMesh(d, { order: 1, size: 2.5, maxNodes: 100 });
    expect(far.ok ? "" : far.error).toMatch(/at size 2.5 the mesh would have about \d+ nodes, above the cap maxNodes = 100; size [\d.]+ or larger fits/);
    const n = generateTetMesh(d, { order: 1, size: 2.5, maxNodes: 1000 });
    expect(n.ok ? "" : n.error).toMatch(/1025 nodes, above the cap maxNodes = 1000/);
    const q = generateTetMesh(d, { order: 2, size: 2.5, maxNodes: 5000 });
    expect(q.ok ? "" : q.error).toMatch(/C3D10 mesh would have \d+ nodes, above the cap maxNodes = 5000/);
    const l = await corpusDesign("l-bracket/l-bracket.solidcraft");
    const lr = generateTetMesh(l, { order: 1, size: 0.05 });
    expect(lr.ok ? "" : lr.error).toMatch(/^body "Bracket": at size 0.05 the mesh would have about [\d.]+ million elements, above the cap maxElements = \d+; size [\d.]+ or larger fits/);
  });

  it("copes with absurd sizes: a cap failure when tiny, one element layer when huge", async () => {
    for (const file of ["stepped-block/steps.solidcraft", "l-bracket/l-bracket.solidcraft"]) {
      const d = await corpusDesign(file);
      const tiny = generateTetMesh(d, { order: 1, size: 1e-300 });
      expect(tiny.ok ? "" : tiny.error).toContain(`would have far more than ${DEFAULT_CAPS.maxElements} elements, above the cap maxElements`);
      const huge = generateTetMesh(d, { order: 2, size: 1e300 });
      if (!huge.ok) throw new Error(huge.error);
      checkMesh(d, huge.mesh);
    }
  });

  it("stops when cancelled", async () => {
    const d = await corpusDesign("block/block.solidcraft");
    const r = generateTetMesh(d, { order: 1, signal: AbortSignal.abort() });
    expect(r.ok ? "" : r.error).toBe("meshing was cancelled");
  });
});
