// Reference pictures of the meshing corpus: the design, the meshed set-up with its symbols, and the solved
// contour, each rendered through ui.render and compared with tests/reference-images/<case>-<stage>.png.
// Comparison: at most 0.5% of pixels may differ by more than 16 in a channel. The renderer is deterministic
// (the same scene gives the same bytes, tested in render.test.ts); the margin absorbs last-digit changes in
// the solver or mesher that flip single pixels on band boundaries, while any real change (view, framing,
// colours, symbols, legend, geometry) changes several percent of the picture.
// FIELDCRAFT_UPDATE_REFERENCE_IMAGES=1 rewrites the references (then look at them before committing).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok } from "./session-helpers.js";
import { readPicture } from "./support/render-pixels.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const REFERENCES = path.join(here, "reference-images");
const UPDATE = process.env.FIELDCRAFT_UPDATE_REFERENCE_IMAGES === "1";
const SIZE = { width: 640, height: 480 };
const MAX_DIFFERENT = 0.005;
const CHANNEL_TOLERANCE = 16;

interface Case {
  name: string;
  design: string;
  body: string;
  clamp: string;
  loaded: string;
  force: [number, number, number];
}

const CASES: Case[] = [
  { name: "block", design: "block/block.solidcraft", body: "Block", clamp: "F1:-x", loaded: "F1:+x", force: [0, 0, -1000] },
  { name: "stepped-block", design: "stepped-block/steps.solidcraft", body: "Steps", clamp: "F1:-x", loaded: "F1:+x", force: [0, 0, -1000] },
  { name: "l-bracket", design: "l-bracket/l-bracket.solidcraft", body: "Bracket", clamp: "F1:side:5", loaded: "F1:side:2", force: [0, -500, 0] },
];

function compare(name: string, png: Uint8Array): void {
  const file = path.join(REFERENCES, `${name}.png`);
  if (UPDATE) {
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(file, png);
    return;
  }
  expect(existsSync(file), `${file} is missing: run with FIELDCRAFT_UPDATE_REFERENCE_IMAGES=1 and look at the pictures`).toBe(true);
  const want = readPicture(new Uint8Array(readFileSync(file)));
  const got = readPicture(png);
  expect([got.width, got.height]).toEqual([want.width, want.height]);
  let different = 0;
  for (let i = 0; i < got.width * got.height; i++) {
    for (let k = 0; k < 3; k++) {
      if (Math.abs(got.data[4 * i + k] - want.data[4 * i + k]) > CHANNEL_TOLERANCE) {
        different++;
        break;
      }
    }
  }
  const fraction = different / (got.width * got.height);
  expect(fraction, `${name}: ${(fraction * 100).toFixed(2)}% of pixels differ from ${file}`).toBeLessThanOrEqual(MAX_DIFFERENT);
}

const png = (result: { png: Uint8Array }) => result.png;

describe.each(CASES)("reference pictures of $name", (c) => {
  it("design, meshed set-up and solved contour look as they did", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: path.join(here, "corpus", c.design) });
    compare(`${c.name}-design`, png(await ok(s, "ui.render", { view: "iso", ...SIZE })));

    await ok(s, "mesh.tet.generate", { body: c.body, order: 2 });
    const setup = [
      { command: "model.set.create", params: { name: "all", geometry: [{ body: c.body }] } },
      { command: "model.set.create", params: { name: "clamped", geometry: [{ body: c.body, face: c.clamp }] } },
      { command: "model.set.create", params: { name: "loaded", geometry: [{ body: c.body, face: c.loaded }] } },
      { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
      { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
      { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "clamped" } } },
      { command: "model.load.create", params: { name: "push", type: "force", target: { set: "loaded" }, vector: c.force } },
      { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] } },
    ];
    for (const { command, params } of setup) await ok(s, command, params);
    const shown = await ok(s, "ui.render", SIZE);
    expect(shown.symbols.map((x: { kind: string }) => x.kind)).toEqual(["fixed", "force"]);
    compare(`${c.name}-setup`, png(shown));

    await ok(s, "solve.static", { step: "Load" });
    await ok(s, "results.contour", { step: "Load", field: "von_mises" });
    const contour = await ok(s, "ui.render", SIZE);
    expect(contour.field.name).toBe("von_mises");
    compare(`${c.name}-results`, png(contour));
  });
});
