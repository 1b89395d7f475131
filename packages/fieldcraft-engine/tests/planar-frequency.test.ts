// Natural frequencies of planar meshes (CPS, CPE, CAX): the planar mass (thickness, or 2 pi r for axisymmetry),
// checked against CalculiX running our Abaqus deck on the same mesh, against closed forms, and the dense and
// LOBPCG paths against each other. CalculiX expands each planar element into a 3D layer (a wedge for CAX):
// exactly plane strain for CPE, a different discretisation for CPS and CAX (see planar-ccx.test.ts).
import { describe, expect, it } from "vitest";
import { writeAbaqusDeck } from "../src/decks/abaqus.js";
import { frequencyDeck } from "../src/decks/procedures-modal-heat.js";
import { family, type PlanarKind } from "../src/fem/families/index.js";
import { solveFrequency } from "../src/fem/solve-frequency.js";
import { assemblePlanarMass } from "../src/fem/mass/planar-mass.js";
import { planarGridMesh } from "../src/mesh/planarGrid.js";
import { findCcx, runCcx } from "./support/ccx.js";

const ccx = findCcx();
if (!ccx) console.warn("[planar-frequency] skipped the CalculiX comparisons: `ccx` is not on PATH (Debian package calculix-ccx)");

const STEEL = { name: "Steel", young: 210000, poisson: 0.3, density: 7.85e-9 };
const T = 2;
const MODES = 6;

// The bent strip of planar-ccx.test.ts: 40 x 10 on a shallow arc (axisymmetric: at radius 20..60).
const bent = (kind: PlanarKind) => (s: number, t: number): [number, number] => {
  const x0 = kind === "axisymmetric" ? 20 : 0;
  return [x0 + 40 * s + 1.5 * Math.sin(Math.PI * t) * s, 10 * t + 3 * Math.sin(Math.PI * s)];
};

function strip(kind: PlanarKind, shape: "triangle" | "quadrilateral", order: 1 | 2) {
  const mesh = planarGridMesh({ kind, shape, order, cells: order === 1 ? [16, 4] : [8, 2], map: bent(kind) });
  const nn = mesh.nodes.length / 3;
  const left: number[] = [];
  const x0 = kind === "axisymmetric" ? 20 : 0;
  for (let n = 0; n < nn; n++) if (Math.abs(mesh.nodes[3 * n] - x0) < 1e-12) left.push(n);
  const ne = mesh.elements.length / family(mesh.type).nodes;
  return { mesh, left, ne, held: left.flatMap((n) => [3 * n, 3 * n + 1]) };
}

function ccxFrequencies(dat: string): number[] {
  const lines = dat.split(/\r?\n/);
  const i = lines.findIndex((l) => /E I G E N V A L U E   O U T P U T/.test(l));
  const out: number[] = [];
  for (let j = i + 1; j < lines.length && out.length < 1000; j++) {
    const f = lines[j].trim().split(/\s+/);
    if (/^\d+$/.test(f[0]) && f.length >= 4) out.push(Number(f[3]));
    else if (out.length > 0 && lines[j].trim() === "") break;
  }
  return out;
}

async function ours(kind: PlanarKind, shape: "triangle" | "quadrilateral", order: 1 | 2, method?: "dense" | "lobpcg", tuning: { blockSize?: number } = {}) {
  const { mesh, ne, held } = strip(kind, shape, order);
  const r = await solveFrequency(
    { mesh, elementMaterial: new Int32Array(ne), materials: [STEEL], density: [STEEL.density], held, thickness: kind === "axisymmetric" ? undefined : [T] },
    { modes: MODES, tolerance: method === "lobpcg" ? 1e-8 : 1e-12, method, ...tuning },
  );
  if (!r.ok) throw new Error(r.error);
  return r.solution;
}

const FAMILIES_2D = [["quadrilateral", 1], ["triangle", 1], ["quadrilateral", 2], ["triangle", 2]] as const;
const name = (kind: PlanarKind, shape: string, order: number) => `${kind === "plane_stress" ? "CPS" : kind === "plane_strain" ? "CPE" : "CAX"}${shape === "triangle" ? 3 * order : 4 * order}`;

