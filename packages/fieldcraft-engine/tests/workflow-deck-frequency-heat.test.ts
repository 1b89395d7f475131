// CalculiX runs our own decks (deck.write) of frequency and heat steps: the same frequencies, mode shapes and
// participation factors, and the same temperatures, on the same mesh.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { findCcx, runCcx } from "./support/ccx.js";
import { ok } from "./session-helpers.js";
import { STEPS } from "./workflow-fixtures.js";

const ccx = findCcx();
const BLOCK = path.join(path.dirname(fileURLToPath(import.meta.url)), "corpus", "block", "block.solidcraft");
const DIRECTIONS = ["x", "y", "z", "rx", "ry", "rz"] as const;

interface CcxModes {
  frequencies: number[];
  participation: number[][];
  shapes: Map<number, [number, number, number]>[];
}

function parseModes(dat: string): CcxModes {
  const lines = dat.split(/\r?\n/);
  const table = (title: RegExp) => {
    const i = lines.findIndex((l) => title.test(l));
    const rows: number[][] = [];
    for (let j = i + 1; j < lines.length && rows.length < 1000; j++) {
      const f = lines[j].trim().split(/\s+/);
      if (/^\d+$/.test(f[0]) && f.length >= 4) rows.push(f.slice(1).map(Number));
      else if (rows.length > 0 && lines[j].trim() === "") break;
    }
    return rows;
  };
  const frequencies = table(/E I G E N V A L U E   O U T P U T/).map((r) => r[2]);
  const participation = table(/P A R T I C I P A T I O N   F A C T O R S/);
  const shapes: Map<number, [number, number, number]>[] = [];
  let current: Map<number, [number, number, number]> | null = null;
  for (const l of lines) {
    if (/displacements \(vx,vy,vz\) for set/.test(l)) {
      current = new Map();
      shapes.push(current);
      continue;
    }
    const f = l.trim().split(/\s+/);
    if (current && f.length === 4 && /^\d+$/.test(f[0])) current.set(Number(f[0]), [Number(f[1]), Number(f[2]), Number(f[3])]);
    else if (current && current.size > 0 && l.trim() !== "") current = null;
  }
  return { frequencies, participation, shapes };
}

function vectorOf(shape: Map<number, [number, number, number]>, nodes: number): Float64Array {
  const v = new Float64Array(3 * nodes);
  for (const [id, u] of shape) v.set(u, 3 * (id - 1));
  return v;
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, x, i) => s + x * b[i], 0);

/**
 * MAC of our shape against ccx's: against its mode alone, or, inside a cluster of nearly equal frequencies
 * (where any combination is a mode), against the span of the cluster.
 */
function mac(ours: Float64Array, theirs: Float64Array[]): number {
  // Gram-Schmidt the cluster, then the squared norm of the projection.
  const basis: Float64Array[] = [];
  for (const t of theirs) {
    const v = Float64Array.from(t);
    for (const b of basis) {
      const c = dot(v, b);
      for (let i = 0; i < v.length; i++) v[i] -= c * b[i];
    }
    const n = Math.sqrt(dot(v, v));
    basis.push(v.map((x) => x / n));
  }
  return basis.reduce((s, b) => s + dot(ours, b) ** 2, 0) / dot(ours, ours);
}

async function session(design: string, size: number, material: Record<string, unknown>, body: string) {
  const s = createSession();
  await ok(s, "geometry.open", { path: design });
  await ok(s, "mesh.tet.generate", { body, size, order: 2 });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body, face: "F1:-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body, face: "F1:+x" }] });
  await ok(s, "model.set.create", { name: "top", geometry: [{ body, face: "F1:+z" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9, ...material });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } });
  return s;
}

