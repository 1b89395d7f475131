// Designs the engine must refuse, each with a message naming the body, feature and field to fix.
import { mkdtemp, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSolidcraft, readSolidcraftFile } from "../src/geometry/index.js";

const doc = (bodies: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ format: "solidcraft/1", units: "mm", bodies, ...extra });
const box = (id: string, min: number[], max: number[]) => ({ id, type: "box", min, max });
const error = (text: string) => {
  const r = parseSolidcraft(text);
  return r.ok ? "accepted" : r.error;
};

describe("format and shape", () => {
  it("refuses newer formats instead of guessing", () => {
    expect(error(JSON.stringify({ format: "solidcraft/2", units: "mm", bodies: [] }))).toBe(
      'format: "solidcraft/2" is newer than this engine reads ("solidcraft/1"); open it with a newer FieldCraft or save it as solidcraft/1',
    );
    expect(error(JSON.stringify({ format: "solidcraft/10" }))).toMatch(/^format: "solidcraft\/10" is newer/);
  });

  it("refuses what is not a design", () => {
    expect(error("{")).toMatch(/^not valid JSON: /);
    expect(error("[]")).toMatch(/^a design is a JSON object/);
    expect(error("{}")).toBe('format: missing; a design starts with "format": "solidcraft/1"');
    expect(error(JSON.stringify({ format: "step/1" }))).toBe('format: "step/1" is not a .solidcraft format; expected "solidcraft/1"');
    expect(error(JSON.stringify({ format: "solidcraft/1", bodies: [] }))).toMatch(/^units: /);
    expect(error(JSON.stringify({ format: "solidcraft/1", units: "in", bodies: [{ name: "A", features: [box("F1", [0, 0, 0], [1, 1, 1])] }] }))).toBe(
      'units: must be one of "mm", "m" (got "in")',
    );
    expect(error(doc([]))).toBe("bodies: needs at least one body");
    expect(error(doc([{ name: "A", features: [box("F1", [0, 0, 0], [1, 1, 1])] }], { colour: "red" }))).toBe('design: unknown field `colour`');
  });

  it("names the body, the feature and the field", () => {
    expect(error(doc([{ name: "Plate", features: [box("F1", [0, 0, 0], [1, 0, 1])] }]))).toBe(
      'bodies[0] ("Plate").features[0] ("F1").max[1]: must be greater than min[1] (0): a box needs positive size along y',
    );
    expect(error(doc([{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0], max: [1, 1, 1] }] }]))).toMatch(
      /^bodies\[0\] \("Plate"\)\.features\[0\] \("F1"\)\.min/,
    );
    expect(error(doc([{ name: "Plate", features: [{ id: "F1", type: "cylinder" }] }]))).toBe(
      'bodies[0] ("Plate").features[0] ("F1").type: needs "type": "box" or "extrude"',
    );
    expect(error(doc([{ name: "Plate", features: [{ ...box("F1", [0, 0, 0], [1, 1, 1]), fillet: 2 }] }]))).toBe(
      'bodies[0] ("Plate").features[0] ("F1"): unknown field `fillet`',
    );
    expect(error(doc([{ name: "Plate", features: [box("F:1", [0, 0, 0], [1, 1, 1])] }]))).toMatch(
      /^bodies\[0\] \("Plate"\)\.features\[0\] \("F:1"\)\.id: must start with a letter/,
    );
    expect(error(doc([{ name: "A/B", features: [box("F1", [0, 0, 0], [1, 1, 1])] }]))).toMatch(/^bodies\[0\] \("A\/B"\)\.name: must not contain '\/'/);
    expect(error(doc([{ name: "P", features: [] }]))).toBe('bodies[0] ("P").features: needs at least one feature');
    expect(error(doc([{ name: "P", features: [{ id: "E", type: "extrude", plane: "xy", profile: [[0, 0], [1, 0], [0, 1]], from: 2, to: 2 }] }]))).toBe(
      'bodies[0] ("P").features[0] ("E").to: must differ from "from" (2): zero thickness',
    );
    expect(error(doc([{ name: "P", features: [{ id: "E", type: "extrude", plane: "xz", profile: [[0, 0], [1, 0], [0, 1]], from: 0, to: 1 }] }]))).toBe(
      'bodies[0] ("P").features[0] ("E").plane: must be one of "xy", "yz", "zx" (got "xz")',
    );
  });

  it("refuses absurd coordinates and features too thin for double precision", () => {
    expect(error(doc([{ name: "Far", features: [box("F1", [0, 0, 0], [1, 1, 2e9])] }]))).toBe(
      'bodies[0] ("Far").features[0] ("F1").max[2]: must be between -1000000000 and 1000000000',
    );
    expect(error(doc([{ name: "Foil", features: [box("F1", [0, 0, 0], [1000, 1000, 1e-7])] }]))).toBe(
      'bodies[0] ("Foil").features: feature "F1" is 1e-7 thick along z, below 1e-9 of the coordinates\' size (1000); make it larger or remove it',
    );
    expect(error(doc([{ name: "Gap", features: [box("F1", [0, 0, 0], [1000, 10, 10]), box("F2", [1000.0000001, 0, 0], [2000, 10, 10])] }]))).toMatch(
      /^bodies\[0\] \("Gap"\)\.features: box coordinates 1000 and 1000\.0000001 along x are only [0-9.e-]+ apart, below 1e-9/,
    );
  });

  it("refuses duplicate names", () => {
    const a = { name: "A", features: [box("F1", [0, 0, 0], [1, 1, 1])] };
    expect(error(doc([a, a]))).toBe('bodies[1] ("A").name: another body is already named "A"; body names must be unique');
    expect(error(doc([{ name: "A", features: [box("F1", [0, 0, 0], [1, 1, 1]), box("F1", [1, 0, 0], [2, 1, 1])] }]))).toBe(
      'bodies[0] ("A").features[1].id: "F1" is already the id of features[0]; feature ids must be unique in a body',
    );
  });
});

