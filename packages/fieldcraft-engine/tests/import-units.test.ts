// Units on the way in: the same part written in millimetres, metres and inches (STL told its unit, 3MF by its
// own `unit` attribute or told otherwise) opens to the same design in the model's unit (bounding box and
// enclosed volume), and a `.solidcraft` design in another unit than the model's opens with its lengths
// converted, saved and reopened the same.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { DEFAULT_CAPS } from "../src/base/caps.js";
import { serializeModel } from "../src/files/fieldcraft-file.js";
import { modelFromText } from "../src/files/open-model.js";
import { binaryStl, boxSurface, enclosedVolume, extrudedSurface, type Soup } from "./support/surfaces.js";

const dir = mkdtempSync(path.join(tmpdir(), "fc-units-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An L-shaped prism with a box on it would do; a plain L prism (mm) is enough to see any scale error in volume and box. */
const PART_MM: Soup = extrudedSurface([[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]], [], 0, 20);
const VOLUME_MM = (60 * 10 + 10 * 30) * 20;
const MM_PER = { mm: 1, m: 1000, in: 25.4 } as const;

const scaled = (s: Soup, k: number): Soup => ({ positions: s.positions.map((v) => v * k), triangles: s.triangles });

function threeMf(s: Soup, unit: string | null): Uint8Array {
  const vertices = Array.from({ length: s.positions.length / 3 }, (_, i) => `<vertex x="${s.positions[3 * i]}" y="${s.positions[3 * i + 1]}" z="${s.positions[3 * i + 2]}"/>`).join("");
  const triangles = Array.from({ length: s.triangles.length / 3 }, (_, t) => `<triangle v1="${s.triangles[3 * t]}" v2="${s.triangles[3 * t + 1]}" v3="${s.triangles[3 * t + 2]}"/>`).join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?><model ${unit ? `unit="${unit}" ` : ""}xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources><object id="1" type="model"><mesh><vertices>${vertices}</vertices><triangles>${triangles}</triangles></mesh></object></resources><build><item objectid="1"/></build></model>`;
  return zipSync({ "3D/3dmodel.model": new TextEncoder().encode(xml) });
}

/** The design's bounding box and enclosed volume, as the model holds them. */
function measure(s: Session): { lo: number[]; hi: number[]; volume: number } {
  const body = s.model().design!.design.bodies[0];
  const P = body.surface!.positions;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < P.length; i += 3) for (let c = 0; c < 3; c++) (lo[c] = Math.min(lo[c], P[i + c])), (hi[c] = Math.max(hi[c], P[i + c]));
  return { lo, hi, volume: enclosedVolume(P, body.surface!.triangles) };
}

function expectPart(s: Session, mmPerModelUnit: number) {
  const m = measure(s);
  const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6 * 60 / mmPerModelUnit);
  [0, 0, 0].forEach((v, c) => close(m.lo[c], v));
  [60, 40, 20].forEach((v, c) => close(m.hi[c], v / mmPerModelUnit));
  expect(Math.abs(m.volume / (VOLUME_MM / mmPerModelUnit ** 3) - 1)).toBeLessThan(1e-6);
}

describe("units of imported parts", () => {
  it("STL in mm, m and in, told its unit, opens to the same part in mm; the reply names both units", async () => {
    for (const unit of ["mm", "m", "in"] as const) {
      const file = path.join(dir, `part-${unit}.stl`);
      writeFileSync(file, binaryStl(scaled(PART_MM, 1 / MM_PER[unit])));
      const s = createSession();
      const r = await ok(s, "geometry.import.mesh", { path: file, ...(unit === "mm" ? {} : { units: unit }) });
      expect(r).toMatchObject({ units: "mm", file_unit: unit, warnings: [] });
      expectPart(s, 1);
    }
    // Without `units` an STL is read in mm: the metre file is then a thousand times too small, and says so in its volume.
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path: path.join(dir, "part-m.stl") });
    expect(measure(s).volume / (VOLUME_MM / 1e9) - 1).toBeCloseTo(0, 6);
  });

  it("3MF's own unit attribute is honoured; a unit given against it wins with a warning naming both", async () => {
    for (const [unit, attribute] of [["mm", "millimeter"], ["m", "meter"], ["in", "inch"]] as const) {
      const file = path.join(dir, `part-${unit}.3mf`);
      writeFileSync(file, threeMf(scaled(PART_MM, 1 / MM_PER[unit]), attribute));
      const s = createSession();
      const r = await ok(s, "geometry.import.mesh", { path: file });
      expect(r).toMatchObject({ units: "mm", file_unit: unit, warnings: [] });
      expectPart(s, 1);
    }
    // Inch numbers in a file that declares millimetres: `units: "in"` reads them right, and says the file disagrees.
    const wrong = path.join(dir, "inch-as-mm.3mf");
    writeFileSync(wrong, threeMf(scaled(PART_MM, 1 / 25.4), "millimeter"));
    const s = createSession();
    const r = await ok(s, "geometry.import.mesh", { path: wrong, units: "in" });
    expect(r.file_unit).toBe("in");
    expect(r.warnings).toEqual(['the file declares unit="millimeter" (mm); its coordinates were read in in as asked']);
    expectPart(s, 1);
    // A file that declares nothing is in 3MF's default, millimetres; `units` then says what it is without a warning.
    const bare = path.join(dir, "bare.3mf");
    writeFileSync(bare, threeMf(scaled(PART_MM, 1 / 25.4), null));
    const t = createSession();
    expect((await ok(t, "geometry.import.mesh", { path: bare, units: "in" })).warnings).toEqual([]);
    expectPart(t, 1);
    expect((await refused(t, "geometry.import.mesh", { path: bare, units: "yd" })).error).toMatch(/params\.units/);
  });

  it("in an SI model the part comes in metres; saved and reopened it is the same", async () => {
    const s = createSession();
    await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
    const r = await ok(s, "geometry.import.mesh", { path: path.join(dir, "part-in.stl"), units: "in" });
    expect(r).toMatchObject({ units: "m", file_unit: "in" });
    expectPart(s, 1000);
    const saved = path.join(dir, "si-part.fieldcraft");
    await ok(s, "file.save", { path: saved });
    const t = createSession();
    await ok(t, "file.open", { path: saved });
    expectPart(t, 1000);
  });
});

describe("units of designs", () => {
  const design = (units: "mm" | "m", k: number) => {
    const file = path.join(dir, `bracket-${units}.solidcraft`);
    const profile = [[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]].map(([x, y]) => [x * k, y * k]);
    writeFileSync(file, JSON.stringify({ format: "solidcraft/1", units, bodies: [{ name: "B", features: [{ id: "F1", type: "extrude", plane: "xy", profile, from: 0, to: 20 * k }] }, { name: "C", features: [{ id: "F2", type: "box", min: [0, 0, 20 * k], max: [10 * k, 10 * k, 25 * k] }] }] }));
    return file;
  };
  const volumes = (r: { bodies: { volume: number }[] }) => r.bodies.map((b) => b.volume);

  it("a design in metres opens into a millimetre model with its lengths converted, meshes to the same volume, and reopens the same", async () => {
    const mm = createSession();
    expect((await ok(mm, "geometry.open", { path: design("mm", 1) })).converted).toBeUndefined();
    const s = createSession();
    const r = await ok(s, "geometry.open", { path: design("m", 1e-3) });
    expect(r).toMatchObject({ units: "mm", converted: { from: "m", to: "mm", factor: 1000 } });
    volumes(r).forEach((v, i) => expect(v / [VOLUME_MM, 500][i] - 1).toBeCloseTo(0, 9));
    expect(s.model().design!.design.bodies[0].faces.map((f) => [f.name, f.area])).toEqual(mm.model().design!.design.bodies[0].faces.map((f) => [f.name, expect.closeTo(f.area, 6)]));
    await ok(s, "mesh.tet.generate", { size: 5 });
    const saved = path.join(dir, "converted.fieldcraft");
    await ok(s, "file.save", { path: saved });
    const t = createSession();
    await ok(t, "file.open", { path: saved });
    expect(t.model().design!.design).toMatchObject({ units: "mm", bodies: [{ volume: expect.closeTo(VOLUME_MM, 6) }, { volume: expect.closeTo(500, 6) }] });
    // A recovery file embeds the converted design; it remembers the file's unit so a later save reopens it converted too.
    const open = { checkRead: (p: string) => ({ ok: true as const, path: p }), checkWrite: (p: string) => ({ ok: true as const, path: p }) };
    const embedded = serializeModel(s.model(), saved, { embedDesign: true });
    const recovered = (await modelFromText(open, saved, embedded, DEFAULT_CAPS, "path")).model;
    expect(recovered.design).toMatchObject({ convertedFrom: "m", design: { units: "mm" } });
    const again = (await modelFromText(open, saved, serializeModel(recovered, saved), DEFAULT_CAPS, "path")).model;
    expect(again.design!.design.bodies.map((b) => b.volume)).toEqual([expect.closeTo(VOLUME_MM, 6), expect.closeTo(500, 6)]);
  });

  it("a millimetre design opens into an SI model in metres; changing the units under an open design says it is not converted", async () => {
    const s = createSession();
    expect((await ok(s, "model.units", { system: "m-kg-s-N-Pa" })).warnings).toBeUndefined();
    const r = await ok(s, "geometry.open", { path: design("mm", 1) });
    expect(r).toMatchObject({ units: "m", converted: { from: "mm", to: "m", factor: 0.001 } });
    volumes(r).forEach((v, i) => expect(v / ([VOLUME_MM, 500][i] * 1e-9) - 1).toBeCloseTo(0, 9));
    expect((await ok(s, "model.units", { system: "mm-t-s-N-MPa" })).warnings).toEqual([
      "the open design's lengths are in m, this system's in mm: open the design again (geometry.open) to convert it",
    ]);
    expect((await ok(s, "geometry.open", { path: design("mm", 1) })).converted).toBeUndefined();
    expect((await ok(s, "model.units", {})).warnings).toBeUndefined();
  });
});
