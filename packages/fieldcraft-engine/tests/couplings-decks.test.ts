// Reference points and couplings in the Nastran and LS-DYNA decks: the cards each format has for them (RBE2, RBE3
// with the solver's area weights, MOMENT; *CONSTRAINED_NODAL_RIGID_BODY), and a clear refusal where it has none.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-coupling-decks-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A 2 x 1 x 1 block of C3D8 (18 nodes, the +x face's 4 nodes are 3, 6, 9, 12 ... by the block's numbering). */
async function block(coupling: Record<string, unknown>): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [20, 4, 6], counts: [2, 1, 1], element: "C3D8" });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-x" }] });
  await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Bar", face: "+x" }] });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
  await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.reference_point.create", { name: "RP", point: [25, 2, 3] });
  await ok(s, "model.coupling.create", { name: "cpl", reference_point: "RP", set: "end", ...coupling });
  await ok(s, "model.reference_point.load", { name: "load", reference_point: "RP", force: [0, 0, -100], moment: [50, 0, 0] });
  await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["load"] });
  return s;
}

async function deck(s: Session, format: string): Promise<string> {
  const file = path.join(dir, `${format}-${Math.random().toString(36).slice(2)}`);
  await ok(s, "deck.write", { format, path: file });
  return fs.readFile(file, "utf8");
}

/** The +x face's node ids (1-based), ascending. */
function faceIds(s: Session): number[] {
  const x = s.model().mesh!.mesh.nodes;
  const ids: number[] = [];
  for (let i = 0; i < x.length / 3; i++) if (x[3 * i] === 20) ids.push(i + 1);
  return ids;
}

describe("couplings in the Nastran deck", () => {
  it("kinematic: a 6-DOF GRID after the mesh's, RBE2 of the face's grids, FORCE and MOMENT on the point", async () => {
    const s = await block({ type: "kinematic" });
    const text = await deck(s, "nastran");
    const point = s.model().mesh!.mesh.nodes.length / 3 + 1;
    expect(text).toMatch(new RegExp(`^GRID\\*\\s+${point}\\s+25\\.`, "m"));
    const rbe2 = text.split("\n").filter((l) => l.startsWith("RBE2"));
    expect(rbe2).toHaveLength(1);
    const fields = rbe2[0].slice(8).match(/.{1,8}/g)!.map((f) => f.trim());
    expect(fields.slice(1, 3)).toEqual([String(point), "123"]);
    expect(fields.slice(3).map(Number)).toEqual(faceIds(s));
    expect(text).toMatch(new RegExp(`^MOMENT\\*\\s+1\\s+${point}\\s+0\\s+1\\.`, "m"));
    expect(text).toMatch(new RegExp(`^FORCE\\*\\s+1\\s+${point}\\s+0\\s+1\\.`, "m"));
  });

  it("distributing: RBE3 on the point with the face's nodal areas as weights (6 x 4 face of one quad: 6 each)", async () => {
    const s = await block({ type: "distributing" });
    const text = await deck(s, "nastran");
    const start = text.indexOf("RBE3*");
    expect(start).toBeGreaterThan(0);
    // Large field: an 8-column head, then 16-column fields; continuation lines start with `*`.
    const lines = text.slice(start).split("\n");
    const card = [lines[0], ...lines.slice(1).filter((l, i) => lines.slice(1, i + 2).every((m) => m.startsWith("*")))];
    const fields = card.flatMap((l) => l.slice(8).match(/.{1,16}/g)!.map((f) => f.trim()));
    const point = s.model().mesh!.mesh.nodes.length / 3 + 1;
    expect(fields.slice(2, 4)).toEqual([String(point), "123456"]);
    // Groups of weight, components, grids.
    const grids: number[] = [];
    for (let k = 4; k < fields.length && fields[k] !== ""; ) {
      expect(Number(fields[k])).toBeCloseTo(6, 12);
      expect(fields[k + 1]).toBe("123");
      k += 2;
      while (k < fields.length && fields[k] !== "" && !fields[k].includes(".")) grids.push(Number(fields[k++]));
    }
    expect(grids.sort((a, b) => a - b)).toEqual(faceIds(s));
  });
});

describe("couplings in the LS-DYNA deck", () => {
  it("kinematic: the point's node and a nodal rigid body of the face's nodes and the point; moments on DOF 5..7", async () => {
    const s = await block({ type: "kinematic" });
    const text = await deck(s, "lsdyna");
    const point = s.model().mesh!.mesh.nodes.length / 3 + 1;
    expect(text).toContain("*CONSTRAINED_NODAL_RIGID_BODY");
    const set = text.slice(text.indexOf("*SET_NODE_LIST\n")).split("\n");
    expect(set[3].trim().split(/\s+/).map(Number)).toEqual([...faceIds(s), point]);
    expect(text).toMatch(new RegExp(`^\\s+${point}\\s+5\\s+1001\\s+50\\.?`, "m"));
    expect(text).toMatch(new RegExp(`^\\s+${point}\\s+3\\s+1001\\s+-100\\.?`, "m"));
  });

  it("refuses what it has no card for: a distributing coupling, chosen components, a held point at a non-zero value", async () => {
    const lsdyna = (s: Session) => refused(s, "deck.write", { format: "lsdyna", path: path.join(dir, "never.k") });
    expect((await lsdyna(await block({ type: "distributing" }))).error).toMatch(/LS-DYNA decks do not carry distributing couplings \(coupling "cpl"\): write format abaqus \(\*DISTRIBUTING\) or nastran \(RBE3\)/);
    expect((await lsdyna(await block({ type: "kinematic", dofs: [1, 2] }))).error).toMatch(/kinematic couplings of all three components only/);
    const s = await block({ type: "kinematic" });
    await ok(s, "model.reference_point.hold", { name: "turn", reference_point: "RP", components: { ur1: 0.01 } });
    await ok(s, "model.step.create", { name: "Turn", procedure: { type: "static" }, boundary_conditions: ["clamp", "turn"] });
    expect((await refused(s, "deck.write", { format: "lsdyna", path: path.join(dir, "never.k"), steps: ["Turn"] })).error).toMatch(/hold reference points at zero only/);
  });
});