describe("bodies v1 cannot make", () => {
  const ex = (profile: number[][]) => ({ id: "E", type: "extrude", plane: "xy", profile, from: 0, to: 1 });

  it("refuses mixed and multiple extrusions", () => {
    expect(error(doc([{ name: "M", features: [box("F1", [0, 0, 0], [1, 1, 1]), ex([[0, 0], [1, 0], [0, 1]])] }]))).toMatch(
      /^bodies\[0\] \("M"\)\.features: mixes boxes and an extrusion; in solidcraft\/1 a body is a union of boxes or one extrusion/,
    );
    expect(error(doc([{ name: "M", features: [ex([[0, 0], [1, 0], [0, 1]]), { ...ex([[0, 0], [1, 0], [0, 1]]), id: "E2" }] }]))).toMatch(
      /^bodies\[0\] \("M"\)\.features: has 2 extrusions/,
    );
  });

  it("refuses boxes that do not make one manifold solid", () => {
    expect(error(doc([{ name: "Apart", features: [box("F1", [0, 0, 0], [1, 1, 1]), box("F2", [2, 0, 0], [3, 1, 1])] }]))).toBe(
      'bodies[0] ("Apart").features: its boxes form separate solids that do not share a face; put each solid in its own body',
    );
    // F1 and F2 touch only along the line x = 1, z = 1 (y from 0 to 1); F3 behind joins them into one
    // solid, but the surface still pinches along that line.
    const pinch = [box("F1", [0, 0, 0], [1, 1, 1]), box("F2", [1, 0, 1], [2, 1, 2]), box("F3", [0, 1, 0], [2, 2, 2])];
    expect(error(doc([{ name: "Pinch", features: pinch }]))).toMatch(/touch only along an edge or at a corner near \[1, 0, 1\]/);
  });

  it("refuses profiles that are not simple polygons", () => {
    const where = 'bodies[0] ("P").features[0] ("E").profile: ';
    const err = (profile: number[][]) => error(doc([{ name: "P", features: [ex(profile)] }]));
    expect(err([[0, 0], [2, 2], [2, 0], [0, 2]])).toBe(`${where}edges 1 and 3 cross or touch: the profile must be a simple polygon`);
    expect(err([[0, 0], [1, 0], [1, 1], [0, 0]])).toBe(`${where}profile[3] repeats profile[0]: the profile closes by itself, leave the last point out`);
    expect(err([[0, 0], [1, 0], [1, 0], [0, 1]])).toBe(`${where}profile[1] and profile[2] are the same point: edge 2 has zero length`);
    expect(err([[0, 0], [2, 0], [1, 0]])).toMatch(/fold back over each other/);
    expect(err([[0, 0], [1, 0], [2, 0], [3, 0]])).toMatch(/fold back over each other|encloses no area/);
    // A vertex touching another edge (a "bow tie" closed at one point).
    expect(err([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]])).toMatch(/^bodies\[0\] \("P"\)\.features\[0\] \("E"\)\.profile: edges \d and \d cross or touch/);
  });
});

describe("readSolidcraftFile", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "solidcraft-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("reads a design from a file", async () => {
    const path = join(dir, "block.solidcraft");
    await writeFile(path, doc([{ name: "B", features: [box("F1", [0, 0, 0], [2, 3, 4])] }]));
    const r = await readSolidcraftFile(path);
    expect(r.ok && r.design.bodies[0].volume).toBe(24);
  });

  it("says which file could not be read or parsed", async () => {
    const missing = join(dir, "missing.solidcraft");
    expect(await readSolidcraftFile(missing)).toEqual({ ok: false, error: `${missing}: cannot read (ENOENT)` });
    const folder = join(dir, "folder.solidcraft");
    await mkdir(folder);
    expect(await readSolidcraftFile(folder)).toEqual({ ok: false, error: `${folder}: not a file` });
    const newer = join(dir, "newer.solidcraft");
    await writeFile(newer, JSON.stringify({ format: "solidcraft/2", units: "mm", bodies: [] }));
    const r = await readSolidcraftFile(newer);
    expect(r.ok ? "" : r.error).toMatch(new RegExp(`^${newer.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}: format: "solidcraft/2" is newer`));
  });
});
