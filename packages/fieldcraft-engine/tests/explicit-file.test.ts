// Explicit results in `.fieldcraft` files: a solved explicit step saved to a real file in a temp folder and
// reopened in a fresh session answers frames, probes (by frame and by time), contours, reactions and pictures
// exactly as before without solving again; the frames are stored in single precision, deflated; a file whose
// frames were tampered with opens without its results, saying why.
import { promises as fs } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { encodeResults, storedStepNames } from "../src/files/results-file.js";

const L = 50;

async function hangingBar(): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [10, 10, L], counts: [1, 1, 10], element: "C3D8" });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Bar", face: "+z" }] });
  await ok(s, "model.set.create", { name: "bottom", geometry: [{ body: "Bar", face: "-z" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 });
  await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
  await ok(s, "model.amplitude.create", { name: "ramp", smooth_step: { t0: 0, t1: 4e-4 } });
  await ok(s, "model.amplitude.create", { name: "pulse", points: [[0, 0], [1e-4, 1], [2e-4, 0]] });
  await ok(s, "model.load.create", { name: "weight", type: "gravity", target: { set: "all" }, vector: [0, 0, -9810], amplitude: "ramp" });
  await ok(s, "model.load.create", { name: "kick", type: "force", target: { set: "bottom" }, vector: [5, 0, -20], amplitude: "pulse" });
  await ok(s, "model.boundary_condition.create", { name: "hook", type: "fixed", target: { set: "top" } });
  await ok(s, "model.step.create", { name: "Hang", procedure: { type: "explicit", duration: 6e-4, frames: 12 }, boundary_conditions: ["hook"], loads: ["weight", "kick"] });
  return s;
}

const allNodes = (s: Session) => Array.from({ length: s.model().mesh!.mesh.nodes.length / 3 }, (_, n) => n + 1);

async function readings(s: Session) {
  return {
    frames: await ok(s, "results.frames"),
    probeFrame: await ok(s, "solve.probe", { frame: 4, nodes: allNodes(s), elements: [1, 10] }),
    probeTime: await ok(s, "solve.probe", { time: 1.1e-4, nodes: [1, 5] }),
    contour: await ok(s, "results.contour", { field: "s33", frame: 3 }),
    velocity: await ok(s, "results.contour", { field: "velocity", time: 2e-4 }),
    last: await ok(s, "solve.probe", { nodes: [1] }),
  };
}

describe("explicit results in .fieldcraft files", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fc-explicit-file-"));

  it("saves the frames compactly and reopens them without solving: frames, probes, contours, pictures", async () => {
    const s = await hangingBar();
    await ok(s, "solve.explicit");
    const before = await readings(s);
    const file = path.join(dir, "hang.fieldcraft");
    const saved = await ok(s, "file.save_as", { path: file });
    expect(saved.results_saved).toBe(true);
    expect(saved.steps_saved).toEqual(["Hang"]);
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    const stored = json.results.steps[0];
    expect(stored.procedure).toBe("explicit");
    expect(stored.solution).toEqual({});
    expect(stored.explicit.encoding).toBe("f32le-zlib-base64");
    const ndof = s.model().mesh!.mesh.nodes.length;
    expect(stored.explicit.displacement.length).toBe(13 * ndof);
    // Single precision, deflated: each field's bytes below the raw float32 size in base64.
    for (const field of ["displacement", "velocity", "acceleration"])
      expect(Buffer.from(stored.explicit[field].data, "base64").length).toBeLessThan(13 * ndof * 4);

    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings).toEqual([]);
    // Nothing was solved in this session: the results are the file's.
    expect(Object.keys(t.model().results)).toEqual(["Hang"]);
    const after = await readings(t);
    expect(after).toEqual(before);
    expect(after.probeFrame.nodes.some((n: { displacement: { u3: number } }) => n.displacement.u3 !== 0)).toBe(true);
    const picture = await ok(t, "ui.render", { width: 64, height: 48, frame: 6 });
    expect(picture.step).toBe("Hang");
    expect((await refused(t, "solve.probe", { frame: 13, nodes: [1] })).error).toMatch(/frames 0\.\.12; frame 13/);
    // Saved again from the reopened session, the file holds the same results.
    const again = path.join(dir, "again.fieldcraft");
    await ok(t, "file.save_as", { path: again });
    const json2 = JSON.parse(await fs.readFile(again, "utf8"));
    expect(json2.results.steps[0].explicit.displacement).toEqual(stored.explicit.displacement);
    expect(json2.results.steps[0].explicit.frames).toEqual(stored.explicit.frames);
  });

  it("frames above the size a file holds are left out, and the save says which steps it stored", async () => {
    const s = await hangingBar();
    await ok(s, "model.step.create", { name: "Still", procedure: { type: "static" }, boundary_conditions: ["hook"], loads: [] });
    await ok(s, "solve.explicit");
    await ok(s, "solve.static", { step: "Still" });
    const bytes = s.model().results.Hang.explicit!.history.displacement.byteLength * 3;
    expect(storedStepNames(s.model()).sort()).toEqual(["Hang", "Still"]);
    expect(storedStepNames(s.model(), bytes - 1)).toEqual(["Still"]);
    expect(encodeResults(s.model(), bytes - 1)!.steps.map((x) => x.step)).toEqual(["Still"]);
    expect(encodeResults(s.model(), bytes)!.steps.map((x) => x.step).sort()).toEqual(["Hang", "Still"]);
  });

  it("a file whose frames were tampered with opens without its results, saying why", async () => {
    const s = await hangingBar();
    await ok(s, "solve.explicit");
    const file = path.join(dir, "bad.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    json.results.steps[0].explicit.displacement.length += 3;
    await fs.writeFile(file, JSON.stringify(json));
    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings.join(" ")).toMatch(/saved results were not opened \(step Hang: displacement holds \d+ values, 13 frames of this mesh need \d+\)/);
    expect(Object.keys(t.model().results)).toEqual([]);
    delete json.results.steps[0].explicit;
    await fs.writeFile(file, JSON.stringify(json));
    const u = createSession();
    expect((await ok(u, "file.open", { path: file })).warnings.join(" ")).toMatch(/step Hang: its frames are missing/);
  });
});
