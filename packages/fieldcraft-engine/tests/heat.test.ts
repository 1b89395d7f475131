// Steady conduction: CalculiX on the same mesh with a flux, a film and a body heat load in one model, and the
// analytic slab and fin.
import { describe, expect, it } from "vitest";
import type { Mesh } from "../src/mesh/types.js";
import { facetsWithTags } from "../src/fem/loads.js";
import { bodyHeatLoad, surfaceFluxLoad } from "../src/fem/heat/boundary.js";
import { solveHeat, type HeatProblem } from "../src/fem/heat/solve-heat.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";
import { findCcx } from "./support/ccx.js";
import { runCcxFiles } from "./support/ccx-files.js";

const ccx = findCcx();
// Face tags of boxTetMesh: 0 -x, 1 +x, 2 -y, 3 +y, 4 -z, 5 +z.
const npeOf = (mesh: Mesh) => (mesh.type === "C3D4" ? 4 : 10);
const elementCount = (mesh: Mesh) => mesh.elements.length / npeOf(mesh);

interface Setup {
  mesh: Mesh;
  k: number;
  fixed: { nodes: number[]; value: number };
  flux?: { tag: number; q: number };
  film?: { tag: number; h: number; sink: number };
  body?: number;
}

function problemOf(s: Setup): HeatProblem {
  const nn = s.mesh.nodes.length / 3;
  const heat = new Float64Array(nn);
  if (s.flux) surfaceFluxLoad(s.mesh, facetsWithTags(s.mesh, [s.flux.tag]), s.flux.q, heat);
  if (s.body) bodyHeatLoad(s.mesh, Int32Array.from({ length: elementCount(s.mesh) }, (_, e) => e), s.body, heat);
  return {
    mesh: s.mesh,
    elementMaterial: new Int32Array(elementCount(s.mesh)),
    conductivity: [s.k],
    prescribed: new Map(s.fixed.nodes.map((n) => [n, s.fixed.value])),
    heat,
    films: s.film ? [{ facets: facetsWithTags(s.mesh, [s.film.tag]), coefficient: s.film.h, sink: s.film.sink }] : [],
  };
}

async function temperatures(s: Setup) {
  const r = await solveHeat(problemOf(s), { tolerance: 1e-13 });
  if (!r.ok) throw new Error(r.error);
  return r.solution;
}

/** The same model as a CalculiX heat deck: DC3D*, *DFLUX on faces (S<k>) and volumes (BF), *FILM (F<k>). */
function heatDeck(s: Setup): string {
  const { mesh } = s;
  const npe = npeOf(mesh);
  const lines = ["*NODE"];
  for (let i = 0; i < mesh.nodes.length / 3; i++) lines.push(`${i + 1}, ${mesh.nodes[3 * i]}, ${mesh.nodes[3 * i + 1]}, ${mesh.nodes[3 * i + 2]}`);
  lines.push(`*ELEMENT, TYPE=D${mesh.type}, ELSET=E`);
  for (let e = 0; e < elementCount(mesh); e++) lines.push([e + 1, ...Array.from(mesh.elements.subarray(e * npe, (e + 1) * npe), (n) => n + 1)].join(", "));
  lines.push("*NSET, NSET=NALL, GENERATE", `1, ${mesh.nodes.length / 3}, 1`);
  lines.push("*NSET, NSET=COLD", ...s.fixed.nodes.map((n) => `${n + 1},`));
  lines.push("*MATERIAL, NAME=M", "*CONDUCTIVITY", `${s.k}`, "*SOLID SECTION, ELSET=E, MATERIAL=M");
  lines.push("*STEP", "*HEAT TRANSFER, STEADY STATE", "*BOUNDARY", `COLD, 11, 11, ${s.fixed.value}`);
  const faces = (tag: number) => {
    const out: [number, number][] = [];
    for (let f = 0; f < mesh.boundary.tag.length; f++) if (mesh.boundary.tag[f] === tag) out.push([mesh.boundary.element[f] + 1, mesh.boundary.side[f] + 1]);
    return out;
  };
  if (s.flux || s.body) {
    lines.push("*DFLUX");
    if (s.flux) for (const [e, side] of faces(s.flux.tag)) lines.push(`${e}, S${side}, ${s.flux.q}`);
    if (s.body) lines.push(`E, BF, ${s.body}`);
  }
  if (s.film) {
    lines.push("*FILM");
    for (const [e, side] of faces(s.film.tag)) lines.push(`${e}, F${side}, ${s.film.sink}, ${s.film.h}`);
  }
  lines.push("*NODE PRINT, NSET=NALL", "NT", "*NODE PRINT, NSET=COLD, TOTALS=ONLY", "RFL", "*END STEP");
  return lines.join("\n") + "\n";
}

function parseTemperatures(dat: string): Map<number, number> {
  const out = new Map<number, number>();
  const lines = dat.split(/\r?\n/);
  let on = false;
  for (const line of lines) {
    if (/temperatures for set NALL/i.test(line)) { on = true; continue; }
    if (on) {
      const f = line.trim().split(/\s+/);
      if (f.length === 2 && /^\d+$/.test(f[0])) out.set(Number(f[0]), Number(f[1]));
      else if (out.size > 0 && line.trim() !== "") on = false;
    }
  }
  return out;
}

function parseTotalHeat(dat: string): number {
  const lines = dat.split(/\r?\n/);
  const i = lines.findIndex((l) => /total heat generation for set COLD/i.test(l));
  if (i < 0) throw new Error(`no total heat generation in the .dat:\n${dat.slice(-600)}`);
  let j = i + 1;
  while (lines[j].trim() === "") j++;
  return Number(lines[j].trim().split(/\s+/)[0]);
}

