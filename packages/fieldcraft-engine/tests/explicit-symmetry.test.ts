// Symmetry conditions in explicit steps. A half bar on the plane x = 0 with half the load answers exactly as the
// whole bar (frame by frame); the oblique plane's machinery (nodes sliding along the plane, the normal
// acceleration removed) answers exactly as the principal plane once the whole problem is turned by 30 degrees;
// through the session an oblique plane keeps its nodes on it, and the Abaqus deck holds its nodes in a *TRANSFORM.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { solveExplicit } from "../src/fem/explicit/solve-explicit.js";
import { blockMesh } from "../src/mesh/block.js";
import { createSession, type Session } from "../src/index.js";
import { explicitProblem, fixedAt, forceOn, LIMITS, nodesWhere } from "./support/explicit-cases.js";
import { ok } from "./session-helpers.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";

const STEEL = { young: 210000, poisson: 0.3, density: 7.85e-9 };
const L = 50, DURATION = 1e-4;

async function bar(min: [number, number, number], load: [number, number, number], symmetry?: { by: object }): Promise<Session> {
  const s = createSession();
  const counts = [min[0] < 0 ? 2 : 1, min[1] < 0 ? 2 : 1, 10];
  await ok(s, "mesh.block", { name: "Bar", min, max: [10, 10, L], counts, element: "C3D8" });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-z" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Bar", face: "+z" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: STEEL.young, poisson: STEEL.poisson }, density: STEEL.density });
  await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: load });
  const bcs = ["clamp"];
  if (symmetry) {
    await ok(s, "geometry.datum", { name: "plane", by: symmetry.by });
    // Listed before the support on purpose: the nodes both hold keep the support.
    await ok(s, "model.boundary_condition.symmetry", { name: "sym", datum: "plane" });
    bcs.unshift("sym");
  }
  await ok(s, "model.step.create", { name: "Hit", procedure: { type: "explicit", duration: DURATION, frames: 8 }, boundary_conditions: bcs, loads: ["push"] });
  await ok(s, "solve.explicit");
  return s;
}

const coords = (s: Session) => s.model().mesh!.mesh.nodes;
const key = (x: Float64Array, n: number) => `${x[3 * n].toFixed(6)},${x[3 * n + 1].toFixed(6)},${x[3 * n + 2].toFixed(6)}`;