describe("planar mass", () => {
  it("integrates rho t A (plane) and rho 2 pi r_c A (axisymmetric, Pappus) for every family", () => {
    for (const kind of ["plane_stress", "axisymmetric"] as PlanarKind[])
      for (const [shape, order] of FAMILIES_2D) {
        const mesh = planarGridMesh({ kind, shape, order, cells: [3, 2], map: (s, t) => [(kind === "axisymmetric" ? 5 : 0) + 4 * s, 3 * t] });
        const ne = mesh.elements.length / family(mesh.type).nodes;
        for (const lumped of [false, true]) {
          const m = assemblePlanarMass(mesh, new Int32Array(ne), [2], [T], lumped ? "lumped" : "consistent");
          if (!m.ok) throw new Error(m.error);
          const want = kind === "axisymmetric" ? 2 * 2 * Math.PI * 7 * 12 : 2 * T * 12;
          expect(m.total / want - 1).toBeCloseTo(0, 12);
          // Every node's share is positive and they add up to the mass (sum of all entries = the total for consistent).
          const sum = m.mass.kind === "lumped" ? m.mass.diag.reduce((a, b) => a + b, 0) : m.mass.val.reduce((a, v, k) => a + (m.mass.kind === "consistent" && isDiagonal(m.mass, k) ? v : 2 * v), 0);
          expect(sum / want - 1).toBeCloseTo(0, 12);
          if (m.mass.kind === "lumped") expect(Math.min(...m.mass.diag)).toBeGreaterThan(0);
        }
      }
  });

  it("a free-free plane-strain bar: three rigid modes, the axial mode at c / 2L; dense and LOBPCG paths agree", async () => {
    // 200 x 10 bar, plane strain, free: a slender bar in plane strain has the axial modulus E / (1 - nu^2).
    const mesh = planarGridMesh({ kind: "plane_strain", shape: "quadrilateral", order: 2, cells: [40, 1], map: (s, t) => [200 * s, 10 * t] });
    const ne = mesh.elements.length / 8;
    const problem = { mesh, elementMaterial: new Int32Array(ne), materials: [STEEL], density: [STEEL.density], held: [], thickness: [1] };
    const dense = await solveFrequency(problem, { modes: 10, method: "dense", tolerance: 1e-12 });
    if (!dense.ok) throw new Error(dense.error);
    // Three in-plane rigid-body modes near 0 Hz, said so.
    expect(dense.solution.rigidBodyModes).toBe(3);
    expect(dense.solution.notes.join(" ")).toMatch(/rigid-body modes come out near 0 Hz/);
    // The LOBPCG path (two unknowns per node, the planar near-nullspace in the multigrid) on the clamped strip.
    for (const kind of ["plane_strain", "axisymmetric"] as PlanarKind[]) {
      const a = await ours(kind, "quadrilateral", 2, "dense");
      const b = await ours(kind, "quadrilateral", 2, "lobpcg");
      for (let j = 0; j < MODES; j++) expect(Math.abs(b.modes[j].frequencyHz / a.modes[j].frequencyHz - 1)).toBeLessThan(1e-8);
      expect(b.stats.solver).toMatch(/LOBPCG/);
      // The tuning knob (a wider block) changes the path, not the answer.
      const c = await ours(kind, "quadrilateral", 2, "lobpcg", { blockSize: 12 });
      for (let j = 0; j < MODES; j++) expect(Math.abs(c.modes[j].frequencyHz / a.modes[j].frequencyHz - 1)).toBeLessThan(1e-8);
    }
    // The axial mode: the elastic mode whose shape is mostly u_x.
    const axial = dense.solution.modes.slice(3).find((m) => {
      let ux = 0, uy = 0;
      for (let i = 0; i < m.shape.length / 3; i++) { ux += m.shape[3 * i] ** 2; uy += m.shape[3 * i + 1] ** 2; }
      return ux > 10 * uy;
    })!;
    const c = Math.sqrt(STEEL.young / (1 - STEEL.poisson ** 2) / STEEL.density);
    expect(Math.abs(axial.frequencyHz / (c / 400) - 1)).toBeLessThan(2e-3);
    // Shapes mass-normalised; the mass is rho t A.
    for (const m of dense.solution.modes) expect(m.generalizedMass).toBeCloseTo(1, 9);
    expect(dense.solution.totalMass).toBeCloseTo(STEEL.density * 200 * 10, 15);
  });

  it("an axisymmetric model has one rigid motion (along the axis); held axially it has none", async () => {
    const mesh = planarGridMesh({ kind: "axisymmetric", shape: "quadrilateral", order: 1, cells: [4, 4], map: (s, t) => [10 + 10 * s, 10 * t] });
    const ne = mesh.elements.length / 4;
    const base = { mesh, elementMaterial: new Int32Array(ne), materials: [STEEL], density: [STEEL.density] };
    const free = await solveFrequency({ ...base, held: [] }, { modes: 3 });
    if (!free.ok) throw new Error(free.error);
    expect(free.solution.rigidBodyModes).toBe(1);
    expect(free.solution.modes[0].frequencyHz).toBeLessThan(1e-3 * free.solution.modes[1].frequencyHz);
    const held = await solveFrequency({ ...base, held: [1] }, { modes: 3 });
    if (!held.ok) throw new Error(held.error);
    expect(held.solution.rigidBodyModes).toBe(0);
  });
});

function isDiagonal(m: { rowPtr: Int32Array; col: Int32Array }, k: number): boolean {
  let i = 0;
  while (m.rowPtr[i + 1] <= k) i++;
  return m.col[k] === i;
}

