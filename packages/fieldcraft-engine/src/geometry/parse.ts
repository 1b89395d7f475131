// Reading a `.solidcraft` design: JSON, then the format version, then the schema, then the geometry.
// Every refusal names the body, feature and field to fix.
import { readFile, stat } from "node:fs/promises";
import { formatIssues, type IssueStyle } from "@mcp-wrappers/wire";
import { analyzeBoxUnion } from "./boxBody.js";
import { analyzeExtrusion } from "./extrudeBody.js";
import { designSchema, DESIGN_LIMITS, type DesignFile } from "./schema.js";
import type { Body, BoxFeature, Design, ExtrudeFeature } from "./types.js";

/** Problems name the body and feature by their `name`/`id`: `bodies[1] ("Plate").features[0] ("F1").max[2]`. */
const DESIGN_FIELDS: IssueStyle = { root: "design", noun: "field", labelItems: true };

export type ParseResult = { ok: true; design: Design } | { ok: false; error: string };

/** Largest design file read (a design is a few features; this only stops hostile input). */
export const MAX_DESIGN_BYTES = 16 * 1024 * 1024;

export const SUPPORTED_FORMAT = "solidcraft/1";

export function parseSolidcraft(text: string): ParseResult {
  if (text.length > MAX_DESIGN_BYTES) return { ok: false, error: `design is larger than ${MAX_DESIGN_BYTES} bytes` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `not valid JSON: ${(e as Error).message}` };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { ok: false, error: 'a design is a JSON object: {"format": "solidcraft/1", "units": "mm", "bodies": [...]}' };
  }
  const format = (raw as Record<string, unknown>).format;
  if (format === undefined) return { ok: false, error: 'format: missing; a design starts with "format": "solidcraft/1"' };
  const version = typeof format === "string" ? /^solidcraft\/(\d+)$/.exec(format) : null;
  if (!version) return { ok: false, error: `format: ${JSON.stringify(format)} is not a .solidcraft format; expected "solidcraft/1"` };
  if (format !== SUPPORTED_FORMAT) {
    return {
      ok: false,
      error: `format: "${format}" is newer than this engine reads ("${SUPPORTED_FORMAT}"); open it with a newer FieldCraft or save it as solidcraft/1`,
    };
  }
  const parsed = designSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: formatIssues(parsed.error.issues, raw, DESIGN_FIELDS, 5) };
  return buildDesign(parsed.data);
}

export async function readSolidcraftFile(path: string): Promise<ParseResult> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return { ok: false, error: `${path}: not a file` };
    if (info.size > MAX_DESIGN_BYTES) return { ok: false, error: `${path}: larger than ${MAX_DESIGN_BYTES} bytes` };
    const result = parseSolidcraft(await readFile(path, "utf8"));
    return result.ok ? result : { ok: false, error: `${path}: ${result.error}` };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return { ok: false, error: `${path}: cannot read (${err.code ?? err.message})` };
  }
}

/** Builds every body's faces, edges and measures; refuses a body that v1 cannot make. */
export function buildDesign(file: DesignFile): ParseResult {
  const bodies: Body[] = [];
  const names = new Set<string>();
  for (let i = 0; i < file.bodies.length; i++) {
    const spec = file.bodies[i];
    const where = `bodies[${i}] ("${spec.name}")`;
    if (names.has(spec.name)) return { ok: false, error: `${where}.name: another body is already named "${spec.name}"; body names must be unique` };
    names.add(spec.name);
    const ids = new Map<string, number>();
    for (let j = 0; j < spec.features.length; j++) {
      const id = spec.features[j].id;
      if (ids.has(id)) {
        return { ok: false, error: `${where}.features[${j}].id: "${id}" is already the id of features[${ids.get(id)}]; feature ids must be unique in a body` };
      }
      ids.set(id, j);
    }
    const boxes = spec.features.filter((f): f is BoxFeature => f.type === "box");
    const extrusions = spec.features.filter((f): f is ExtrudeFeature => f.type === "extrude");
    if (extrusions.length > 0 && boxes.length > 0) {
      return {
        ok: false,
        error: `${where}.features: mixes boxes and an extrusion; in solidcraft/1 a body is a union of boxes or one extrusion, so put the extrusion in a body of its own`,
      };
    }
    if (extrusions.length > 1) {
      return { ok: false, error: `${where}.features: has ${extrusions.length} extrusions; in solidcraft/1 a body is one extrusion, so give each its own body` };
    }
    const tiny = tinyGap(spec.features);
    if (tiny) return { ok: false, error: `${where}.features: ${tiny}` };
    if (extrusions.length === 1) {
      const f = extrusions[0];
      const made = analyzeExtrusion(f);
      if (!made.ok) return { ok: false, error: `${where}.features[0] ("${f.id}").profile: ${made.error}` };
      const g = made.geometry;
      bodies.push({ name: spec.name, kind: "extrude", features: [f], faces: g.faces, edges: g.edges, volume: g.volume, bbox: g.bbox });
    } else {
      const made = analyzeBoxUnion(boxes);
      if (!made.ok) return { ok: false, error: `${where}.features: ${made.error}` };
      const g = made.geometry;
      bodies.push({ name: spec.name, kind: "boxes", features: boxes, faces: g.faces, edges: g.edges, volume: g.volume, bbox: g.bbox });
    }
  }
  return { ok: true, design: { format: "solidcraft/1", units: file.units, bodies } };
}

/**
 * Distinct coordinates closer than DESIGN_LIMITS.relativeGap of the body's size cannot be meshed
 * reliably in double precision (element volumes would drown in rounding): refuse them.
 */
function tinyGap(features: readonly (BoxFeature | ExtrudeFeature)[]): string | null {
  let scale = 0;
  const gaps: { size: number; what: string }[] = [];
  for (const f of features) {
    if (f.type === "box") {
      for (let a = 0; a < 3; a++) {
        scale = Math.max(scale, Math.abs(f.min[a]), Math.abs(f.max[a]));
        gaps.push({ size: f.max[a] - f.min[a], what: `feature "${f.id}" is ${f.max[a] - f.min[a]} thick along ${"xyz"[a]}` });
      }
    } else {
      scale = Math.max(scale, Math.abs(f.from), Math.abs(f.to), ...f.profile.flatMap((p) => [Math.abs(p[0]), Math.abs(p[1])]));
      gaps.push({ size: Math.abs(f.to - f.from), what: `feature "${f.id}" is ${Math.abs(f.to - f.from)} thick` });
      f.profile.forEach((p, k) => {
        const q = f.profile[(k + 1) % f.profile.length];
        const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
        gaps.push({ size: len, what: `feature "${f.id}" has profile edge ${k + 1} only ${len} long` });
      });
    }
  }
  // Between features too: the box grid's intervals.
  const boxes = features.filter((f): f is BoxFeature => f.type === "box");
  for (let a = 0; a < 3 && boxes.length > 1; a++) {
    const xs = [...new Set(boxes.flatMap((b) => [b.min[a], b.max[a]]))].sort((x, y) => x - y);
    for (let i = 1; i < xs.length; i++) {
      gaps.push({ size: xs[i] - xs[i - 1], what: `box coordinates ${xs[i - 1]} and ${xs[i]} along ${"xyz"[a]} are only ${xs[i] - xs[i - 1]} apart` });
    }
  }
  const floor = DESIGN_LIMITS.relativeGap * scale;
  const bad = gaps.find((g) => g.size > 0 && g.size < floor);
  return bad ? `${bad.what}, below ${DESIGN_LIMITS.relativeGap} of the coordinates' size (${scale}); make it larger or remove it` : null;
}
