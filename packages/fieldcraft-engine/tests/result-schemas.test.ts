// Every command declares its result schema; a whole working session with `checkResults` on proves each actual
// result matches its declaration (a mismatch would be a failure naming the command), and every row is exercised.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { COMMANDS, commandInfo, createSession, defineCommand, type Session } from "../src/index.js";
import { SEED_BATCH, STEPS } from "./workflow-fixtures.js";

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("command results against their declared schemas", () => {
  it("publishes a JSON Schema of every command's result in the catalogue", () => {
    for (const row of COMMANDS) {
      const info = commandInfo(row);
      expect(info.result, row.id).toMatchObject({ type: "object" });
      expect(JSON.stringify(info.result), row.id).not.toContain("$schema");
    }
  });

  it("validates every result of a full working session, covering every command", async () => {
    const s = createSession({ checkResults: true });
    const seen = new Set<string>();
    const run = async (session: Session, command: string, params: unknown = {}) => {
      const out = await session.execute(command, params);
      if (!out.ok) throw new Error(`${command}: ${out.error}`);
      // Independent of the session's own check: the row's schema accepts what came back.
      const row = COMMANDS.find((r) => r.id === command)!;
      expect(row.result.safeParse(out.result).success, command).toBe(true);
      seen.add(command);
      return out.result as Record<string, unknown>;
    };

    // An imported part (its own session: the import starts a new model).
    await run(createSession({ checkResults: true }), "geometry.import.mesh", { path: fileURLToPath(new URL("./corpus/lib3mf/Helix.3mf", import.meta.url)) });
    await run(s, "model.info");
    await run(s, "model.check");
    await run(s, "model.activity");
    await run(s, "model.units");
    await run(s, "ui.camera");
    await run(s, "geometry.open", { path: STEPS });
    await run(s, "geometry.bodies");
    await run(s, "ui.render", { width: 64, height: 48 });
    await run(s, "mesh.tet.generate", { body: "Steps", tolerance: 0.5, order: 1 });
    await run(s, "mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
    await run(s, "mesh.quality", { worst: 3 });
    for (const { command, params } of SEED_BATCH) await run(s, command, params);
    await run(s, "model.set.create", { name: "ids", nodes: [1, 2, 3], elements: [1] });
    await run(s, "model.boundary_condition.create", { name: "lift", type: "displacement", target: { set: "tip" }, components: { u3: 0.01 } });
    await run(s, "model.load.create", { name: "squeeze", type: "pressure", target: { set: "tip" }, magnitude: 1 });
    await run(s, "model.step.create", { name: "Second", procedure: { type: "static" }, boundary_conditions: ["clamp", "lift"], loads: ["squeeze"] });
    await run(s, "model.info");
    await run(s, "model.check");
    await run(s, "edit.undo");
    await run(s, "edit.redo");
    await run(s, "solve.static");
    await run(s, "model.activity");
    await run(s, "solve.probe", { step: "Load" });
    await run(s, "solve.probe", { step: "Second", nodes: [1, 2] });
    for (const field of ["displacement", "von_mises", "s12"]) await run(s, "results.contour", { step: "Load", field });
    await run(s, "results.contour", { step: "Second", scale: 3, deformed: false });
    await run(s, "results.reactions", { step: "Load", sets: ["root", "tip"], about: [1, 2, 3] });
    await run(s, "ui.render", { view: "front", width: 64, height: 48, field: "von_mises", step: "Load", path: path.join(dir, "shot.png") });
    await run(s, "ui.camera", { camera: { yaw: 10, pitch: 20, distance: 300 } });
    for (const format of ["abaqus", "nastran", "lsdyna"]) await run(s, "deck.write", { format, path: path.join(dir, `deck-${format}`), steps: ["Load"] });
    await run(s, "file.save_as", { path: path.join(dir, "model.fieldcraft") });
    await run(s, "file.save");
    await run(s, "model.units", { system: "m-kg-s-N-Pa" });
    await run(s, "file.open", { path: path.join(dir, "model.fieldcraft") });
    await run(s, "model.info");
    await run(s, "geometry.open", { path: STEPS, model: "new" });
    await run(s, "file.sample", { name: "stepped-block" });
    await run(s, "model.info");

    // Hexahedra: edge seeds, the hex meshers on the stepped block and on a single box, mesh.block without a design.
    const h = createSession({ checkResults: true });
    await run(h, "geometry.open", { path: STEPS });
    await run(h, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }], count: 7 });
    await run(h, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }], count: 3, bias: { ratio: 2, toward: "start" } });
    await run(h, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F2:+x|F2:+y" }], size: 2.5, constraint: "min" });
    await run(h, "mesh.seed.list");
    await run(h, "mesh.hex", { size: 20, order: 1 });
    await run(h, "mesh.seed.clear", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }] });
    await run(h, "mesh.seed.clear");
    await run(h, "mesh.hex_blocks", { size: 20, order: 2, reduced: true });
    await run(h, "mesh.quality", { worst: 2 });
    await run(h, "model.info");
    const box = path.join(dir, "box.solidcraft");
    writeFileSync(box, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Block", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [20, 4, 4] }] }] }));
    await run(h, "geometry.open", { path: box, model: "new" });
    await run(h, "mesh.hex_mapped", { size: 4, order: 2 });
    await run(h, "mesh.block", { name: "Beam", min: [0, 0, 0], max: [100, 10, 10], counts: [10, 1, 1], element: "C3D8" });
    await run(h, "mesh.quality", { worst: 1 });
    await run(h, "mesh.planar", { body: "Block", element: "CPS8", size: 2 });
    await run(h, "geometry.open", { path: path.join(path.dirname(STEPS), "..", "l-bracket", "l-bracket.solidcraft"), model: "new" });
    await run(h, "mesh.hex_sweep", { size: 10, order: 1, layers: 2 });
    await run(h, "mesh.hex_sweep", { size: 10, order: 2, wedges: true });
    await run(h, "model.info");

    // Partitions: a datum, an axis, a partition, cells meshed and merged, a half mirrored, a symmetry condition.
    const c = createSession({ checkResults: true });
    await run(c, "geometry.open", { path: box });
    await run(c, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 10 } });
    await run(c, "geometry.datum.axis", { name: "ax", by: { type: "principal", axis: "x" } });
    await run(c, "geometry.partition", { name: "p", datum: "mid" });
    await run(c, "mesh.cells", { default: "hex", size: 4, order: 1 });
    await run(c, "mesh.hex_mapped", { body: "Block/a", size: 4, order: 1 });
    await run(c, "model.boundary_condition.symmetry", { name: "sym", datum: "mid" });
    await run(c, "mesh.mirror", { plane: "mid" });
    await run(c, "model.info");

    // Planar: the plate-with-a-hole sample (CPS8, mesh only) solved, probed, contoured, balanced and drawn.
    const p = createSession({ checkResults: true });
    await run(p, "file.sample", { name: "plate-hole" });
    await run(p, "solve.static");
    await run(p, "solve.probe");
    await run(p, "results.contour", { field: "s11" });
    await run(p, "results.reactions");
    await run(p, "ui.render", { width: 64, height: 48 });

    // Frequency: the modal plate sample, its modes, a mode's contour, probe and picture, saved with its results.
    const f = createSession({ checkResults: true });
    await run(f, "file.sample", { name: "modal-plate" });
    await run(f, "model.check");
    await run(f, "solve.frequency", { options: { mass: "lumped" } });
    await run(f, "solve.frequency");
    await run(f, "results.modes");
    await run(f, "results.contour", { mode: 2 });
    await run(f, "solve.probe", { mode: 2, nodes: [1, 2] });
    await run(f, "solve.probe");
    await run(f, "ui.render", { width: 64, height: 48 });
    await run(f, "model.activity");
    await run(f, "file.save_as", { path: path.join(dir, "modal.fieldcraft") });
    await run(f, "file.open", { path: path.join(dir, "modal.fieldcraft") });

    // Heat: the heat sink sample, temperatures and fluxes, reactions as heat flow, saved and reopened solved.
    const t = createSession({ checkResults: true });
    await run(t, "file.sample", { name: "heat-sink" });
    await run(t, "solve.heat");
    await run(t, "results.contour", { field: "temperature" });
    await run(t, "results.contour", { field: "heat_flux", bands: 4 });
    await run(t, "solve.probe");
    await run(t, "results.reactions");
    await run(t, "file.save_as", { path: path.join(dir, "heat.fieldcraft") });
    await run(t, "file.save", { results: false });
    await run(t, "file.open", { path: path.join(dir, "heat.fieldcraft") });
    await run(t, "model.check");

    // Explicit: the drop-bar sample, an amplitude and an initial velocity, frames, a frame's contour, probe and picture.
    const x = createSession({ checkResults: true });
    await run(x, "file.sample", { name: "drop-bar" });
    await run(x, "model.amplitude.create", { name: "ramp", points: [[0, 0], [1e-5, 1]] });
    await run(x, "model.initial_condition.create", { name: "spin", type: "velocity", target: { set: "top" }, vector: [-5000, 10, 0] });
    await run(x, "solve.explicit");
    await run(x, "results.frames");
    await run(x, "results.contour", { frame: 3, field: "velocity" });
    await run(x, "solve.probe", { time: 2e-5, elements: [1, 2], nodes: [1] });
    await run(x, "ui.render", { width: 64, height: 48, frame: 5 });
    // Fluid: the duct-flow sample (re-meshed coarser to keep the test short), flows, points, contours, a picture.
    const fl = createSession({ checkResults: true });
    await run(fl, "file.sample", { name: "duct-flow" });
    await run(fl, "mesh.tet.generate", { size: 5, order: 2 });
    await run(fl, "solve.fluid");
    await run(fl, "results.flow", { sets: ["inlet", "outlet"] });
    await run(fl, "solve.probe", { points: [[5, 5, 30]] });
    await run(fl, "solve.probe");
    await run(fl, "results.contour", { field: "pressure" });
    await run(fl, "ui.render", { width: 64, height: 48, field: "velocity" });

    // Reference points: a block twisted through a kinematic coupling, its point held in u1.
    const rp = createSession({ checkResults: true });
    await run(rp, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [20, 4, 4], counts: [2, 1, 1], element: "C3D8" });
    await run(rp, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-x" }] });
    await run(rp, "model.set.create", { name: "end", geometry: [{ body: "Bar", face: "+x" }] });
    await run(rp, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
    await run(rp, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
    await run(rp, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "solid" } });
    await run(rp, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await run(rp, "model.reference_point.create", { name: "RP", point: [20, 2, 2] });
    await run(rp, "model.coupling.create", { name: "cpl", type: "kinematic", reference_point: "RP", set: "end" });
    await run(rp, "model.reference_point.load", { name: "torque", reference_point: "RP", moment: [100, 0, 0] });
    await run(rp, "model.reference_point.hold", { name: "axial", reference_point: "RP", components: { u1: 0 } });
    await run(rp, "model.step.create", { name: "Twist", procedure: { type: "static" }, boundary_conditions: ["clamp", "axial"], loads: ["torque"] });
    const solved = (await run(rp, "solve.static")) as { steps: { reference_points: { name: string }[] }[] };
    expect(solved.steps[0].reference_points[0].name).toBe("RP");
    await run(rp, "results.reactions");
    await run(rp, "model.info");

    // Recovery: an autosave in a temp folder, listed, recovered and discarded (its own entry is kept and said so).
    const r = createSession({ checkResults: true, recovery: { dir: path.join(dir, "recovery"), autosaveSeconds: 0 } });
    await run(r, "geometry.open", { path: STEPS });
    await run(r, "model.units", { system: "m-kg-s-N-Pa" });
    await r.autosave();
    const listed = (await run(r, "file.recovery.list")) as { entries: { id: string }[] };
    await run(r, "file.recover", { id: listed.entries[0].id });
    await run(r, "file.recovery.discard");
    await r.close();

    expect([...seen].sort()).toEqual(COMMANDS.map((r) => r.id).sort());
  }, 300_000);

  it("turns a result that does not match its declaration into a failure naming it, model unchanged", async () => {
    const liar = defineCommand({
      id: "test.liar",
      label: "Liar",
      description: "Declares a count and answers a word, after changing the model.",
      params: z.object({}).strict(),
      result: z.object({ count: z.number() }),
      requires: [],
      effects: { mutates: true, reads: false, writes: false },
      run: (ctx) => ({ result: { count: "three" } as unknown as { count: number }, model: { ...ctx.model, units: "m-kg-s-N-Pa" as const } }),
    });
    const checked = createSession({ commands: [liar], checkResults: true });
    const before = checked.digest();
    const out = await checked.execute("test.liar");
    expect(out).toMatchObject({ ok: false, error: expect.stringMatching(/^test\.liar failed: its result does not match its declared result schema: .*count/) });
    expect(checked.digest()).toBe(before);
    // Without the check (a host's default) the row runs as written.
    expect(await createSession({ commands: [liar] }).execute("test.liar")).toMatchObject({ ok: true });
  });
});
