// mesh.planar in quadrilaterals on faces that are not rectangles: a quarter plate with a hole (the hole a fine
// polyline, refined toward it) reaches Kirsch's concentration with CPS8 and CalculiX agrees on the deck; an
// L-section and a face in a slanted plane mesh all-quadrilateral with reported quality and pass the patch test;
// edge seeds (count, bias, odd counts refused) and refinement hold; triangle families still take seeds.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_NODES_SET } from "../src/decks/abaqus.js";
import { family } from "../src/fem/families/index.js";
import type { StaticSolution } from "../src/fem/types.js";
import type { Body } from "../src/geometry/types.js";
import { createSession, type Session } from "../src/index.js";
import type { Mesh } from "../src/mesh/types.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";
import { ok, refused } from "./session-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "fc-planar-quads-"));
const A = 1, W = 20, ARC = 32, SIGMA = 10;

async function open(name: string, features: unknown[]): Promise<Session> {
  const path = join(dir, `${name}.solidcraft`);
  writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Part", features }] }));
  const s = createSession();
  await ok(s, "geometry.open", { path });
  return s;
}

const body = (s: Session): Body => s.model().design!.design.bodies[0];
const faceWhere = (s: Session, test: (n: number[]) => boolean) => body(s).faces.find((f) => test(f.normal))!.name;
/** The face's edges whose midpoint (design coordinates) passes `test`. */
const edgesWhere = (s: Session, face: string, test: (m: number[]) => boolean) =>
  body(s).edges.filter((e) => e.faces.includes(face) && test([0, 1, 2].map((k) => (e.segments[0][0][k] + e.segments[0][1][k]) / 2))).map((e) => e.name);

/** Signed areas of the elements' corner polygons (mesh x, y). */
function cornerAreas(mesh: Mesh): number[] {
  const f = family(mesh.type), m = f.shape === "quadrilateral" ? 4 : 3, X = mesh.nodes;
  const out: number[] = [];
  for (let e = 0; e < mesh.elements.length / f.nodes; e++) {
    let a = 0;
    for (let k = 0; k < m; k++) {
      const p = mesh.elements[e * f.nodes + k], q = mesh.elements[e * f.nodes + ((k + 1) % m)];
      a += (X[3 * p] * X[3 * q + 1] - X[3 * q] * X[3 * p + 1]) / 2;
    }
    out.push(a);
  }
  return out;
}

/** Lengths of the boundary facets tagged with design edge `edge`. */
function facetLengths(mesh: Mesh, edge: string): number[] {
  const f = family(mesh.type), tag = mesh.faceTags.findIndex((t) => t.face === edge), X = mesh.nodes;
  const out: number[] = [];
  for (let k = 0; k < mesh.boundary.tag.length; k++) {
    if (mesh.boundary.tag[k] !== tag) continue;
    const [p, q] = f.faces[mesh.boundary.side[k]].nodes.slice(0, 2).map((i) => mesh.elements[mesh.boundary.element[k] * f.nodes + i]);
    out.push(Math.hypot(X[3 * p] - X[3 * q], X[3 * p + 1] - X[3 * q + 1]));
  }
  return out;
}