describe("symmetry in explicit steps", () => {
  it("a half bar on x = 0 with half the load moves as the whole bar, frame by frame", async () => {
    const whole = await bar([-10, 0, 0], [0, 300, -2000]);
    const half = await bar([0, 0, 0], [0, 150, -1000], { by: { type: "offset", plane: "yz", offset: 0 } });
    const xw = coords(whole), xh = coords(half);
    const index = new Map(Array.from({ length: xw.length / 3 }, (_, n) => [key(xw, n), n + 1]));
    const halfIds = Array.from({ length: xh.length / 3 }, (_, n) => n + 1);
    const wholeIds = halfIds.map((n) => index.get(key(xh, n - 1))!);
    let largest = 0;
    for (const frame of [2, 5, 8]) {
      const a = (await ok(half, "solve.probe", { frame, nodes: halfIds })).nodes;
      const b = (await ok(whole, "solve.probe", { frame, nodes: wholeIds })).nodes;
      for (let i = 0; i < a.length; i++)
        for (const c of ["u1", "u2", "u3"]) {
          largest = Math.max(largest, Math.abs(b[i].displacement[c]));
          expect(a[i].displacement[c]).toBeCloseTo(b[i].displacement[c], 9);
        }
      // On the plane the normal displacement is zero.
      for (let i = 0; i < a.length; i++) if (xh[3 * i] === 0) expect(a[i].displacement.u1).toBe(0);
    }
    expect(largest).toBeGreaterThan(1e-4);
    // Energies: the half holds half of everything.
    const fh = (await ok(half, "results.frames")).frames, fw = (await ok(whole, "results.frames")).frames;
    expect(fh[8].kinetic / fw[8].kinetic).toBeCloseTo(0.5, 6);
    expect(fh[8].internal / fw[8].internal).toBeCloseTo(0.5, 6);
  });

  it("an oblique plane at 30 degrees answers as the principal plane turned with it (solver level)", async () => {
    const angle = Math.PI / 6, c = Math.cos(angle), s = Math.sin(angle);
    const rotate = (v: [number, number, number]): [number, number, number] => [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]];
    const base = blockMesh({ body: "Bar", min: [0, 0, 0], max: [10, 10, L], counts: [1, 1, 10], type: "C3D8" });
    const turnedNodes = new Float64Array(base.nodes.length);
    for (let n = 0; n < base.nodes.length / 3; n++) turnedNodes.set(rotate([base.nodes[3 * n], base.nodes[3 * n + 1], base.nodes[3 * n + 2]]), 3 * n);
    const turned = { ...base, nodes: turnedNodes };
    const root = nodesWhere(base, (_x, _y, z) => z === 0);
    const tip = nodesWhere(base, (_x, _y, z) => z === L);
    const onPlane = nodesWhere(base, (x, _y, z) => x === 0 && z > 0);
    const load: [number, number, number] = [40, 150, -1000];
    const principal = await solveExplicit(
      explicitProblem(base, STEEL, {
        loads: [forceOn(base, tip, load)],
        prescribed: [fixedAt(root), { kind: "displacement", dofs: Int32Array.from(onPlane, (n) => 3 * n), values: new Float64Array(onPlane.length), amplitude: () => 1 }],
        duration: DURATION,
        frames: 4,
      }),
      LIMITS,
    );
    const normal = rotate([1, 0, 0]);
    const oblique = await solveExplicit(
      explicitProblem(turned, STEEL, {
        loads: [forceOn(turned, tip, rotate(load))],
        prescribed: [fixedAt(root)],
        normals: { nodes: Int32Array.from(onPlane), normals: Float64Array.from(onPlane.flatMap(() => normal)) },
        duration: DURATION,
        frames: 4,
      }),
      LIMITS,
    );
    if (!principal.ok || !oblique.ok) throw new Error("solve failed");
    const p = principal.solution, o = oblique.solution;
    expect(o.timeStep).toBeCloseTo(p.timeStep, 15);
    const ndof = base.nodes.length;
    let largest = 0, worst = 0;
    for (let k = 0; k <= 4; k++)
      for (let n = 0; n < ndof / 3; n++) {
        const at = k * ndof + 3 * n;
        const expected = rotate([p.displacement[at], p.displacement[at + 1], p.displacement[at + 2]]);
        for (let i = 0; i < 3; i++) {
          largest = Math.max(largest, Math.abs(expected[i]));
          worst = Math.max(worst, Math.abs(o.displacement[at + i] - expected[i]));
        }
      }
    expect(largest).toBeGreaterThan(1e-4);
    expect(worst / largest).toBeLessThan(1e-5);
    // The reaction on the plane's nodes is normal to it and equals the principal one turned.
    const last = (h: typeof p, dof: number) => h.reaction[4 * h.reactionDofs.length + h.reactionDofs.indexOf(dof)];
    for (const n of onPlane) {
      const r: [number, number, number] = [last(o, 3 * n), last(o, 3 * n + 1), last(o, 3 * n + 2)];
      const expected = rotate([last(p, 3 * n), 0, 0]);
      for (let i = 0; i < 3; i++) expect(Math.abs(r[i] - expected[i])).toBeLessThan(1e-5 * Math.max(1e-9, Math.abs(last(p, 3 * n))) + 1e-9);
    }
    // Energies balance with the sliding nodes.
    const e = o.frames[4];
    expect(Math.abs(e.energy_balance)).toBeLessThan(0.01 * Math.max(e.kinetic, e.internal));
  });

  it("through the session an oblique plane keeps its nodes on it; the Abaqus deck holds them in a *TRANSFORM", async () => {
    // The diagonal plane x = y of a square bar, loaded along x only: the plane is not a symmetry of the load,
    // so without the condition its nodes leave it, and with it they slide along it.
    const by = { type: "point_normal", point: [0, 0, 0], normal: [1, -1, 0] };
    const held = await bar([-10, -10, 0], [200, 0, -1000], { by });
    const free = await bar([-10, -10, 0], [200, 0, -1000]);
    const x = coords(held);
    const diagonal = Array.from({ length: x.length / 3 }, (_, n) => n).filter((n) => Math.abs(x[3 * n] - x[3 * n + 1]) < 1e-12 && x[3 * n + 2] > 0).map((n) => n + 1);
    expect(diagonal.length).toBe(30);
    const normalPart = (d: { u1: number; u2: number }) => (d.u1 - d.u2) / Math.SQRT2;
    const a = (await ok(held, "solve.probe", { nodes: diagonal })).nodes;
    const b = (await ok(free, "solve.probe", { nodes: diagonal })).nodes;
    const scale = Math.max(...b.map((n: { displacement: { u1: number; u2: number } }) => Math.abs(normalPart(n.displacement))));
    expect(scale).toBeGreaterThan(1e-5);
    for (const n of a) expect(Math.abs(normalPart(n.displacement))).toBeLessThan(1e-6 * scale);
    const dir = mkdtempSync(path.join(tmpdir(), "fc-explicit-sym-"));
    const file = path.join(dir, "sym.inp");
    await ok(held, "deck.write", { format: "abaqus", path: file });
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/\*TRANSFORM, NSET=SYMMETRY_SYM, TYPE=R\n0\.7071\d*, -0\.7071\d*, 0, /i);
    expect(text).toMatch(/\*DYNAMIC, EXPLICIT[\s\S]*\*BOUNDARY[^\n]*\n[\s\S]*SYMMETRY_SYM, 1, 1, 0/i);
    if (!findCcx()) return;
    // ccx runs the deck: the tip's mean displacement at the end as ours (its *TRANSFORM holds the plane's nodes).
    const run = await runCcx(text.replace(/\*NODE PRINT, NSET=\S+\nU/, "*NODE PRINT, NSET=TIP\nU"), { timeoutMs: 120_000 });
    const table = parseDat(run.dat).displacements.get("TIP")!;
    const tip = Array.from({ length: x.length / 3 }, (_, n) => n).filter((n) => x[3 * n + 2] === L);
    const ours = (await ok(held, "solve.probe", { nodes: tip.map((n) => n + 1) })).nodes;
    // Nodes under a *TRANSFORM print in their local frame (1 along the normal a, 2 along b, 3 along a x b): turned back.
    const h = Math.SQRT1_2;
    const global = (n: number) => {
      const u = table.get(n + 1)!;
      return Math.abs(x[3 * n] - x[3 * n + 1]) < 1e-12 ? [h * u[0] + h * u[1], -h * u[0] + h * u[1], u[2]] : u;
    };
    for (const [c, name] of [[0, "u1"], [2, "u3"]] as const) {
      const mine = ours.reduce((acc: number, n: { displacement: Record<string, number> }) => acc + n.displacement[name], 0) / tip.length;
      const theirs = tip.reduce((acc, n) => acc + global(n)[c], 0) / tip.length;
      expect(Math.abs(mine - theirs) / Math.abs(mine)).toBeLessThan(0.02);
    }
  }, 120_000);
});
