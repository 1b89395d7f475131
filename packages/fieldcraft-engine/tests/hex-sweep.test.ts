// mesh.hex_sweep: the all-quadrilateral profile mesh on its own, the swept hexahedra (conformity, positive scaled
// Jacobians, volume, boundary facets on their faces), seeds along and across the sweep read back from the mesh,
// and the commands (mesh.hex falls through to the sweep; refusals name why and suggest tet).
import path from "node:path";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { family, shapeGradients } from "../src/fem/families/index.js";
import { C3D8 } from "../src/fem/families/c3d8.js";
import { parseSolidcraft } from "../src/geometry/index.js";
import type { Design, Vec2 } from "../src/geometry/types.js";
import { generateHexMesh } from "../src/mesh/hex-design.js";
import { quadProfile, quadQuality } from "../src/mesh/quadProfile.js";
import { meshQuality } from "../src/mesh/quality.js";
import type { Mesh } from "../src/mesh/types.js";
import { facetNodes } from "../src/model/sets.js";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { checkConforming } from "./support/mesh-checks.js";
import { L_BRACKET, STEPS } from "./workflow-fixtures.js";

const L: Vec2[] = [[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]];

function design(profile: Vec2[], plane: "xy" | "yz" | "zx", from: number, to: number): Design {
  const parsed = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "P", features: [{ id: "F1", type: "extrude", plane, profile, from, to }] }] }));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.design;
}


function volume(mesh: Mesh): number {
  const per = family(mesh.type).nodes;
  const p = new Float64Array(24), g = new Float64Array(24);
  let v = 0;
  for (let e = 0; e < mesh.elements.length / per; e++) {
    for (let c = 0; c < 8; c++) for (let a = 0; a < 3; a++) p[3 * c + a] = mesh.nodes[3 * mesh.elements[per * e + c] + a];
    for (let q = 0; q < C3D8.element.points; q++) v += C3D8.element.weights[q] * shapeGradients(C3D8.element, q, p, g);
  }
  return v;
}

describe("all-quadrilateral profile mesh", () => {
  for (const [name, profile] of [["L, counter-clockwise", L], ["L, clockwise", [...L].reverse()]] as const)
    it(`${name}: counter-clockwise convex-cornered quads covering the profile, boundary segments per edge`, () => {
      const pm = quadProfile(profile, 2.5);
      const q = quadQuality(pm.points, pm.quads);
      expect(q.min).toBeGreaterThan(0.3);
      expect(q.count).toBe(pm.quads.length / 4);
      let area = 0;
      for (let k = 0; k < q.count; k++) {
        const c = [0, 1, 2, 3].map((i) => pm.quads[4 * k + i]);
        for (let i = 0; i < 4; i++) {
          const a = c[i], b = c[(i + 1) % 4];
          area += (pm.points[2 * a] * pm.points[2 * b + 1] - pm.points[2 * b] * pm.points[2 * a + 1]) / 2;
        }
      }
      expect(area).toBeCloseTo(900, 9);
      const lengths = new Map<number, number>();
      for (let s = 0; s < pm.segmentEdge.length; s++) {
        const a = pm.segments[2 * s], b = pm.segments[2 * s + 1];
        lengths.set(pm.segmentEdge[s], (lengths.get(pm.segmentEdge[s]) ?? 0) + Math.hypot(pm.points[2 * b] - pm.points[2 * a], pm.points[2 * b + 1] - pm.points[2 * a + 1]));
      }
      const written = profile.map((p, k) => Math.hypot(profile[(k + 1) % 6][0] - p[0], profile[(k + 1) % 6][1] - p[1]));
      written.forEach((len, k) => expect(lengths.get(k + 1)).toBeCloseTo(len, 9));
    });
});