/** A quarter of a 2W x 2W plate with a central hole of radius A: the quarter circle a polyline of ARC sides. */
async function quarterPlate(element: string) {
  const arc = Array.from({ length: ARC - 1 }, (_, k) => {
    const th = (Math.PI / 2) * (1 - (k + 1) / ARC);
    return [A * Math.cos(th), A * Math.sin(th)];
  });
  const s = await open("quarter", [{ id: "F1", type: "extrude", plane: "xy", profile: [[A, 0], [W, 0], [W, W], [0, W], [0, A], ...arc], from: 0, to: 1 }]);
  const face = faceWhere(s, (n) => n[2] < -0.5);
  const hole = edgesWhere(s, face, (m) => Math.hypot(m[0], m[1]) < 1.01 * A);
  expect(hole).toHaveLength(ARC);
  const meshed = await ok(s, "mesh.planar", { body: "Part", face, element, size: 2, refine: hole.map((edge) => ({ edge, size: 0.05 })) });
  const one = (test: (m: number[]) => boolean) => edgesWhere(s, face, test)[0];
  await ok(s, "model.set.create", { name: "sym_x", geometry: [{ body: "Part", edge: one((m) => Math.abs(m[0]) < 1e-9) }] });
  await ok(s, "model.set.create", { name: "sym_y", geometry: [{ body: "Part", edge: one((m) => Math.abs(m[1]) < 1e-9) }] });
  await ok(s, "model.set.create", { name: "right", geometry: [{ body: "Part", edge: one((m) => Math.abs(m[0] - W) < 1e-9) }] });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Part" }] });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
  const kind = element.startsWith("CPS") ? { type: "plane_stress", thickness: 1 } : { type: "plane_strain", thickness: 1 };
  await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind });
  await ok(s, "model.boundary_condition.create", { name: "bx", type: "displacement", target: { set: "sym_x" }, components: { u1: 0 } });
  await ok(s, "model.boundary_condition.create", { name: "by", type: "displacement", target: { set: "sym_y" }, components: { u2: 0 } });
  await ok(s, "model.load.create", { name: "pull", type: "pressure", magnitude: -SIGMA, target: { set: "right" } });
  await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["bx", "by"], loads: ["pull"] });
  await ok(s, "solve.static", { tolerance: 1e-12 });
  return { s, meshed };
}

describe("plate with a hole in quadrilaterals", () => {
  it("CPS8, all-quadrilateral, refined at the hole: S11 at the top of the hole is Kirsch's factor with Heywood's width correction within 1%", async () => {
    const { s, meshed } = await quarterPlate("CPS8");
    const mesh = s.model().mesh!.mesh;
    expect(mesh.type).toBe("CPS8");
    expect(meshed.mesh.method).toBe("paired");
    // A moderate count: a few hundred elements.
    expect(meshed.mesh.elements).toBeLessThan(600);
    expect(meshed.mesh.quality.inverted).toBe(0);
    expect(meshed.mesh.quality.min_scaled_jacobian).toBeGreaterThan(0.5);
    expect(Math.min(...cornerAreas(mesh))).toBeGreaterThan(0);
    // The hole's sides keep their names; elements at the hole are about the refined size, the far ones larger.
    const holeFacets = meshed.mesh.edges.filter((e: string) => facetLengths(mesh, e).length > 0 && Math.max(...facetLengths(mesh, e)) < 0.08);
    expect(holeFacets.length).toBeGreaterThan(ARC / 2);
    const X = mesh.nodes;
    let top = -1;
    for (let n = 0; n < X.length / 3; n++) if (Math.abs(X[3 * n]) < 1e-9 && Math.abs(X[3 * n + 1] - A) < 1e-9) top = n;
    expect(top).toBeGreaterThanOrEqual(0);
    const kt = (s.model().results.Load.solution as StaticSolution).stress[6 * top] / SIGMA;
    // Heywood: Kt(gross) = (2 + (1 - d/W)^3) / (1 - d/W) for a strip of width 2W with a hole of diameter 2A: 3.0075 here.
    const r = A / W;
    const heywood = (2 + (1 - r) ** 3) / (1 - r);
    expect(Math.abs(kt / heywood - 1)).toBeLessThan(0.01);
  });

  it.skipIf(!findCcx())("CalculiX on the deck.write deck of the same paired-quadrilateral mesh (CPE8) agrees node by node to 1e-6", async () => {
    // Plane strain: CalculiX's one-layer expansion is exactly plane strain (its plane-stress expansion is another
    // discretisation, planar-ccx.test.ts), so the nodal displacements must agree to the solver tolerance.
    const { s } = await quarterPlate("CPE8");
    const path = join(dir, "quarter.inp");
    await ok(s, "deck.write", { format: "abaqus", path });
    const theirs = parseDat((await runCcx(readFileSync(path, "utf8"))).dat).displacements.get(ALL_NODES_SET)!;
    const u = (s.model().results.Load.solution as StaticSolution).displacement;
    expect(theirs.size).toBe(u.length / 3);
    let max = 0, diff = 0;
    for (const [id, v] of theirs)
      for (let a = 0; a < 2; a++) {
        max = Math.max(max, Math.abs(v[a]));
        diff = Math.max(diff, Math.abs(v[a] - u[3 * (id - 1) + a]));
      }
    expect(max).toBeGreaterThan(1e-4);
    expect(diff / max).toBeLessThan(1e-6);
  });
});

