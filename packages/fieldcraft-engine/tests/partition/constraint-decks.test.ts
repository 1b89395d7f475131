// Ties and an oblique symmetry plane in Nastran (MPC) and LS-DYNA (*CONSTRAINED_LINEAR_GLOBAL) decks, read back by
// the independent card readers. A half bar lying at 30 degrees, its symmetry plane oblique, cut across and meshed at
// two sizes (tied); the equations are checked three ways:
// - every displacement field that is linear and tangent to the plane satisfies them at the deck's own grid
//   coordinates (the tie reproduces linear fields on a flat face, the symmetry holds the normal component): this
//   checks the weights, the normal and the substitution of a master's symmetry into its slaves' equations
//   independently of our solver, while the plane's normal (a field along it) must violate them;
// - our solved field satisfies them (the deck holds what we solved);
// - each dependent component is a tie slave's (not held) or a node of the plane not held and not tied, once.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { symmetryNodes } from "../../src/model/problem.js";
import { readLsDyna } from "../support/lsdyna-reader.js";
import { nastranReal, readNastran } from "../support/nastran-cards.js";
import { ok } from "../session-helpers.js";
import { steelStatic, writeDesign } from "./fixtures.js";

const theta = (30 * Math.PI) / 180;
const c = Math.cos(theta), sn = Math.sin(theta);
const at = (u: number, v: number) => [u * c - v * sn, u * sn + v * c];
const normal = [-sn, c, 0];
const tangents = [[c, sn, 0], [0, 0, 1]];

type Term = { node: number; comp: number; coef: number };

async function tiedHalf() {
  const s = createSession();
  const design = [{ name: "Bar", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [at(0, 0), at(100, 0), at(100, 10), at(0, 10)], from: 0, to: 10 }] }];
  await ok(s, "geometry.open", { path: writeDesign(design) });
  await ok(s, "geometry.datum", { name: "sym", by: { type: "point_normal", point: [0, 0, 0], normal } });
  await ok(s, "geometry.datum", { name: "across", by: { type: "point_normal", point: [...at(50, 0), 0], normal: [c, sn, 0] } });
  await ok(s, "geometry.partition", { name: "cut", datum: "across" });
  const meshed = await ok(s, "mesh.cells", { default: "tet", sizes: { "Bar/a": 4, "Bar/b": 6 }, order: 2 });
  expect(meshed.mesh.interfaces[0].kind).toBe("tied");
  const solved = await steelStatic(s, { fixed: [{ body: "Bar", face: "F1:side:4" }], load: [{ body: "Bar", face: "F1:side:2" }], force: [0, 0, -400], symmetry: "sym" });
  const dir = mkdtempSync(join(tmpdir(), "fc-constraint-decks-"));
  return { s, solved, dir };
}

/** What every equation set must satisfy, given the deck's equations (0-based nodes) and its node coordinates. */
function checkEquations(equations: Term[][], coords: (node: number) => number[], u: Float64Array, expected: Set<string>, digits: number) {
  // Dependent components: each once, exactly the expected ones.
  const dependents = equations.map((eq) => `${eq[0].node}:${eq[0].comp}`);
  expect(new Set(dependents).size).toBe(dependents.length);
  expect(new Set(dependents)).toEqual(expected);
  for (const eq of equations) expect(eq[0].coef).toBeCloseTo(1, digits);
  // No dependent component appears on the right of an equation (no chains).
  const dep = new Set(dependents);
  for (const eq of equations) for (const t of eq.slice(1)) expect(dep.has(`${t.node}:${t.comp}`)).toBe(false);

  const residual = (field: (x: number[]) => number[]) => Math.max(...equations.map((eq) => Math.abs(eq.reduce((sum, t) => sum + t.coef * field(coords(t.node))[t.comp - 1], 0))));
  // Linear fields tangent to the plane: u = t1 (a.x + 1) + t2 (b.x - 2), scaled to about 1.
  const a = [0.013, -0.007, 0.021], b = [-0.004, 0.011, 0.017];
  const tangent = (x: number[]) => {
    const p = 1 + a[0] * x[0] + a[1] * x[1] + a[2] * x[2], q = -2 + b[0] * x[0] + b[1] * x[1] + b[2] * x[2];
    return [0, 1, 2].map((k) => tangents[0][k] * p + tangents[1][k] * q);
  };
  expect(residual(tangent)).toBeLessThan(10 ** -digits);
  // A motion along the normal breaks the symmetry equations.
  expect(residual(() => normal)).toBeGreaterThan(0.5);
  // Our solved field satisfies them.
  let maxU = 0;
  for (const v of u) maxU = Math.max(maxU, Math.abs(v));
  expect(maxU).toBeGreaterThan(1e-3);
  const solvedResidual = Math.max(...equations.map((eq) => Math.abs(eq.reduce((sum, t) => sum + t.coef * u[3 * t.node + t.comp - 1], 0))));
  expect(solvedResidual / maxU).toBeLessThan(10 ** -digits);
}

