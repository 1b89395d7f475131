// Natural frequencies: the mass matrices against CalculiX's own (SOLVER=MATRIXSTORAGE), the modal quantities against
// their definitions, and the frequencies against beam and bar theory.
import { describe, expect, it } from "vitest";
import type { Mesh } from "../src/mesh/types.js";
import { assembleStiffness } from "../src/fem/assembly.js";
import { assembleMass, massOperator } from "../src/fem/mass/assemble.js";
import { LUMPED_SHARES } from "../src/fem/mass/element-mass.js";
import { solveFrequency, type FrequencyOptions } from "../src/fem/solve-frequency.js";
import { findBlock } from "../src/fem/sparse/block-csr.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";
import { findCcx } from "./support/ccx.js";
import { readStoredMatrix, runCcxFiles } from "./support/ccx-files.js";

const ccx = findCcx();
const STEEL = { young: 210000, poisson: 0.3 };
const RHO = 7.85e-9; // t/mm^3

function elementsOf(mesh: Mesh): number {
  return mesh.elements.length / (mesh.type === "C3D4" ? 4 : 10);
}

function heldAll(nodes: number[]): number[] {
  return nodes.flatMap((n) => [3 * n, 3 * n + 1, 3 * n + 2]);
}

async function frequencies(mesh: Mesh, held: number[], options: FrequencyOptions, material = STEEL, rho = RHO) {
  const r = await solveFrequency({ mesh, elementMaterial: new Int32Array(elementsOf(mesh)), materials: [material], density: [rho], held }, options);
  if (!r.ok) throw new Error(r.error);
  return r.solution;
}

/** Euler-Bernoulli cantilever: f1 = (1.8751^2 / 2 pi) sqrt(E I / (rho A L^4)). */
function eulerBernoulli(E: number, rho: number, b: number, h: number, L: number, beta = 1.8751040687119611): number {
  const I = (b * h ** 3) / 12, A = b * h;
  return ((beta * beta) / (2 * Math.PI)) * Math.sqrt((E * I) / (rho * A * L ** 4));
}

function matrixDeck(mesh: Mesh): string {
  const npe = mesh.type === "C3D4" ? 4 : 10;
  const lines = ["*NODE"];
  for (let i = 0; i < mesh.nodes.length / 3; i++) lines.push(`${i + 1}, ${mesh.nodes[3 * i]}, ${mesh.nodes[3 * i + 1]}, ${mesh.nodes[3 * i + 2]}`);
  lines.push(`*ELEMENT, TYPE=${mesh.type}, ELSET=E`);
  for (let e = 0; e < elementsOf(mesh); e++) lines.push([e + 1, ...Array.from(mesh.elements.subarray(e * npe, (e + 1) * npe), (n) => n + 1)].join(", "));
  lines.push("*MATERIAL, NAME=M", "*ELASTIC", `${STEEL.young}, ${STEEL.poisson}`, "*DENSITY", `${RHO}`, "*SOLID SECTION, ELSET=E, MATERIAL=M");
  lines.push("*STEP", "*FREQUENCY, SOLVER=MATRIXSTORAGE", "1", "*END STEP");
  return lines.join("\n") + "\n";
}

describe.skipIf(!ccx)("element matrices against CalculiX's stored K and M", () => {
  for (const order of [1, 2] as const)
    it(`${order === 1 ? "C3D4" : "C3D10"}: every entry of the consistent mass and the stiffness (jittered mesh)`, async () => {
      const mesh = boxTetMesh({ size: [3, 2, 2], cells: [3, 2, 2], order, jitter: 0.25, seed: 11 });
      const files = await runCcxFiles(matrixDeck(mesh), ["mas", "sti", "dof"]);
      const theirsM = readStoredMatrix(files.mas, files.dof);
      const theirsK = readStoredMatrix(files.sti, files.dof);
      const ne = elementsOf(mesh);
      const M = assembleMass(mesh, new Int32Array(ne), [RHO], "consistent");
      const K = assembleStiffness(mesh, new Int32Array(ne), [STEEL]);
      if (!M.ok || !K.ok || M.mass.kind !== "consistent") throw new Error("assembly failed");
      const nn = mesh.nodes.length / 3;
      expect(theirsM.dofs.length).toBe(3 * nn);
      let maxM = 0, maxK = 0, errM = 0, errK = 0;
      for (const key of theirsM.dofs) {
        const [na, ca] = key.split(".").map(Number);
        for (const other of theirsM.dofs) {
          const [nb, cb] = other.split(".").map(Number);
          const i = Math.min(na, nb) - 1, j = Math.max(na, nb) - 1;
          const k = findBlock(K.matrix, i, j);
          const oursM = k < 0 || ca !== cb ? 0 : M.mass.val[k];
          const oursK = k < 0 ? 0 : na - 1 === i ? K.matrix.val[9 * k + 3 * (ca - 1) + cb - 1] : K.matrix.val[9 * k + 3 * (cb - 1) + ca - 1];
          const tm = theirsM.entries.get(`${key}|${other}`) ?? 0, tk = theirsK.entries.get(`${key}|${other}`) ?? 0;
          maxM = Math.max(maxM, Math.abs(tm));
          maxK = Math.max(maxK, Math.abs(tk));
          errM = Math.max(errM, Math.abs(tm - oursM));
          errK = Math.max(errK, Math.abs(tk - oursK));
        }
      }
      expect(maxM).toBeGreaterThan(0);
      expect(errM / maxM).toBeLessThan(1e-12);
      expect(errK / maxK).toBeLessThan(1e-12);
    });
});