describe.skipIf(!ccx)("planar frequencies agree with CalculiX on the same mesh (our Abaqus deck)", () => {
  for (const kind of ["plane_strain", "plane_stress", "axisymmetric"] as PlanarKind[])
    for (const [shape, order] of FAMILIES_2D)
      it(`${name(kind, shape, order)}: the first ${MODES} frequencies of the clamped bent strip`, async () => {
        const { mesh, left } = strip(kind, shape, order);
        const deck = writeAbaqusDeck(
          {
            heading: `planar modes ${mesh.type}`,
            units: "mm-t-s-N-MPa",
            mesh,
            nsets: [{ name: "Root", nodes: left }],
            elsets: [],
            materials: [STEEL],
            sections: [{ elset: mesh.bodies[0], material: STEEL.name, thickness: kind === "axisymmetric" ? undefined : T }],
            steps: [{ name: "Modes", procedure: frequencyDeck({ modes: MODES }), boundaries: [{ nset: "Root", components: [1, 2], value: 0 }], cloads: [], pressures: [] }],
          },
          { solver: "SPOOLES", resultFile: false, print: false },
        );
        const theirs = ccxFrequencies((await runCcx(deck)).dat);
        expect(theirs).toHaveLength(MODES);
        const mine = (await ours(kind, shape, order)).modes.map((m) => m.frequencyHz);
        const worst = Math.max(...mine.map((f, j) => Math.abs(f / theirs[j] - 1)));
        // Plane strain: CalculiX's one-layer expansion with u_z held is exactly plane strain, mass included.
        // Plane stress and axisymmetry: its 3D expansion is another discretisation (as for the static fields).
        const bound = kind === "plane_strain" ? 1e-6 : kind === "axisymmetric" ? (order === 2 ? 1e-4 : 5e-3) : 0.05;
        expect(worst, `relative frequency difference ${worst.toExponential(2)}`).toBeLessThan(bound);
        console.log(`[planar-frequency] ${mesh.type}: worst relative difference to ccx ${worst.toExponential(2)}`);
      });
});

describe("planar frequency steps through the commands", () => {
  it("mesh.planar CPS8 plate: solve.frequency, results.modes, a mode's contour, probe and picture", async () => {
    const { createSession } = await import("../src/index.js");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { ok } = await import("./session-helpers.js");
    const dir = mkdtempSync(join(tmpdir(), "fc-planar-modes-"));
    const design = join(dir, "plate.solidcraft");
    writeFileSync(design, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 2] }] }] }));
    const s = createSession();
    await ok(s, "geometry.open", { path: design });
    const meshed = await ok(s, "mesh.planar", { body: "Plate", element: "CPS8", size: 5 });
    const left = (meshed.mesh.edges as string[]).find((e) => e.split("|").includes("F1:-x"))!;
    await ok(s, "model.set.create", { name: "left", geometry: [{ body: "Plate", edge: left }] });
    await ok(s, "model.set.create", { name: "plate", geometry: [{ body: "Plate" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 });
    await ok(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind: { type: "plane_stress", thickness: 2 } });
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "left" } });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 4 }, boundary_conditions: ["clamp"] });
    await ok(s, "solve.frequency", {});
    const modes = await ok(s, "results.modes", {});
    // In-plane bending of a 100 x 20 cantilever: Euler-Bernoulli 1.875^2 / (2 pi L^2) sqrt(E I / rho A), within
    // a few percent (shear lowers the 2D value at this slenderness).
    const f1 = (1.875 ** 2 / (2 * Math.PI * 100 ** 2)) * Math.sqrt((210000 * 20 ** 2) / 12 / 7.85e-9);
    expect(modes.modes[0].frequency_hz / f1).toBeGreaterThan(0.95);
    expect(modes.modes[0].frequency_hz / f1).toBeLessThan(1.0);
    expect(modes.total_mass).toBeCloseTo(7.85e-9 * 100 * 20 * 2, 15);
    // The first mode moves along y: its y effective mass is most of the movable mass; z has none.
    expect(modes.modes[0].effective_mass.y / modes.total_mass).toBeGreaterThan(0.5);
    expect(modes.modes[0].effective_mass.z).toBe(0);
    const contour = await ok(s, "results.contour", { mode: 2, field: "u2" });
    expect(contour.contour.field).toBe("u2");
    const probe = await ok(s, "solve.probe", { mode: 1 });
    expect(probe.nodes[0].displacement.u3).toBe(0);
    expect(probe.nodes[0].displacement.magnitude).toBeGreaterThan(0);
    const png = await ok(s, "ui.render", { step: "Modes", deformed: true, width: 160, height: 120 });
    expect(png.png.length).toBeGreaterThan(1000);
    const { refused } = await import("./session-helpers.js");
    const flat = await refused(s, "ui.render", { revolve: 90 });
    expect(flat.error).toMatch(/params\.revolve: only axisymmetric \(CAX\) meshes are drawn revolved; this model's mesh is CPS8/);
  });
});
