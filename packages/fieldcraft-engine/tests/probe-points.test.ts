// solve.probe on every mesh kind through the session: a heat problem whose exact temperature is linear (ends
// held, sides insulated) and a uniaxial tension whose exact displacement is linear must be read back exactly at
// points inside (the patch test through the solver), at node coordinates as the node's own value, and points
// off the mesh are answered as outside with their nearest node. `near` and `set` work before any solve.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-probe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const [LX, LY, LZ] = [30, 20, 10];
const DESIGN = path.join(dir, "bar.solidcraft");
writeFileSync(DESIGN, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "P", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [LX, 0], [LX, LY], [0, LY]], from: 0, to: LZ }] }] }));

interface Kind {
  name: string;
  mesh: (s: Session) => Promise<unknown>;
  section: Record<string, unknown>;
  /** The axis the exact field varies along (axisymmetric: y, the axis; a linear radial field is not exact there). */
  axis: 0 | 1;
  planar?: boolean;
}

const open = async (s: Session) => ok(s, "geometry.open", { path: DESIGN });
const KINDS: Kind[] = [
  { name: "C3D4", mesh: async (s) => (await open(s), ok(s, "mesh.tet.generate", { size: 6, order: 1 })), section: { type: "solid" }, axis: 0 },
  { name: "C3D10", mesh: async (s) => (await open(s), ok(s, "mesh.tet.generate", { size: 6, order: 2 })), section: { type: "solid" }, axis: 0 },
  ...(["C3D8", "C3D8R", "C3D20", "C3D20R"] as const).map((element) => ({
    name: element,
    mesh: (s: Session) => ok(s, "mesh.block", { name: "P", min: [0, 0, 0], max: [LX, LY, LZ], counts: [3, 2, 2], element }),
    section: { type: "solid" },
    axis: 0 as const,
  })),
  { name: "C3D6", mesh: async (s) => (await open(s), ok(s, "mesh.hex_sweep", { size: 5, order: 1, wedges: true })), section: { type: "solid" }, axis: 0 },
  { name: "C3D15", mesh: async (s) => (await open(s), ok(s, "mesh.hex_sweep", { size: 5, order: 2, wedges: true })), section: { type: "solid" }, axis: 0 },
  ...(["CPS4", "CPS8", "CPS6"] as const).map((element) => ({
    name: element,
    mesh: async (s: Session) => (await open(s), ok(s, "mesh.planar", { body: "P", element, size: 5 })),
    section: { type: "plane_stress", thickness: 2 },
    axis: 0 as const,
    planar: true,
  })),
  { name: "CAX8", mesh: async (s) => (await open(s), ok(s, "mesh.planar", { body: "P", element: "CAX8", size: 5 })), section: { type: "axisymmetric" }, axis: 1, planar: true },
];

function nodesWhere(s: Session, test: (x: number, y: number, z: number) => boolean): number[] {
  const X = s.model().mesh!.mesh.nodes;
  const ids: number[] = [];
  for (let n = 0; n < X.length / 3; n++) if (test(X[3 * n], X[3 * n + 1], X[3 * n + 2])) ids.push(n + 1);
  return ids;
}