describe("mass matrices", () => {
  const mesh2 = boxTetMesh({ size: [4, 3, 2], cells: [2, 2, 1], order: 2, jitter: 0.2, seed: 5 });
  const mesh1 = boxTetMesh({ size: [4, 3, 2], cells: [2, 2, 1], order: 1, jitter: 0.2, seed: 5 });
  const volume = 4 * 3 * 2;

  for (const mesh of [mesh1, mesh2])
    for (const kind of ["consistent", "lumped"] as const)
      it(`${mesh.type} ${kind}: a rigid translation carries the whole mass, every lumped value positive`, () => {
        const r = assembleMass(mesh, new Int32Array(elementsOf(mesh)), [2.5], kind);
        if (!r.ok) throw new Error(r.error);
        expect(r.total).toBeCloseTo(2.5 * volume, 10);
        const M = massOperator(r.mass, 3);
        const nn = mesh.nodes.length / 3;
        const ux = new Float64Array(3 * nn), y = new Float64Array(3 * nn);
        for (let i = 0; i < nn; i++) ux[3 * i] = 1;
        M.apply(ux, y);
        expect(y.reduce((s, v, d) => s + v * ux[d], 0)).toBeCloseTo(2.5 * volume, 10);
        if (r.mass.kind === "lumped") for (const v of r.mass.diag) expect(v).toBeGreaterThan(0);
      });

  it("HRZ shares of the quadratic tetrahedron: the exact consistent diagonal (1/70, 8/105 of rho V) scaled to the mass", () => {
    const c = LUMPED_SHARES.C3D10;
    expect(c.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 15);
    // Exact integrals over a tetrahedron: int L^a = a! 3! / (a + 3)! V.
    const f = (k: number): number => (k <= 1 ? 1 : k * f(k - 1));
    const moment = (...a: number[]) => (a.reduce((s, k) => s * f(k), 1) * 6) / f(a.reduce((s, k) => s + k, 0) + 3);
    const corner = 4 * moment(4) - 4 * moment(3) + moment(2); // (L (2L - 1))^2
    const edge = 16 * moment(2, 2); // (4 L1 L2)^2
    expect(corner).toBeCloseTo(1 / 70, 15);
    expect(edge).toBeCloseTo(8 / 105, 15);
    const sum = 4 * corner + 6 * edge;
    expect(c[0]).toBeCloseTo(corner / sum, 15);
    expect(c[4]).toBeCloseTo(edge / sum, 15);
  });

  it("refuses a material without a positive density", () => {
    const r = assembleMass(mesh1, new Int32Array(elementsOf(mesh1)), [0], "consistent");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/material 1 needs a positive density/);
  });
});