const L_PROFILE = [[0, 0], [40, 0], [40, 10], [10, 10], [10, 40], [0, 40]];

/** Uniform tension S11 = SIGMA: u1 held on `left`, u2 on `bottom`, the pull on `pulled`; every nodal stress must be it. */
async function patch(s: Session, left: string[], bottom: string[], pulled: string[], kind: "plane_stress" = "plane_stress") {
  await ok(s, "model.set.create", { name: "left", geometry: left.map((edge) => ({ body: "Part", edge })) });
  await ok(s, "model.set.create", { name: "bottom", geometry: bottom.map((edge) => ({ body: "Part", edge })) });
  await ok(s, "model.set.create", { name: "pulled", geometry: pulled.map((edge) => ({ body: "Part", edge })) });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Part" }] });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
  await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: kind, thickness: 2 } });
  await ok(s, "model.boundary_condition.create", { name: "bx", type: "displacement", target: { set: "left" }, components: { u1: 0 } });
  await ok(s, "model.boundary_condition.create", { name: "by", type: "displacement", target: { set: "bottom" }, components: { u2: 0 } });
  await ok(s, "model.load.create", { name: "pull", type: "pressure", magnitude: -SIGMA, target: { set: "pulled" } });
  await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["bx", "by"], loads: ["pull"] });
  await ok(s, "solve.static", { tolerance: 1e-13 });
  const stress = (s.model().results.Load.solution as StaticSolution).stress;
  let worst = 0;
  for (let n = 0; n < stress.length / 6; n++) worst = Math.max(worst, Math.abs(stress[6 * n] - SIGMA), Math.abs(stress[6 * n + 1]), Math.abs(stress[6 * n + 3]));
  return worst / SIGMA;
}