describe("swept hexahedra of an L-profile", () => {
  for (const [plane, from, to, type] of [["xy", 0, 20, "C3D8"], ["yz", 5, -15, "C3D20"], ["zx", 0, 12, "C3D20R"]] as const)
    it(`${type} swept along ${plane}'s normal from ${from} to ${to}: conforming, positive, the right volume, facets on their faces`, () => {
      const d = design(L, plane, from, to);
      const out = generateHexMesh(d, { size: 4, type, method: "sweep", maxElements: 1e6, maxNodes: 1e6 });
      if (!out.ok) throw new Error(out.error);
      const mesh = out.mesh;
      expect(out.stats.bodies[0]).toMatchObject({ method: "sweep", layers: Math.ceil(Math.abs(to - from) / 4) });
      expect(out.stats.bodies[0].quads!.min).toBeGreaterThan(0.2);
      checkConforming(mesh);
      const q = meshQuality(mesh);
      expect(q.inverted).toBe(0);
      expect(q.scaledJacobian!.min).toBeGreaterThan(0.2);
      expect(volume(mesh)).toBeCloseTo(900 * Math.abs(to - from), 6);
      // Each tagged facet's nodes lie on its design face's plane (point . normal is the face's constant).
      const body = d.bodies[0];
      for (let f = 0; f < mesh.boundary.element.length; f++) {
        const face = body.faces[mesh.boundary.tag[f]];
        const p0 = face.patches[0].loops[0][0];
        const level = p0[0] * face.normal[0] + p0[1] * face.normal[1] + p0[2] * face.normal[2];
        for (const n of facetNodes(mesh, mesh.boundary.element[f], mesh.boundary.side[f]))
          expect(mesh.nodes[3 * n] * face.normal[0] + mesh.nodes[3 * n + 1] * face.normal[1] + mesh.nodes[3 * n + 2] * face.normal[2]).toBeCloseTo(level, 9);
      }
      if (family(type).order === 2) expect(mesh.nodes.length / 3).toBeGreaterThan(out.stats.bodies[0].nodes / 4);
    });

  it("seeds: exact layers with a bias along the sweep, an even count on a profile edge, both read back from the mesh", () => {
    const d = design(L, "xy", 0, 20);
    const edges = d.bodies[0].edges;
    const vertical = edges.find((e) => e.faces.every((f) => f.includes(":side:")))!;
    const bottom = edges.find((e) => e.faces.includes("F1:start") && e.faces.includes("F1:side:1"))!; // (0,0)-(60,0) at z = 0
    const seeds = [
      { edges: [{ body: "P", edge: vertical.name }], count: 7, constraint: "exact" as const, bias: { ratio: 4, toward: "start" as const } },
      { edges: [{ body: "P", edge: bottom.name }], count: 10, constraint: "exact" as const },
    ];
    const out = generateHexMesh(d, { size: 4, type: "C3D8", method: "sweep", seeds, maxElements: 1e6, maxNodes: 1e6 });
    if (!out.ok) throw new Error(out.error);
    const m = out.mesh;
    const zs = [...new Set(Array.from({ length: m.nodes.length / 3 }, (_, n) => m.nodes[3 * n + 2]))].sort((a, b) => a - b);
    expect(zs.length).toBe(8);
    const steps = zs.slice(1).map((z, i) => z - zs[i]);
    expect(Math.abs(steps[6] / steps[0] - 4)).toBeLessThan(1e-9);
    const onBottom = Array.from({ length: m.nodes.length / 3 }, (_, n) => n).filter((n) => Math.abs(m.nodes[3 * n + 1]) < 1e-9 && Math.abs(m.nodes[3 * n + 2]) < 1e-9);
    expect(onBottom.length - 1).toBe(10);
    expect(out.stats.bodies[0].seeds).toEqual([{ seed: 1, edge: vertical.name, count: 7 }, { seed: 2, edge: bottom.name, count: 10 }]);

    const odd = generateHexMesh(d, { size: 4, type: "C3D8", method: "sweep", seeds: [{ ...seeds[1], count: 9 }], maxElements: 1e6, maxNodes: 1e6 });
    expect(odd.ok ? "" : odd.error).toMatch(/seed #1: 9 divisions .* is odd.*seed 10 or 8/);
    const other = edges.filter((e) => e.faces.every((f) => f.includes(":side:")))[2];
    const clash = generateHexMesh(d, { size: 4, type: "C3D8", method: "sweep", seeds: [seeds[0], { edges: [{ body: "P", edge: other.name }], count: 3, constraint: "exact" }], maxElements: 1e6, maxNodes: 1e6 });
    expect(clash.ok ? "" : clash.error).toMatch(/seeds conflict: #2 asks 3 layers .* but #1 asks 7/);
  });
});

describe("sweeping through the session", () => {
  it("mesh.hex sweeps the corpus L-bracket (after mapped and blocks), hex_sweep takes layers, quality is reported", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: L_BRACKET });
    const r = await ok(s, "mesh.hex", { size: 5, order: 1 });
    expect(r.mesh.bodies[0]).toMatchObject({ name: "Bracket", method: "sweep", layers: 4 });
    expect(r.mesh.bodies[0].quads.min).toBeGreaterThan(0.2);
    checkConforming(s.model().mesh!.mesh);
    const quality = await ok(s, "mesh.quality");
    expect(quality.scaled_jacobian.min).toBeGreaterThan(0.2);
    const swept = await ok(s, "mesh.hex_sweep", { size: 5, layers: 3 });
    expect(swept.mesh).toMatchObject({ type: "C3D20", bodies: [{ method: "sweep", layers: 3 }] });
    expect(s.model().mesh!.parameters).toMatchObject({ method: "hex_sweep", layers: 3 });
    expect((await refused(s, "mesh.hex_blocks", {})).error).toMatch(/"Bracket" is an extrusion: method blocks takes box unions only; use hex_sweep/);
    expect(readFileSync(L_BRACKET, "utf8")).toContain("extrude");
  });

  it("mesh.hex_sweep with wedges sweeps the profile's triangles into C3D6 / C3D15: conforming, positive, decks name them", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: L_BRACKET });
    for (const [order, type] of [[1, "C3D6"], [2, "C3D15"]] as const) {
      const r = await ok(s, "mesh.hex_sweep", { size: 5, order, wedges: true });
      expect(r.mesh).toMatchObject({ type, bodies: [{ method: "sweep", layers: 4 }] });
      expect(r.mesh.bodies[0].quads.min).toBeGreaterThan(0.5);
      const mesh = s.model().mesh!.mesh;
      checkConforming(mesh);
      const q = await ok(s, "mesh.quality");
      expect(q.inverted).toBe(0);
      expect(q.scaled_jacobian.min).toBeGreaterThan(0.4);
      expect(q.scaled_jacobian.max).toBeLessThanOrEqual(1 + 1e-12);
      let v = 0;
      const fam = family(mesh.type), coords = new Float64Array(3 * fam.nodes), grad = new Float64Array(3 * fam.nodes);
      for (let e = 0; e < mesh.elementBody.length; e++) {
        for (let a = 0; a < fam.nodes; a++) for (let c = 0; c < 3; c++) coords[3 * a + c] = mesh.nodes[3 * mesh.elements[e * fam.nodes + a] + c];
        for (let p = 0; p < fam.element.points; p++) v += fam.element.weights[p] * shapeGradients(fam.element, p, coords, grad);
      }
      expect(v).toBeCloseTo(900 * 20, 6);
    }
    expect((await refused(s, "mesh.hex_sweep", { wedges: true, reduced: true })).error).toMatch(/params.reduced: wedges \(C3D6, C3D15\) have no reduced form/);
    expect((await refused(s, "mesh.hex_blocks", {})).error).toMatch(/extrusion/);
  });

  it("mesh.hex refuses an extrusion it cannot sweep, naming why and suggesting tet; hex_sweep refuses a box union", async () => {
    const s = createSession({ caps: { maxElements: 50 } });
    await ok(s, "geometry.open", { path: L_BRACKET });
    const r = await refused(s, "mesh.hex", { size: 2 });
    expect(r.error).toMatch(/"Bracket".*above the cap maxElements = 50; size [\d.]+ or larger fits/);
    expect(s.model().mesh).toBeUndefined();
    const t = createSession();
    await ok(t, "geometry.open", { path: STEPS });
    expect((await refused(t, "mesh.hex_sweep", {})).error).toMatch(/"Steps" is a box union, not an extrusion: hex_sweep sweeps extrusions; use hex_blocks/);
  });
});
