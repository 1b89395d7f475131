// Tied interfaces: a cantilever cut in two by a partition, the halves meshed at different sizes and tied, against the
// beam meshed whole, and CalculiX's *TIE on our deck against our solve.
//
// Both tie each slave node to the master face it lies on through the face's shape functions, eliminating the
// slave's displacements; CalculiX differs slightly in how it gets there: it builds the MPCs from its own projection
// of the slave node onto a triangulation of the master surface (then the face's shape functions at that point) and
// drops slave nodes that already carry a boundary condition. On a plane interface the projections coincide, so the
// two solves agree to rounding of the projection; the test asks 1e-4 of the largest displacement.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import type { StaticSolution } from "../../src/fem/types.js";
import { findCcx, parseDat, runCcx } from "../support/ccx.js";
import { ok } from "../session-helpers.js";
import { steelStatic, writeDesign } from "./fixtures.js";

const beam = [{ name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }];
const fixed = [{ body: "Beam", face: "F1:-x" }];
const load = [{ body: "Beam", face: "F1:+x" }];
const force = [0, 0, -100];

/** Mean vertical displacement of the tip face's nodes. */
function tipDeflection(solution: StaticSolution, nodes: Float64Array): number {
  let sum = 0, count = 0;
  for (let i = 0; i < nodes.length / 3; i++)
    if (Math.abs(nodes[3 * i] - 100) < 1e-9) {
      sum += solution.displacement[3 * i + 2];
      count++;
    }
  return sum / count;
}

async function tiedBeam() {
  const s = createSession();
  await ok(s, "geometry.open", { path: writeDesign(beam) });
  await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
  await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
  const meshed = await ok(s, "mesh.cells", { default: "hex", sizes: { "Beam/a": 10 / 3, "Beam/b": 5 }, order: 2 });
  return { s, meshed };
}

describe("tied partition cells", () => {
  it("halves meshed at 3.33 and 5 and tied deflect within 0.5% of the whole beam", async () => {
    const whole = createSession();
    await ok(whole, "geometry.open", { path: writeDesign(beam) });
    await ok(whole, "mesh.hex_blocks", { size: 10 / 3, order: 2 });
    const w = await steelStatic(whole, { fixed, load, force });

    const { s, meshed } = await tiedBeam();
    expect(meshed.mesh.interfaces).toEqual([{ partition: "cut", kind: "tied", nodes: expect.any(Number), sides: { a: ["Beam/a"], b: ["Beam/b"] }, slave: "a" }]);
    expect(meshed.mesh.interfaces[0].nodes).toBe(40); // the finer side's face: 3 x 3 C3D20 quads
    const t = await steelStatic(s, { fixed, load, force });
    const dw = tipDeflection(w.solution, w.mesh.nodes), dt = tipDeflection(t.solution, t.mesh.nodes);
    // Euler-Bernoulli: F L^3 / (3 E I) = 100 * 100^3 / (3 * 210000 * 10^4 / 12) = 0.1905; shear adds a little.
    expect(dw).toBeLessThan(-0.18);
    expect(Math.abs(dt - dw) / Math.abs(dw)).toBeLessThan(0.005);
    // The tie moves load across: the reactions balance the applied force.
    expect(Math.abs(t.root[2] - 100) / 100).toBeLessThan(1e-9);
  });

  it("matching sizes merge the cells into one conforming mesh (no tie)", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(beam) });
    await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
    await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
    const meshed = await ok(s, "mesh.cells", { default: "hex", size: 5, order: 1 });
    expect(meshed.mesh.interfaces).toEqual([{ partition: "cut", kind: "merged", nodes: 9, sides: { a: ["Beam/a"], b: ["Beam/b"] } }]);
    expect(meshed.mesh.nodes).toBe(21 * 3 * 3);
    expect(s.model().mesh!.mesh.ties).toBeUndefined();
  });

  it.skipIf(!findCcx())("CalculiX *TIE on our deck agrees with our tied solve within 1e-4", async () => {
    const { s } = await tiedBeam();
    const ours = await steelStatic(s, { fixed, load, force });
    const file = join(mkdtempSync(join(tmpdir(), "fc-tie-")), "tie.inp");
    await ok(s, "deck.write", { format: "abaqus", path: file });
    const deck = readFileSync(file, "utf8");
    expect(deck).toMatch(/\*TIE, NAME=tie_cut/);
    const dat = parseDat((await runCcx(deck, { timeoutMs: 300_000 })).dat);
    const ccxU = dat.displacements.get("FC_ALL_NODES")!;
    let maxU = 0, maxDiff = 0;
    for (const [id, u] of ccxU)
      for (let c = 0; c < 3; c++) {
        maxU = Math.max(maxU, Math.abs(ours.solution.displacement[3 * (id - 1) + c]));
        maxDiff = Math.max(maxDiff, Math.abs(ours.solution.displacement[3 * (id - 1) + c] - u[c]));
      }
    expect(maxU).toBeGreaterThan(0.18);
    expect(maxDiff / maxU).toBeLessThan(1e-4);
  });
});