describe.skipIf(!ccx)("ccx runs our frequency and heat decks", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "fieldcraft-freq-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const cases: [string, string, string, number][] = [
    ["the cantilever (100 x 10 x 10)", BLOCK, "Block", 5],
    ["the stepped block", STEPS, "Steps", 10],
  ];
  for (const [label, design, body, size] of cases)
    it(`${label}: the first 10 frequencies to 1e-6, shapes MAC >= 0.9999, participation factors to 1e-4`, async () => {
      const s: Session = await session(design, size, {}, body);
      await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
      await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 10 }, boundary_conditions: ["clamp"] });
      await ok(s, "solve.frequency", { tolerance: 1e-10 });
      const ours = await ok(s, "results.modes", {});
      const file = path.join(dir, `${body}.inp`);
      await ok(s, "deck.write", { format: "abaqus", path: file });
      const deck = await readFile(file, "utf8");
      expect(deck).toMatch(/\*FREQUENCY, SOLVER=SPOOLES\n10\n/);
      const theirs = parseModes((await runCcx(deck, { timeoutMs: 600_000 })).dat);
      expect(theirs.frequencies).toHaveLength(10);
      const result = s.model().results.Modes;
      const nodes = s.model().mesh!.mesh.nodes.length / 3;
      const shapes = theirs.shapes.map((m) => vectorOf(m, nodes));
      const f = theirs.frequencies;
      for (let j = 0; j < 10; j++) {
        expect(Math.abs(ours.modes[j].frequency_hz / f[j] - 1)).toBeLessThan(1e-6);
        const cluster = f.map((_, k) => k).filter((k) => Math.abs(f[k] / f[j] - 1) < 1e-4);
        const phi = (result.modal!.modes[j].solution as { displacement: Float64Array }).displacement;
        expect(mac(phi, cluster.map((k) => shapes[k]))).toBeGreaterThanOrEqual(0.9999);
        if (cluster.length > 1) continue; // inside a cluster the factors depend on which combination each solver picked
        const sign = Math.sign(dot(phi, shapes[j]));
        const scale = Math.max(...theirs.participation[j].slice(0, 3).map(Math.abs), ...theirs.participation[j].slice(3).map(Math.abs));
        DIRECTIONS.forEach((d, c) => expect(Math.abs(sign * ours.modes[j].participation[d] - theirs.participation[j][c])).toBeLessThan(1e-4 * scale));
      }
    });

  it("the stepped block's steady temperatures with a flux, a film and a body load: within 1e-6 of the temperature range", async () => {
    const s = await session(STEPS, 10, { conductivity: 0.05 }, "Steps");
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 });
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.01 });
    await ok(s, "model.load.create", { name: "source", type: "body_heat", target: { set: "all" }, value: 1e-5 });
    await ok(s, "model.load.create", { name: "air", type: "film", target: { set: "top" }, coefficient: 1e-4, sink: 25 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["cold"], loads: ["in", "source", "air"] });
    await ok(s, "solve.heat", { tolerance: 1e-12 });
    const file = path.join(dir, "heat.inp");
    await ok(s, "deck.write", { format: "abaqus", path: file });
    const deck = await readFile(file, "utf8");
    expect(deck).toMatch(/TYPE=DC3D10/);
    expect(deck).toMatch(/\*HEAT TRANSFER, STEADY STATE/);
    const dat = (await runCcx(deck, { timeoutMs: 600_000 })).dat;
    const lines = dat.split(/\r?\n/);
    const start = lines.findIndex((l) => /temperatures for set FC_ALL_NODES/.test(l));
    const T = (s.model().results.Heat.solution as { temperature: Float64Array }).temperature;
    let lo = Infinity, hi = -Infinity, diff = 0, count = 0;
    for (let j = start + 1; j < lines.length; j++) {
      const f = lines[j].trim().split(/\s+/);
      if (f.length !== 2 || !/^\d+$/.test(f[0])) {
        if (count > 0 && lines[j].trim() !== "") break;
        continue;
      }
      const t = Number(f[1]);
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
      diff = Math.max(diff, Math.abs(t - T[Number(f[0]) - 1]));
      count++;
    }
    expect(count).toBe(T.length);
    expect(hi - lo).toBeGreaterThan(1);
    expect(diff / (hi - lo)).toBeLessThan(1e-6);
  });

  it("refuses what a format cannot hold in one deck, naming the steps", async () => {
    const s = await session(BLOCK, 20, { conductivity: 0.05 }, "Block");
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["cold"] });
    // Nastran and LS-DYNA hold one procedure per deck (SOL 103 or 153; eigenvalue or thermal control cards).
    for (const format of ["nastran", "lsdyna"] as const) {
      const out = await s.execute("deck.write", { format, path: path.join(dir, `x.${format}`) });
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.error).toMatch(/decks hold one procedure, but step "Heat" is heat and "Modes" is frequency/);
      await ok(s, "deck.write", { format, path: path.join(dir, `x.${format}`), steps: ["Heat"] });
    }
    const mixed = await s.execute("deck.write", { format: "abaqus", path: path.join(dir, "mixed.inp") });
    expect(mixed.ok).toBe(false);
    if (!mixed.ok) expect(mixed.error).toMatch(/cannot hold heat step "Heat" with frequency step "Modes"/);
  });
});