describe.skipIf(!ccx)("steady conduction against CalculiX on the same mesh", () => {
  for (const order of [1, 2] as const)
    it(`${order === 1 ? "DC3D4" : "DC3D10"}: a flux, a film and a body load in one model`, async () => {
      const mesh = boxTetMesh({ size: [40, 10, 8], cells: order === 1 ? [12, 4, 3] : [6, 2, 2], order, jitter: 0.2, seed: 4 });
      const setup: Setup = {
        mesh,
        k: 0.05,
        fixed: { nodes: nodesWhere(mesh, 0, 0), value: 20 },
        flux: { tag: 5, q: 0.02 },
        film: { tag: 1, h: 0.001, sink: 35 },
        body: 0.0004,
      };
      const ours = await temperatures(setup);
      const files = await runCcxFiles(heatDeck(setup), ["dat"]);
      const theirs = parseTemperatures(files.dat);
      expect(theirs.size).toBe(mesh.nodes.length / 3);
      let lo = Infinity, hi = -Infinity, diff = 0;
      for (const [id, t] of theirs) {
        lo = Math.min(lo, t);
        hi = Math.max(hi, t);
        diff = Math.max(diff, Math.abs(t - ours.temperature[id - 1]));
      }
      expect(hi - lo).toBeGreaterThan(1);
      expect(diff / (hi - lo)).toBeLessThan(1e-6);
      // ccx's RFL is the conducted flow K T at the held nodes: our reaction K T - Q there plus the loads
      // (flux, body heat) applied on those nodes themselves. The film (on +x) does not reach them.
      const q = problemOf(setup).heat;
      const ourTotal = setup.fixed.nodes.reduce((s, n) => s + ours.reaction[n] + q[n], 0);
      expect(ourTotal / parseTotalHeat(files.dat)).toBeCloseTo(1, 5);
    });
});

describe("steady conduction: theory", () => {
  it("a slab between two temperatures is exactly linear, with the flux k dT / L everywhere", async () => {
    const mesh = boxTetMesh({ size: [30, 6, 6], cells: [5, 2, 2], order: 2, jitter: 0.25, seed: 9 });
    const left = nodesWhere(mesh, 0, 0), right = nodesWhere(mesh, 0, 30);
    const p = problemOf({ mesh, k: 2, fixed: { nodes: left, value: 100 } });
    for (const n of right) p.prescribed.set(n, 40);
    const r = await solveHeat(p, { tolerance: 1e-14 });
    if (!r.ok) throw new Error(r.error);
    for (let n = 0; n < mesh.nodes.length / 3; n++) {
      expect(r.solution.temperature[n]).toBeCloseTo(100 - 2 * mesh.nodes[3 * n], 9);
      expect(r.solution.flux[3 * n]).toBeCloseTo(4, 9); // -k dT/dx = -2 * -2
      expect(r.solution.flux[3 * n + 1]).toBeCloseTo(0, 9);
    }
    // In at the hot face, out at the cold one: +-k A dT / L.
    const inflow = left.reduce((s, n) => s + r.solution.reaction[n], 0);
    const outflow = right.reduce((s, n) => s + r.solution.reaction[n], 0);
    expect(inflow).toBeCloseTo(4 * 36, 8);
    expect(outflow).toBeCloseTo(-4 * 36, 8);
  });

  it("a rod with a film on its sides converges to the fin solution", async () => {
    // Fin of length L, square side a, root at T0, sink Ts, film h on the four sides, insulated tip:
    // theta(x) / theta0 = cosh(m (L - x)) / cosh(m L), m = sqrt(h P / (k A)) = sqrt(4 h / (k a)).
    const L = 100, a = 4, k = 0.2, h = 0.0005, T0 = 100, Ts = 20;
    const m = Math.sqrt((4 * h) / (k * a));
    const exactTip = Ts + (T0 - Ts) / Math.cosh(m * L);
    const errors: number[] = [];
    for (const cells of [[6, 1, 1], [24, 2, 2]] as [number, number, number][]) {
      const mesh = boxTetMesh({ size: [L, a, a], cells, order: 2 });
      const p = problemOf({ mesh, k, fixed: { nodes: nodesWhere(mesh, 0, 0), value: T0 } });
      p.films = [{ facets: facetsWithTags(mesh, [2, 3, 4, 5]), coefficient: h, sink: Ts }];
      const r = await solveHeat(p, { tolerance: 1e-13 });
      if (!r.ok) throw new Error(r.error);
      const tip = nodesWhere(mesh, 0, L);
      const mean = tip.reduce((s, n) => s + r.solution.temperature[n], 0) / tip.length;
      errors.push(Math.abs(mean - exactTip) / (T0 - Ts));
      if (cells[0] === 24) expect(r.solution.stats.solver).toMatch(/CG with smoothed-aggregation AMG/);
    }
    expect(errors[1]).toBeLessThan(errors[0]);
    // The 1D fin ignores the temperature drop across the section (Biot h a / k = 0.01): within half a percent.
    expect(errors[1]).toBeLessThan(5e-3);
  });

  it("refuses a model whose temperature is fixed nowhere, and a material without conductivity", async () => {
    const mesh = boxTetMesh({ size: [10, 2, 2], cells: [2, 1, 1], order: 1 });
    const free = await solveHeat({ ...problemOf({ mesh, k: 1, fixed: { nodes: [], value: 0 } }) });
    expect(free.ok).toBe(false);
    if (!free.ok) expect(free.error).toMatch(/not fixed anywhere: add a temperature boundary condition or a film/);
    const noK = await solveHeat(problemOf({ mesh, k: 0, fixed: { nodes: [0], value: 0 } }));
    expect(noK.ok).toBe(false);
    if (!noK.ok) expect(noK.error).toMatch(/material 1 has no conductivity/);
  });
});