describe("ties and oblique symmetry in Nastran and LS-DYNA decks", () => {
  it("MPC and *CONSTRAINED_LINEAR_GLOBAL hold the tie interpolation and the plane's normal", async () => {
    const { s, solved, dir } = await tiedHalf();
    const mesh = s.model().mesh!.mesh;
    const ties = mesh.ties!;
    const rootNodes = new Set<number>();
    const x = mesh.nodes;
    for (let i = 0; i < x.length / 3; i++) if (Math.abs(x[3 * i] * c + x[3 * i + 1] * sn) < 1e-9) rootNodes.add(i);
    // Expected dependents: tie slaves not on the clamped root (3 components), plane nodes neither held nor tied (1).
    const slaves = new Set(ties.flatMap((t) => t.slaves).filter((n) => !rootNodes.has(n)));
    const plane = symmetryNodes(s.model(), { name: "sym", datum: "sym" }).nodes.filter((n) => !rootNodes.has(n) && !slaves.has(n));
    expect(slaves.size).toBeGreaterThan(10);
    expect(plane.length).toBeGreaterThan(10);
    // Some masters lie on the plane, so some tie equations carry a substituted symmetry.
    const onPlane = new Set(plane);
    expect(ties.some((t) => t.masters.some((ms) => ms.some((m) => onPlane.has(m))))).toBe(true);
    const dominant = Math.abs(normal[0]) > Math.abs(normal[1]) ? 1 : 2;
    const expected = new Set([...[...slaves].flatMap((n) => [1, 2, 3].map((k) => `${n}:${k}`)), ...plane.map((n) => `${n}:${dominant}`)]);

    // Nastran: the subcase selects MPC set 1; its MPCs are the equations (large field, triples after SID).
    await ok(s, "deck.write", { format: "nastran", path: join(dir, "half.bdf") });
    const nas = readNastran(readFileSync(join(dir, "half.bdf"), "utf8"));
    expect(nas.caseControl).toContain("MPC = 1");
    const grids = new Map(nas.cards.filter((k) => k.name === "GRID").map((k) => [Number(k.fields[0]) - 1, [2, 3, 4].map((i) => nastranReal(k.fields[i]))]));
    const mpcs = nas.cards.filter((k) => k.name === "MPC").map((k) => {
      expect(k.fields[0]).toBe("1");
      const terms: Term[] = [];
      for (let g = 0; g * 8 < k.fields.length; g++)
        for (const at3 of [g * 8 + 1, g * 8 + 4]) if (k.fields[at3]) terms.push({ node: Number(k.fields[at3]) - 1, comp: Number(k.fields[at3 + 1]), coef: nastranReal(k.fields[at3 + 2]) });
      return terms;
    });
    checkEquations(mpcs, (n) => grids.get(n)!, solved.solution.displacement, expected, 9);
    // The plane's nodes are held by the MPCs only: the SPC1s hold the root.
    const spcNodes = new Set(nas.cards.filter((k) => k.name === "SPC1").flatMap((k) => k.fields.slice(2).map((f) => Number(f) - 1)));
    expect(spcNodes).toEqual(rootNodes);

    // LS-DYNA: one *CONSTRAINED_LINEAR_GLOBAL per equation, 8 significant digits.
    await ok(s, "deck.write", { format: "lsdyna", path: join(dir, "half.k") });
    const dyna = readLsDyna(readFileSync(join(dir, "half.k"), "utf8"));
    const eqs = dyna.linearConstraints.map((l) => l.terms.map((t) => ({ node: t.nid - 1, comp: t.dof, coef: t.coef })));
    checkEquations(eqs, (n) => dyna.nodes.get(n + 1)!, solved.solution.displacement, expected, 6);
    const spcSets = dyna.spcSets.map((b) => new Set(dyna.nodeSets.get(b.nsid)!.nodes.map((n) => n - 1)));
    expect(spcSets).toEqual([rootNodes]);
  });
});