function random(seed: number): () => number {
  let v = seed >>> 0;
  return () => ((v = (Math.imul(v, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

describe("solve.probe points on every mesh kind", () => {
  it.each(KINDS)("$name: near and set need no solve; a linear temperature reads back exactly at points and nodes, heat flows balance; outside is outside", async (kind) => {
    const s = createSession();
    await kind.mesh(s);
    const L = kind.axis === 0 ? LX : LY;
    const cold = nodesWhere(s, (...x) => Math.abs(x[kind.axis]) < 1e-9);
    const hot = nodesWhere(s, (...x) => Math.abs(x[kind.axis] - L) < 1e-9);
    await ok(s, "model.set.create", { name: "cold", nodes: cold });
    await ok(s, "model.set.create", { name: "hot", nodes: hot });
    const X = s.model().mesh!.mesh.nodes;
    const count = X.length / 3;

    // Before any solve: the nearest node (brute force agrees), a set's ids by page, points' elements.
    const target = [LX / 3 + 0.3, LY / 2 + 0.2, kind.planar ? 0 : LZ + 4];
    let best = 0;
    for (let n = 1; n < count; n++) {
      const d = (m: number) => Math.hypot(X[3 * m] - target[0], X[3 * m + 1] - target[1], X[3 * m + 2] - target[2]);
      if (d(n) < d(best)) best = n;
    }
    const before = await ok(s, "solve.probe", { near: target, set: "cold", offset: 1, limit: 3, points: [[1, 1, 0]] });
    expect(before.step).toBeUndefined();
    expect(before.nodes).toEqual([]);
    expect(before.near).toEqual([{ point: target, distance: Math.hypot(X[3 * best] - target[0], X[3 * best + 1] - target[1], X[3 * best + 2] - target[2]), node: { node: best + 1, coordinates: [X[3 * best], X[3 * best + 1], X[3 * best + 2]] } }]);
    expect(before.set).toEqual({ name: "cold", nodes: { total: cold.length, offset: 1, ids: cold.slice(1, 4) }, elements: { total: 0, offset: 1, ids: [] } });
    expect(before.points[0].element).toBeGreaterThan(0);
    expect(before.points[0].values).toBeUndefined();
    expect((await refused(s, "solve.probe", { nodes: [1] })).error).toMatch(/needs results: run solve\.\w+ first/);

    await ok(s, "model.set.create", { name: "all", elements: Array.from({ length: s.model().mesh!.mesh.elementBody.length }, (_, e) => e + 1) });
    await ok(s, "model.material.create", { name: "M", elastic: { type: "isotropic", young: 1000, poisson: 0.3 }, conductivity: 0.05 });
    await ok(s, "model.section.create", { name: "sec", set: "all", material: "M", kind: kind.section });
    await ok(s, "model.boundary_condition.create", { name: "T0", type: "temperature", target: { set: "cold" }, value: 20 });
    await ok(s, "model.boundary_condition.create", { name: "T1", type: "temperature", target: { set: "hot" }, value: 80 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["T0", "T1"], loads: [] });
    await ok(s, "solve.heat", { tolerance: 1e-13 });
    const exact = (p: ArrayLike<number>) => 20 + (60 * p[kind.axis]) / L;

    const next = random(7);
    const inside = Array.from({ length: 12 }, () => [LX * (0.02 + 0.96 * next()), LY * (0.02 + 0.96 * next()), kind.planar ? 0 : LZ * (0.02 + 0.96 * next())]);
    const corner = [LX, LY, kind.planar ? 0 : LZ]; // on the boundary: still inside
    const probed = (await ok(s, "solve.probe", { points: [...inside, corner] })).points;
    [...inside, corner].forEach((p, i) => expect(Math.abs(probed[i].values.temperature - exact(p)), `point ${p}`).toBeLessThan(1e-8 * 60));

    const sample = Array.from({ length: 15 }, (_, k) => Math.floor((k * count) / 15));
    const atNodes = (await ok(s, "solve.probe", { points: sample.map((n) => [X[3 * n], X[3 * n + 1], X[3 * n + 2]]), nodes: sample.map((n) => n + 1) }));
    sample.forEach((_, i) => expect(Math.abs(atNodes.points[i].values.temperature - atNodes.nodes[i].temperature)).toBeLessThan(1e-12 * 80));

    const off = kind.planar ? [[LX + 1, 5, 0], [5, 5, 1]] : [[LX + 1, 5, 5], [5, 5, -2]];
    const outside = (await ok(s, "solve.probe", { points: off })).points;
    off.forEach((p, i) => {
      expect(outside[i]).toMatchObject({ point: p, outside: true });
      const n = outside[i].nearest_node - 1;
      expect(outside[i].distance).toBeCloseTo(Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2]), 12);
    });

    // Heat flows in at the hot end and out at the cold: k A dT / L each (axisymmetric: the full circle).
    const area = kind.section.type === "axisymmetric" ? Math.PI * LX * LX : kind.planar ? LY * 2 : LY * LZ;
    const flow = (await ok(s, "solve.probe", { nodes: [...hot, ...cold], forces: true })).forces as { node: number; force: number }[];
    const total = (ids: number[]) => flow.filter((f) => ids.includes(f.node)).reduce((t, f) => t + f.force, 0);
    expect(total(hot) / ((0.05 * area * 60) / L)).toBeCloseTo(1, 8);
    expect(total(cold) / ((0.05 * area * 60) / L)).toBeCloseTo(-1, 8);
    const near = await ok(s, "solve.probe", { near: [target] });
    expect(near.step).toBe("Heat");
    expect(near.near[0].node).toMatchObject({ node: best + 1 });
    expect(near.near[0].node.temperature).toBeCloseTo(exact(X.subarray(3 * best)), 8);
  });

  it("C3D20 and CPS8: a uniaxial tension's linear displacement and constant stress read back at points; forces sum to the load and the reaction", async () => {
    for (const planar of [false, true]) {
      const s = createSession();
      let endFace = { body: "P", face: "+x" } as Record<string, string>;
      if (planar) {
        await ok(s, "geometry.open", { path: DESIGN });
        const edges: string[] = (await ok(s, "mesh.planar", { body: "P", element: "CPS8", size: 5 })).mesh.edges;
        // The profile's second side runs along x = LX.
        endFace = { body: "P", edge: edges.find((e) => e.split("|").includes("F1:side:2"))! };
      } else await ok(s, "mesh.block", { name: "P", min: [0, 0, 0], max: [LX, LY, LZ], counts: [3, 2, 2], element: "C3D20" });
      const [E, nu, p, t] = [1000, 0.3, 2, 2];
      const axes = planar ? [0, 1] : [0, 1, 2];
      for (const a of axes) await ok(s, "model.set.create", { name: `sym${a}`, nodes: nodesWhere(s, (...x) => Math.abs(x[a]) < 1e-9) });
      await ok(s, "model.set.create", { name: "end", geometry: [endFace] });
      const end = nodesWhere(s, (x) => Math.abs(x - LX) < 1e-9);
      await ok(s, "model.set.create", { name: "all", elements: Array.from({ length: s.model().mesh!.mesh.elementBody.length }, (_, e) => e + 1) });
      await ok(s, "model.material.create", { name: "M", elastic: { type: "isotropic", young: E, poisson: nu } });
      await ok(s, "model.section.create", { name: "sec", set: "all", material: "M", kind: planar ? { type: "plane_stress", thickness: t } : { type: "solid" } });
      for (const a of axes) await ok(s, "model.boundary_condition.create", { name: `bc${a}`, type: "displacement", target: { set: `sym${a}` }, components: { [`u${a + 1}`]: 0 } });
      const area = planar ? LY * t : LY * LZ;
      await ok(s, "model.load.create", { name: "pull", type: "pressure", target: { set: "end" }, magnitude: -p });
      await ok(s, "model.step.create", { name: "Pull", procedure: { type: "static" }, boundary_conditions: axes.map((a) => `bc${a}`), loads: ["pull"] });
      await ok(s, "solve.static", { tolerance: 1e-13 });
      // Exact: u1 = p x / E, u2 = -nu p y / E (and u3 = -nu p z / E), s11 = p: linear, so every element holds it.
      const pts = [[3, 4, 2], [11.5, 17, 7.25], [20, 1, 9], [LX, LY, LZ]].map((q) => (planar ? [q[0], q[1], 0] : q));
      const got = (await ok(s, "solve.probe", { points: pts })).points;
      const scale = (p * LX) / E;
      pts.forEach((q, i) => {
        expect(Math.abs(got[i].values.u1 - (p * q[0]) / E)).toBeLessThan(1e-8 * scale);
        expect(Math.abs(got[i].values.u2 - (-nu * p * q[1]) / E)).toBeLessThan(1e-8 * scale);
        expect(Math.abs(got[i].values.u3 - (-nu * p * q[2]) / E)).toBeLessThan(1e-8 * scale);
        expect(got[i].values.s11).toBeCloseTo(p, 6);
      });
      const sym0 = nodesWhere(s, (x) => Math.abs(x) < 1e-9);
      const forces = await ok(s, "solve.probe", { nodes: [...end, ...sym0], forces: true });
      const sum = (ids: number[]) => forces.forces.filter((f: { node: number }) => ids.includes(f.node)).reduce((t: number, f: { force: number[] }) => t + f.force[0], 0);
      expect(sum(end) / (p * area)).toBeCloseTo(1, 9);
      expect(sum(sym0) / (p * area)).toBeCloseTo(-1, 6);
    }
  });
});
