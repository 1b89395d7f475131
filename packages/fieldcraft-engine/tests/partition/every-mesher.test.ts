// A part split into cells must answer as the part whole, whichever mesher meshed it: a cantilever's tip deflection,
// split by a datum plane (box unions across and at an inner corner, extrusions across and along their depth, an
// oblique cut), meshed by every design mesher and by mesh.cells, against the same part unsplit and meshed alike.
// The cut is merged node for node where the cells' meshes conform and tied where they do not; either way the cells
// are one piece. CalculiX on the written deck of a split part gives our answer.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../../src/index.js";
import { joinInterfaces } from "../../src/mesh/interfaces.js";
import { blockMesh } from "../../src/mesh/block.js";
import { joinMeshes } from "../../src/mesh/hex-design.js";
import { findCcx, parseDat, runCcx } from "../support/ccx.js";
import { ok } from "../session-helpers.js";
import { steelStatic, writeDesign } from "./fixtures.js";

const box = [{ name: "Part", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }];
// An L-bracket: a foot along x and an upright along z, loaded at the upright's top.
const bracket = [{ name: "Part", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [40, 20, 10] }, { id: "F2", type: "box", min: [0, 0, 10], max: [10, 20, 40] }] }];
// A channel profile extruded 60 along z.
const channel = [{ name: "Part", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [20, 0], [20, 4], [4, 4], [4, 16], [20, 16], [20, 20], [0, 20]], from: 0, to: 60 }] }];

interface Case {
  name: string;
  bodies: unknown[];
  datum: unknown;
  fixed: string;
  load: string;
  force: number[];
  meshers: [string, Record<string, unknown>][];
  /** Relative agreement asked with the unsplit part: 1e-3, looser only where the cells' meshes differ from the whole's. */
  tolerance?: number;
}

const cases: Case[] = [
  {
    name: "box cut across its length",
    bodies: box,
    datum: { type: "offset", plane: "yz", offset: 50 },
    fixed: "F1:-x",
    load: "F1:+x",
    force: [0, 0, -100],
    meshers: [["mesh.tet.generate", { size: 5, order: 2 }], ["mesh.hex", { size: 5 }], ["mesh.hex_mapped", { size: 5 }], ["mesh.hex_blocks", { size: 5, order: 1 }], ["mesh.cells", { default: "tet", size: 5 }], ["mesh.cells", { default: "hex", size: 5 }]],
  },
  {
    name: "L-bracket cut at its inner corner",
    bodies: bracket,
    datum: { type: "offset", plane: "xy", offset: 10 },
    fixed: "F1:-x",
    load: "F2:+z",
    force: [100, 0, 0],
    meshers: [["mesh.tet.generate", { size: 5, order: 2 }], ["mesh.hex", { size: 5 }], ["mesh.hex_blocks", { size: 5 }], ["mesh.cells", { default: "hex", size: 5 }]],
  },
  {
    name: "extrusion cut across its depth",
    bodies: channel,
    datum: { type: "offset", plane: "xy", offset: 25 },
    fixed: "F1:start",
    load: "F1:end",
    force: [0, -100, 0],
    meshers: [["mesh.tet.generate", { size: 5, order: 2 }], ["mesh.hex_sweep", { size: 5 }], ["mesh.hex_sweep", { size: 5, wedges: true }], ["mesh.hex", { size: 5 }], ["mesh.cells", { default: "hex", size: 5 }]],
  },
  {
    name: "extrusion cut along its depth",
    bodies: channel,
    datum: { type: "offset", plane: "yz", offset: 2 },
    fixed: "F1:start",
    load: "F1:end",
    force: [0, -100, 0],
    // The cut changes the profile, so each cell's profile mesh differs from the whole's.
    tolerance: 2e-2,
    meshers: [["mesh.tet.generate", { size: 4, order: 2 }], ["mesh.hex_sweep", { size: 4 }], ["mesh.cells", { default: "hex", size: 4 }]],
  },
  {
    name: "box cut by an oblique plane (general cells)",
    bodies: box,
    datum: { type: "point_normal", point: [50, 5, 5], normal: [0.8, 0.28, 0.4] },
    fixed: "F1:-x",
    load: "F1:+x",
    force: [0, 0, -100],
    // The whole box is meshed on its grid, the cells by the general mesher: two C3D10 meshes, 1.7% apart at this size.
    tolerance: 3e-2,
    meshers: [["mesh.tet.generate", { size: 10, order: 2 }], ["mesh.cells", { default: "tet", size: 10 }]],
  },
];

async function deflection(s: Session, c: Case): Promise<{ tip: number }> {
  const { solution, mesh } = await steelStatic(s, { fixed: [{ body: "Part", face: c.fixed }], load: [{ body: "Part", face: c.load }], force: c.force, tolerance: 1e-10 });
  // The largest displacement: at the loaded end, wherever the mesher put its nodes.
  let tip = 0;
  for (let i = 0; i < mesh.nodes.length / 3; i++) tip = Math.max(tip, Math.hypot(solution.displacement[3 * i], solution.displacement[3 * i + 1], solution.displacement[3 * i + 2]));
  return { tip };
}