describe("an L-section and a slanted face in quadrilaterals", () => {
  it("L-section (CPS8): all-quadrilateral, area exact, quality reported, and a uniform stress reproduced at every node", async () => {
    const s = await open("L", [{ id: "F1", type: "extrude", plane: "xy", profile: L_PROFILE, from: 0, to: 2 }]);
    const face = faceWhere(s, (n) => n[2] < -0.5);
    const meshed = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS8", size: 3 });
    const mesh = s.model().mesh!.mesh;
    expect(meshed.mesh.method).toBe("paired");
    expect(meshed.mesh.frame).toEqual({ origin: [0, 0, 0], x: [1, 0, 0], y: [0, 1, 0], normal: [0, 0, -1] });
    const q = meshed.mesh.quality;
    expect(q.elements).toBe(meshed.mesh.elements);
    expect(q.inverted).toBe(0);
    expect(q.min_scaled_jacobian).toBeGreaterThan(0.4);
    expect(q.min_angle).toBeGreaterThan(20);
    expect(q.max_angle).toBeLessThan(160);
    expect(q.max_aspect_ratio).toBeLessThan(5);
    const areas = cornerAreas(mesh);
    expect(Math.min(...areas)).toBeGreaterThan(0);
    expect(areas.reduce((a, b) => a + b, 0)).toBeCloseTo(700, 9);
    expect(meshed.mesh.edges).toHaveLength(6);
    expect(meshed.mesh.edges.some((e: string) => e.endsWith("|?"))).toBe(false);
    const at = (test: (m: number[]) => boolean) => edgesWhere(s, face, test);
    const worst = await patch(s, at((m) => m[0] === 0), at((m) => m[1] === 0), at((m) => (m[0] === 40 || m[0] === 10) && m[1] > 0));
    expect(worst).toBeLessThan(1e-7);
  });

  it("a face in a slanted plane (the side of an extrusion's slanted edge, CPS4): its own frame, all-quadrilateral, nodes on the face, patch test", async () => {
    const s = await open("trapezoid", [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [30, 0], [20, 12], [0, 12]], from: 0, to: 10 }]);
    const n = [12 / Math.hypot(12, 10), 10 / Math.hypot(12, 10), 0];
    const face = faceWhere(s, (m) => Math.abs(m[0] - n[0]) < 1e-9 && Math.abs(m[1] - n[1]) < 1e-9);
    // The face is a rectangle in its plane; refinement at one end makes it unstructured.
    const bottom = edgesWhere(s, face, (m) => m[2] === 0)[0];
    const meshed = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 2, refine: [{ edge: bottom, size: 0.6 }] });
    const mesh = s.model().mesh!.mesh;
    expect(meshed.mesh.method).toBe("paired");
    expect(meshed.mesh.quality.inverted).toBe(0);
    expect(meshed.mesh.quality.min_scaled_jacobian).toBeGreaterThan(0.4);
    const { origin, x, y, normal } = meshed.mesh.frame as Record<string, number[]>;
    const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    for (const [a, b, want] of [[x, x, 1], [y, y, 1], [x, y, 0], [x, normal, 0], [y, normal, 0]] as const) expect(dot(a, b)).toBeCloseTo(want, 12);
    expect(normal[0]).toBeCloseTo(n[0], 12);
    expect(normal[1]).toBeCloseTo(n[1], 12);
    // Every node, taken back to the design through the frame, lies on the slanted face.
    for (let k = 0; k < mesh.nodes.length / 3; k++) {
      const p = [0, 1, 2].map((c) => origin[c] + mesh.nodes[3 * k] * x[c] + mesh.nodes[3 * k + 1] * y[c]);
      expect(Math.abs(dot(n, p) - dot(n, [30, 0, 0]))).toBeLessThan(1e-9);
      expect(p[0]).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(p[0]).toBeLessThanOrEqual(30 + 1e-9);
      expect(p[2]).toBeGreaterThanOrEqual(-1e-9);
      expect(p[2]).toBeLessThanOrEqual(10 + 1e-9);
    }
    const areas = cornerAreas(mesh);
    expect(Math.min(...areas)).toBeGreaterThan(0);
    expect(areas.reduce((a, b) => a + b, 0)).toBeCloseTo(10 * Math.hypot(10, 12), 9);
    // Elements at the refined edge are small; the others about the size.
    expect(Math.max(...facetLengths(mesh, bottom))).toBeLessThan(0.8);
    // Patch test in the face's frame: the edges at its least x and y held, its largest x pulled.
    const inFrame = (m: number[]) => [dot([m[0] - origin[0], m[1] - origin[1], m[2] - origin[2]], x), dot([m[0] - origin[0], m[1] - origin[1], m[2] - origin[2]], y)];
    const side = (k: 0 | 1, pick: (a: number, b: number) => number) => {
      const all = edgesWhere(s, face, () => true).map((e) => ({ e, c: inFrame(body(s).edges.find((b) => b.name === e)!.segments[0][0].map((v, i) => (v + body(s).edges.find((b) => b.name === e)!.segments[0][1][i]) / 2))[k] }));
      const want = all.map((a) => a.c).reduce((a, b) => pick(a, b));
      return all.filter((a) => Math.abs(a.c - want) < 1e-9).map((a) => a.e);
    };
    expect(await patch(s, side(0, Math.min), side(1, Math.min), side(0, Math.max))).toBeLessThan(1e-7);
  });
});

