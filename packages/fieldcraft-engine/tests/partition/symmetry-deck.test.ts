// An oblique symmetry condition in an Abaqus deck: *TRANSFORM rotates the plane's nodes so direction 1 is the
// normal, *BOUNDARY holds it, and the *CLOADs on those nodes are written in that frame (as Abaqus reads them).
// CalculiX on our deck gives our displacements; it prints the transformed nodes' in their local frame.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { frameWithNormal } from "../../src/fem/node-constraints.js";
import { symmetryNodes } from "../../src/model/problem.js";
import { findCcx, parseDat, runCcx } from "../support/ccx.js";
import { ok } from "../session-helpers.js";
import { obliqueBar, steelStatic, writeDesign } from "./fixtures.js";

describe.skipIf(!findCcx())("oblique symmetry in decks", () => {
  it("*TRANSFORM + *BOUNDARY: ccx agrees with our solve within 1e-6; Nastran writes MPCs", async () => {
    const theta = (30 * Math.PI) / 180;
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(obliqueBar(30)) });
    const normal = [-Math.sin(theta), Math.cos(theta), 0];
    await ok(s, "geometry.datum", { name: "axis", by: { type: "point_normal", point: [0, 0, 0], normal } });
    await ok(s, "geometry.partition", { name: "p", datum: "axis" });
    await ok(s, "mesh.tet.generate", { body: "Bar/b", size: 5, order: 2 });
    const ours = await steelStatic(s, { fixed: [{ body: "Bar", face: "F1:side:4" }], load: [{ body: "Bar", face: "F1:side:2" }], force: [0, 0, -400], symmetry: "axis" });
    const dir = mkdtempSync(join(tmpdir(), "fc-sym-deck-"));
    await ok(s, "deck.write", { format: "abaqus", path: join(dir, "sym.inp") });
    const deck = readFileSync(join(dir, "sym.inp"), "utf8");
    expect(deck).toMatch(/\*TRANSFORM, NSET=symmetry_sym, TYPE=R/);
    const ccxU = parseDat((await runCcx(deck, { timeoutMs: 300_000 })).dat).displacements.get("FC_ALL_NODES")!;
    // ccx prints the displacements of transformed nodes in their local frame (1: the normal, 2: our t1, 3: n x t1).
    const R = frameWithNormal(normal);
    const onPlane = new Set(symmetryNodes(s.model(), { name: "sym", datum: "axis" }).nodes.map((n) => n + 1));
    let maxU = 0, maxDiff = 0;
    for (const [id, local] of ccxU) {
      const u = onPlane.has(id) ? [0, 1, 2].map((a) => local[0] * R[3 * a + 2] + local[1] * R[3 * a] + local[2] * R[3 * a + 1]) : local;
      for (let c = 0; c < 3; c++) {
        maxU = Math.max(maxU, Math.abs(ours.solution.displacement[3 * (id - 1) + c]));
        maxDiff = Math.max(maxDiff, Math.abs(ours.solution.displacement[3 * (id - 1) + c] - u[c]));
      }
    }
    expect(maxU).toBeGreaterThan(1e-3);
    expect(maxDiff / maxU).toBeLessThan(1e-6);
    // Nastran holds the plane as MPC equations (checked in constraint-decks.test.ts).
    await ok(s, "deck.write", { format: "nastran", path: join(dir, "sym.bdf") });
    expect(readFileSync(join(dir, "sym.bdf"), "utf8")).toMatch(/^MPC\*/m);
  });
});