describe("modes", () => {
  it("the dense path and LOBPCG with multigrid agree on the same mesh (frequencies, shapes, participation)", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [16, 2, 2], order: 1, jitter: 0.15, seed: 2 });
    const held = heldAll(nodesWhere(mesh, 0, 0));
    const dense = await frequencies(mesh, held, { modes: 6, method: "dense" });
    const iterative = await frequencies(mesh, held, { modes: 6, method: "lobpcg", tolerance: 1e-10 });
    expect(iterative.stats.solver).toMatch(/LOBPCG/);
    for (let j = 0; j < 6; j++) {
      const a = dense.modes[j], b = iterative.modes[j];
      expect(Math.abs(b.frequencyHz / a.frequencyHz - 1)).toBeLessThan(1e-9);
      expect(a.generalizedMass).toBeCloseTo(1, 10);
      expect(b.generalizedMass).toBeCloseTo(1, 8);
      // Shapes agree up to sign (both are mass-normalised): |phi_a^T M phi_b| = 1.
      const M = await massOf(mesh, held);
      const y = new Float64Array(a.shape.length);
      M.apply(b.shape, y);
      expect(Math.abs(a.shape.reduce((s, v, d) => s + v * y[d], 0))).toBeCloseTo(1, 6);
      for (const d of ["x", "y", "z", "rx", "ry", "rz"] as const)
        expect(Math.abs(dense.participation.effectiveMass[j][d] - iterative.participation.effectiveMass[j][d])).toBeLessThan(1e-6 * dense.participation.movable[d]);
    }
  });

  it("a tolerance below the round-off limit: the modes that stop there are named in notes, the frequencies still exact", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [16, 2, 2], order: 1, jitter: 0.15, seed: 2 });
    const held = heldAll(nodesWhere(mesh, 0, 0));
    const dense = await frequencies(mesh, held, { modes: 6, method: "dense" });
    const tight = await frequencies(mesh, held, { modes: 6, method: "lobpcg", tolerance: 1e-15, maxIterations: 400 });
    const note = tight.notes.find((n) => /round-off limit/.test(n));
    expect(note).toMatch(/^modes? [1-6](, [1-6])* stopped at a relative residual up to \d\.\de-\d+, above the tolerance 1e-15/);
    expect(tight.stats.largestResidual).toBeGreaterThan(1e-15);
    expect(tight.stats.largestResidual).toBeLessThan(1e-9);
    for (let j = 0; j < 6; j++) expect(Math.abs(tight.modes[j].frequencyHz / dense.modes[j].frequencyHz - 1)).toBeLessThan(1e-9);
    // A tolerance it reaches adds no such note.
    const loose = await frequencies(mesh, held, { modes: 6, method: "lobpcg", tolerance: 1e-8 });
    expect(loose.notes.some((n) => /round-off/.test(n))).toBe(false);
  });

  it("every mode together: the effective masses add up to the movable mass in each direction", async () => {
    const mesh = boxTetMesh({ size: [6, 2, 2], cells: [3, 1, 1], order: 2, jitter: 0.2, seed: 8 });
    const held = heldAll(nodesWhere(mesh, 0, 0));
    const free = mesh.nodes.length - held.length;
    // Lumped: a definite mass, so every one of the free DOFs has a finite frequency.
    const s = await frequencies(mesh, held, { modes: free, method: "dense", mass: "lumped" });
    expect(s.modes.length).toBe(free);
    for (const d of ["x", "y", "z", "rx", "ry", "rz"] as const) expect(s.participation.fraction[d]).toBeCloseTo(1, 9);
    // Rotary inertia about the x axis through the origin of what can move (C3D10's rule is exact for it).
    const all = await frequencies(mesh, [], { modes: 7, method: "dense" });
    expect(all.participation.movable.x).toBeCloseTo(RHO * 24, 20);
    expect(all.participation.movable.rx / (RHO * 24 * (4 + 4) / 3)).toBeCloseTo(1, 10);
  });

  it("an unsupported model: six rigid-body modes near 0 Hz, said so, then the free-free bending mode", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [20, 2, 2], order: 2 });
    const s = await frequencies(mesh, [], { modes: 8 });
    expect(s.rigidBodyModes).toBe(6);
    expect(s.notes.join(" ")).toMatch(/not fully supported.*6 rigid-body modes come out near 0 Hz/);
    expect(s.stats.solver).toMatch(/LOBPCG.*K \+ .* M/);
    for (let j = 0; j < 6; j++) expect(s.modes[j].frequencyHz).toBeLessThan(1e-3 * s.modes[6].frequencyHz);
    // Free-free beam: beta L = 4.7300; the 3D value lies a little below (shear, rotary inertia).
    const theory = eulerBernoulli(STEEL.young, RHO, 10, 10, 100, 4.730040744862704);
    expect(s.modes[6].frequencyHz / theory).toBeGreaterThan(0.95);
    expect(s.modes[6].frequencyHz / theory).toBeLessThan(1.01);
  });

  it("C3D10 cantilever converges to within 2% of Euler-Bernoulli (about 835 Hz) from above", async () => {
    const theory = eulerBernoulli(STEEL.young, RHO, 10, 10, 100);
    expect(theory).toBeGreaterThan(830);
    expect(theory).toBeLessThan(840);
    const errors: number[] = [];
    for (const cells of [[5, 1, 1], [10, 1, 1], [20, 2, 2]] as [number, number, number][]) {
      const mesh = boxTetMesh({ size: [100, 10, 10], cells, order: 2 });
      const s = await frequencies(mesh, heldAll(nodesWhere(mesh, 0, 0)), { modes: 2 });
      errors.push(s.modes[0].frequencyHz / theory - 1);
    }
    expect(errors[1]).toBeLessThan(errors[0]);
    expect(errors[2]).toBeLessThan(errors[1]);
    expect(Math.abs(errors[2])).toBeLessThan(0.02);
  });

  it("a bar with nu = 0: the first axial mode is the rod's c / 4L, with 8 / pi^2 of the mass", async () => {
    const mesh = boxTetMesh({ size: [100, 4, 4], cells: [20, 1, 1], order: 2 });
    const material = { young: 210000, poisson: 0 };
    const s = await frequencies(mesh, heldAll(nodesWhere(mesh, 0, 0)), { modes: 12 }, material);
    const c = Math.sqrt(material.young / RHO);
    const axial = s.modes.map((m, j) => ({ m, x: s.participation.effectiveMass[j].x / s.totalMass })).filter((q) => q.x > 0.05);
    expect(axial.length).toBeGreaterThanOrEqual(1);
    expect(axial[0].m.frequencyHz / (c / 400)).toBeCloseTo(1, 4);
    expect(axial[0].x).toBeCloseTo(8 / Math.PI ** 2, 2);
  });

  it("lumped mass: the same total mass, the first frequency within 3% of the consistent one", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [10, 1, 1], order: 2 });
    const held = heldAll(nodesWhere(mesh, 0, 0));
    const consistent = await frequencies(mesh, held, { modes: 2 });
    const lumped = await frequencies(mesh, held, { modes: 2, mass: "lumped" });
    expect(lumped.totalMass).toBeCloseTo(consistent.totalMass, 18);
    expect(Math.abs(lumped.modes[0].frequencyHz / consistent.modes[0].frequencyHz - 1)).toBeLessThan(0.03);
  });

  it("min_hz skips the modes below it; max_hz drops those above and says so", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [10, 1, 1], order: 2 });
    const held = heldAll(nodesWhere(mesh, 0, 0));
    const all = await frequencies(mesh, held, { modes: 6 });
    const above = await frequencies(mesh, held, { modes: 3, minHz: (all.modes[1].frequencyHz + all.modes[2].frequencyHz) / 2 });
    expect(above.modes.map((m) => m.frequencyHz)).toEqual(all.modes.slice(2, 5).map((m) => expect.closeTo(m.frequencyHz, 6) as unknown as number));
    const capped = await frequencies(mesh, held, { modes: 6, maxHz: all.modes[2].frequencyHz * 1.001 });
    expect(capped.modes.length).toBe(3);
    expect(capped.notes.join(" ")).toMatch(/3 of the 6 modes lie above max_hz/);
  });

  it("refuses bad input with a message naming what to fix", async () => {
    const mesh = boxTetMesh({ size: [10, 1, 1], cells: [2, 1, 1], order: 1 });
    const base = { mesh, elementMaterial: new Int32Array(elementsOf(mesh)), materials: [STEEL], density: [RHO], held: [] as number[] };
    const bad = [
      [{ ...base, density: [Number.NaN] }, { modes: 2 }, /needs the mass \(give the material a density\)/],
      [base, { modes: 0 }, /modes must be a positive whole number/],
      [base, { modes: 201 }, /above the cap of 200 modes/],
      [base, { modes: 2, maxDofs: 3 }, /above the cap maxDofs = 3/],
      [base, { modes: 2, minHz: 10, maxHz: 5 }, /max_hz must be above min_hz/],
      [{ ...base, held: [1e9] }, { modes: 2 }, /held DOF 1000000000 is outside the mesh/],
    ] as const;
    for (const [p, o, message] of bad) {
      const r = await solveFrequency(p, o);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(message);
    }
  });
});

async function massOf(mesh: Mesh, held: number[]) {
  const r = assembleMass(mesh, new Int32Array(elementsOf(mesh)), [RHO], "consistent");
  if (!r.ok) throw new Error(r.error);
  const mask = new Uint8Array(mesh.nodes.length);
  for (const d of held) mask[d] = 1;
  return massOperator(r.mass, 3, mask);
}