describe("seeds and refinement on planar faces", () => {
  async function lSection() {
    const s = await open("Ls", [{ id: "F1", type: "extrude", plane: "xy", profile: L_PROFILE, from: 0, to: 2 }]);
    const face = faceWhere(s, (n) => n[2] < -0.5);
    return { s, face, edge: (test: (m: number[]) => boolean) => edgesWhere(s, face, test)[0] };
  }

  it("an edge seed's count and bias hold along its edge (quadrilaterals: even; an odd exact count is refused naming the fix; triangles take it)", async () => {
    const { s, face, edge } = await lSection();
    const left = edge((m) => m[0] === 0);
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge: left }], count: 8, bias: { ratio: 4, toward: "start" } });
    const meshed = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS8", size: 3 });
    expect(meshed.mesh.seeds).toEqual([{ seed: 1, edge: left, count: 8 }]);
    const mesh = s.model().mesh!.mesh;
    const lengths = facetLengths(mesh, left);
    expect(lengths).toHaveLength(8);
    expect(lengths.reduce((a, b) => a + b, 0)).toBeCloseTo(40, 9);
    expect(Math.max(...lengths) / Math.min(...lengths)).toBeCloseTo(4, 9);
    // The smallest division sits at the edge's start.
    const start = body(s).edges.find((e) => e.name === left)!.segments[0][0];
    const f = family(mesh.type), tag = mesh.faceTags.findIndex((t) => t.face === left);
    let nearest = Infinity, nearestLength = 0;
    for (let k = 0; k < mesh.boundary.tag.length; k++) {
      if (mesh.boundary.tag[k] !== tag) continue;
      const [p, q] = f.faces[mesh.boundary.side[k]].nodes.slice(0, 2).map((i) => mesh.elements[mesh.boundary.element[k] * f.nodes + i]);
      const d = Math.hypot((mesh.nodes[3 * p] + mesh.nodes[3 * q]) / 2 - start[0], (mesh.nodes[3 * p + 1] + mesh.nodes[3 * q + 1]) / 2 - start[1]);
      if (d < nearest) [nearest, nearestLength] = [d, Math.hypot(mesh.nodes[3 * p] - mesh.nodes[3 * q], mesh.nodes[3 * p + 1] - mesh.nodes[3 * q + 1])];
    }
    expect(nearestLength).toBeCloseTo(Math.min(...lengths), 12);
    expect(meshed.mesh.quality.inverted).toBe(0);
    // An odd exact count: quadrilaterals refuse naming the seed and the even counts to use; triangles take it.
    await ok(s, "mesh.seed.clear");
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge: left }], count: 7 });
    const odd = await refused(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 3 });
    expect(odd.error).toMatch(/seed #1: 7 divisions on edge ".*" is odd.*seed 8 or 6/);
    const tri = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS6", size: 3 });
    expect(tri.mesh.method).toBe("triangulation");
    expect(facetLengths(s.model().mesh!.mesh, left)).toHaveLength(7);
    expect(tri.mesh.quality.inverted).toBe(0);
  });

  it("refinement at a point (the re-entrant corner) and at an edge: small elements there, the size grows away; bad targets are refused", async () => {
    const { s, face, edge } = await lSection();
    const plain = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 4 });
    const refined = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 4, refine: [{ point: [10, 10, 0], size: 0.4 }] });
    expect(refined.mesh.elements).toBeGreaterThan(plain.mesh.elements);
    expect(refined.mesh.quality.inverted).toBe(0);
    const mesh = s.model().mesh!.mesh;
    // Along the inner edges the facet at the corner is about the refined size, the far ones near the global size.
    for (const inner of [edge((m) => m[1] === 10 && m[0] > 10), edge((m) => m[0] === 10 && m[1] > 10)]) {
      const lengths = facetLengths(mesh, inner);
      expect(Math.min(...lengths)).toBeLessThan(0.6);
      expect(Math.max(...lengths)).toBeGreaterThan(2.5);
    }
    const top = edge((m) => m[1] === 40);
    await ok(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 4, refine: [{ edge: top, size: 0.5 }] });
    expect(Math.max(...facetLengths(s.model().mesh!.mesh, top))).toBeLessThan(0.6);
    const notHere = await refused(s, "mesh.planar", { body: "Part", face, element: "CPS4", refine: [{ edge: "F1:+z|F1:side:1", size: 1 }] });
    expect(notHere.error).toMatch(/params.refine\[0\].edge: `F1:\+z\|F1:side:1` is not an edge of face .*; its edges: /);
    const off = await refused(s, "mesh.planar", { body: "Part", face, element: "CPS4", refine: [{ point: [10, 10, 1], size: 1 }] });
    expect(off.error).toMatch(/params.refine\[0\].point: \[10, 10, 1\] lies .* off the plane of face/);
    // A mesh far over the cap is refused before any work, naming a size that fits; a tiny refinement size grades
    // down to it (the size grows linearly away, so the count stays small) without folding an element.
    for (const element of ["CPS4", "CPS3"]) {
      const started = performance.now();
      const big = await refused(s, "mesh.planar", { body: "Part", face, element, size: 0.002 });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(big.error).toMatch(/params.size: about \d+ elements at size 0.002, above the cap maxElements = 2000000; size [\d.]+ or larger fits/);
    }
    const tiny = await ok(s, "mesh.planar", { body: "Part", face, element: "CPS4", size: 4, refine: [{ point: [10, 10, 0], size: 1e-6 }] });
    expect(tiny.mesh.elements).toBeLessThan(5000);
    expect(tiny.mesh.quality.inverted).toBe(0);
  });
});