async function meshed(c: Case, command: string, params: Record<string, unknown>, split: boolean) {
  const s = createSession();
  await ok(s, "geometry.open", { path: writeDesign(c.bodies) });
  if (split) {
    await ok(s, "geometry.datum", { name: "d", by: c.datum });
    await ok(s, "geometry.partition", { name: "cut", datum: "d" });
  }
  const wholeCommand = command === "mesh.cells" ? (params.default === "tet" ? "mesh.tet.generate" : "mesh.hex") : command;
  const wholeParams = command === "mesh.cells" ? { size: params.size } : params;
  const reply = await ok(s, split ? command : wholeCommand, split ? params : wholeParams);
  return { s, reply };
}

describe("a split part answers as the part whole, with every mesher", () => {
  for (const c of cases)
    it(c.name, async () => {
      for (const [command, params] of c.meshers) {
        const whole = await meshed(c, command, params, false);
        const split = await meshed(c, command, params, true);
        const interfaces = split.reply.mesh.interfaces as { kind: string; nodes: number; unmatched?: number }[];
        expect(interfaces, `${command} ${JSON.stringify(params)} reports the cut`).toHaveLength(1);
        expect(interfaces[0].nodes, `${command}: nodes joined across the cut`).toBeGreaterThan(0);
        expect(interfaces[0].unmatched).toBeUndefined();
        const w = await deflection(whole.s, c), t = await deflection(split.s, c);
        expect(w.tip).toBeGreaterThan(0);
        expect(Math.abs(t.tip - w.tip) / w.tip, `${command} ${JSON.stringify(params)}: ${t.tip} split, ${w.tip} whole`).toBeLessThan(c.tolerance ?? 1e-3);
      }
    });

  it("a seed on an edge two cells share holds in both: the cut still merges, and each cell's edge gets the count", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(box) });
    await ok(s, "geometry.datum", { name: "d", by: { type: "offset", plane: "yz", offset: 50 } });
    await ok(s, "geometry.partition", { name: "cut", datum: "d" });
    const edge = s.model().design!.design.bodies[0].edges.find((e) => e.faces.includes("partition:cut:a") && e.faces.includes("F1:+z"))!;
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Part/a", edge: edge.name }], count: 6 });
    for (const [command, params] of [["mesh.hex", { size: 5 }], ["mesh.tet.generate", { size: 5, order: 1 }], ["mesh.cells", { default: "hex", size: 5 }]] as const) {
      const reply = await ok(s, command, params);
      expect(reply.mesh.interfaces[0].kind, command).toBe("merged");
      if (command === "mesh.cells") continue;
      const seeds = reply.mesh.bodies.flatMap((b: { name: string; seeds?: { edge: string; count: number }[] }) => (b.seeds ?? []).map((x) => [b.name, x.count]));
      expect(seeds, command).toEqual([["Part/a", 6], ["Part/b", 6]]);
    }
  });

  it("a cut with nothing across it is an error naming both faces, not a tie of no nodes", () => {
    // Two blocks whose cut faces are 5 apart: no node of one lies on a face of the other.
    const a = blockMesh({ body: "P/a", min: [0, 0, 0], max: [10, 10, 10], counts: [2, 2, 2], type: "C3D8" });
    const b = blockMesh({ body: "P/b", min: [15, 0, 0], max: [25, 10, 10], counts: [3, 3, 3], type: "C3D8" });
    const rename = (m: typeof a, from: string, to: string) => ({ ...m, faceTags: m.faceTags.map((t) => (t.face === from ? { ...t, face: to } : t)) });
    const out = joinInterfaces(joinMeshes([rename(a, "+x", "partition:p:a"), rename(b, "-x", "partition:p:b")]));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(/partition "p": 16 of 16 nodes on "partition:p:b" of "P\/b" lie on no element face of "partition:p:a" of "P\/a"/);
  });

  it.skipIf(!findCcx())("CalculiX on the deck of the cut L-bracket gives our answer, and the uncut bracket's", async () => {
    const c = cases[1];
    const whole = await meshed(c, "mesh.hex", { size: 5 }, false);
    const split = await meshed(c, "mesh.hex", { size: 5 }, true);
    const w = await deflection(whole.s, c);
    await deflection(split.s, c);
    const file = join(mkdtempSync(join(tmpdir(), "fc-every-")), "cut.inp");
    await ok(split.s, "deck.write", { format: "abaqus", path: file });
    const dat = parseDat((await runCcx(readFileSync(file, "utf8"), { timeoutMs: 300_000 })).dat);
    let ccxTip = 0;
    for (const [, u] of dat.displacements.get("FC_ALL_NODES")!) ccxTip = Math.max(ccxTip, Math.hypot(u[0], u[1], u[2]));
    expect(Math.abs(ccxTip - w.tip) / w.tip).toBeLessThan(1e-5);
  });
});
