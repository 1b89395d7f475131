// 3MF core: the zip read as a stream (fflate) with caps on entries, inflated sizes and ratios, so a zip
// bomb is stopped after at most the cap's bytes; the model XML parsed as a stream (saxes) with caps and no
// DOCTYPE (so no entity expansion). Objects (meshes and components), build items with transforms, `unit`.
import { THREEMF_UNITS } from "../length-units.js";
import { Unzip, UnzipInflate, UnzipPassThrough } from "fflate";
import { SaxesParser } from "saxes";
import { CancelledError, checkCancelled } from "../../fem/cancel-scope.js";
import { IMPORT_LIMITS } from "./limits.js";


export interface ThreeMfModel {
  /** 9 coordinates per triangle in the file's unit, build items instantiated. */
  coords: Float64Array;
  unit: string;
  /** Whether the file says its unit (3MF's default, millimeter, otherwise). */
  declared: boolean;
  names: string[];
}

type Obj = { name?: string; vertices: number[]; triangles: number[]; components: { id: string; m: number[] }[] };

class Refusal extends Error {}

export function read3mf(bytes: Uint8Array, limits = IMPORT_LIMITS): { ok: true; model: ThreeMfModel } | { ok: false; error: string } {
  try {
    return { ok: true, model: parse(bytes, limits) };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, error: e.message };
    if (e instanceof Error && /xml|sax/i.test(e.constructor.name + e.message)) return { ok: false, error: `the 3MF model XML is not well formed: ${e.message.slice(0, 200)}` };
    throw e;
  }
}

// The archive goes to the unzipper in slices: fflate inflates all it is given in one call, so a slice of
// SLICE compressed bytes yields at most ~1032 x SLICE bytes (deflate's ceiling) before the caps see them.
const SLICE = 16 * 1024;
const MIB = 1024 * 1024;

function parse(bytes: Uint8Array, limits: typeof IMPORT_LIMITS): ThreeMfModel {
  let entries = 0;
  let inflatedTotal = 0;
  let modelSeen = false;
  // Archive bytes handed to the unzipper so far, and where the model entry's data began (at most one slice early,
  // so its compressed size is over-counted and the ratio under-counted by at most a slice).
  let pushed = 0;
  let sliceStart = 0;
  const xml = modelParser(limits);
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  let failure: Error | null = null;
  unzip.onfile = (file) => {
    if (failure) return;
    if (++entries > limits.maxZipEntries) {
      failure = new Refusal(`the 3MF archive has more than ${limits.maxZipEntries} entries, above the import cap`);
      return;
    }
    const isModel = /^3D\/[^/]+\.model$/i.test(file.name) && !modelSeen;
    if (!isModel) return; // other parts (thumbnails, textures, relationships) are not inflated at all
    modelSeen = true;
    if ((file.originalSize ?? 0) > limits.maxEntryBytes) {
      failure = new Refusal(`${file.name} declares ${file.originalSize} bytes inflated, above the import cap of ${limits.maxEntryBytes / MIB} MiB per part`);
      return;
    }
    const start = sliceStart;
    let got = 0;
    const decoder = new TextDecoder("utf-8");
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new Refusal(`${file.name}: cannot inflate (${err.message}); the archive is damaged`);
        return;
      }
      // fflate catches what its callback throws (and calls back as a damaged archive): a cancel is kept as the
      // failure and thrown once the unzipper has returned.
      try {
        checkCancelled();
      } catch (e) {
        failure = e as Error;
        file.terminate();
        return;
      }
      got += chunk.length;
      inflatedTotal += chunk.length;
      // Measured, not declared: the compressed bytes consumed so far bound the ratio from below.
      const consumed = Math.max(1, pushed - start);
      if (got > limits.maxEntryBytes || inflatedTotal > limits.maxTotalInflated)
        failure = new Refusal(`${file.name} inflates past ${Math.min(limits.maxEntryBytes, limits.maxTotalInflated) / MIB} MiB, above the import cap (a zip bomb?); refused after inflating ${got} bytes`);
      else if (got > MIB && got / consumed > limits.maxRatio)
        failure = new Refusal(`${file.name} inflates more than ${limits.maxRatio} times its compressed size (the import cap on the ratio; ${got} bytes from at most ${consumed}), which a 3MF model never does: refused as a zip bomb`);
      if (failure) {
        file.terminate();
        return;
      }
      try {
        xml.write(decoder.decode(chunk, { stream: !final }));
        if (final) xml.parser.close();
      } catch (e) {
        failure = e instanceof Refusal ? e : new Refusal(`${file.name}: not a well-formed 3MF model: ${(e as Error).message.slice(0, 200)}`);
        file.terminate();
      }
    };
    file.start();
  };
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      sliceStart = at;
      pushed = Math.min(bytes.length, at + SLICE);
      unzip.push(bytes.subarray(at, pushed), pushed === bytes.length);
    }
    if (bytes.length === 0) unzip.push(bytes, true);
  } catch (e) {
    if (failure) throw failure;
    if (e instanceof CancelledError) throw e;
    throw new Refusal(`not a readable 3MF (zip) archive: ${(e as Error).message}`);
  }
  if (failure) throw failure;
  if (!modelSeen) throw new Refusal("the archive has no 3D/*.model part; it is not a 3MF file");
  return xml.result();
}

function modelParser(limits: typeof IMPORT_LIMITS) {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const objects = new Map<string, Obj>();
  const items: { id: string; m: number[] }[] = [];
  let unit = "millimeter";
  let declared = false;
  let current: Obj | null = null;
  let vertexCount = 0;
  let triangleCount = 0;
  const local = (name: string) => name.slice(name.indexOf(":") + 1);
  const num = (v: string | undefined, what: string): number => {
    const x = Number(v);
    if (v === undefined || v === "" || !Number.isFinite(x)) throw new Refusal(`${what}: "${String(v).slice(0, 40)}" is not a number`);
    return x;
  };
  const matrix = (t: string | undefined, what: string): number[] => {
    if (t === undefined) return [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
    const m = t.trim().split(/\s+/).map((v) => num(v, what));
    if (m.length !== 12) throw new Refusal(`${what}: a transform has 12 numbers, got ${m.length}`);
    return m;
  };
  parser.on("doctype", () => {
    throw new Refusal("the 3MF model has a DOCTYPE; 3MF forbids it (entity tricks are refused)");
  });
  parser.on("opentag", (tag) => {
    const a = tag.attributes as Record<string, string>;
    for (const v of Object.values(a)) if (v.length > limits.maxAttributeChars) throw new Refusal(`an attribute of <${tag.name}> is longer than ${limits.maxAttributeChars} characters`);
    switch (local(tag.name)) {
      case "model":
        if (a.unit !== undefined) {
          if (!(a.unit in THREEMF_UNITS)) throw new Refusal(`model unit "${a.unit}" is not one of ${Object.keys(THREEMF_UNITS).join(", ")}`);
          unit = a.unit;
          declared = true;
        }
        break;
      case "object":
        if (objects.size >= limits.maxObjects) throw new Refusal(`more than ${limits.maxObjects} objects, above the import cap`);
        if (a.id === undefined) throw new Refusal("an <object> has no id");
        current = { name: a.name, vertices: [], triangles: [], components: [] };
        // Supports and "other" objects are not part of the solid.
        if (a.type === "support" || a.type === "other") current.name = `\u0000skip`;
        objects.set(a.id, current);
        break;
      case "vertex":
        if (!current) break;
        if (++vertexCount > limits.maxVertices) throw new Refusal(`more than ${limits.maxVertices} vertices, above the import cap`);
        current.vertices.push(num(a.x, "vertex x"), num(a.y, "vertex y"), num(a.z, "vertex z"));
        break;
      case "triangle":
        if (!current) break;
        if (++triangleCount > limits.maxTriangles) throw new Refusal(`more than ${limits.maxTriangles} triangles, above the import cap`);
        current.triangles.push(num(a.v1, "triangle v1"), num(a.v2, "triangle v2"), num(a.v3, "triangle v3"));
        break;
      case "component":
        if (!current) break;
        if (a["p:path"] !== undefined || Object.keys(a).some((k) => k.endsWith(":path"))) throw new Refusal("components in other model parts (production extension) are not supported");
        current.components.push({ id: String(a.objectid), m: matrix(a.transform, "component transform") });
        break;
      case "item":
        if (items.length >= limits.maxComponents) throw new Refusal(`more than ${limits.maxComponents} build items, above the import cap`);
        items.push({ id: String(a.objectid), m: matrix(a.transform, "build item transform") });
        break;
    }
  });
  parser.on("closetag", (tag) => {
    if (local(tag.name) === "object") current = null;
  });
  const result = (): ThreeMfModel => {
    if (items.length === 0) throw new Refusal("the 3MF build has no items; nothing to import");
    const out: number[] = [];
    const names: string[] = [];
    let instantiated = 0;
    let placements = 0;
    const place = (id: string, m: number[], depth: number, path: string[]) => {
      // Components multiply: objects of no triangles could otherwise place each other without end.
      if (++placements > limits.maxInstances) throw new Refusal(`the build places objects more than ${limits.maxInstances} times (items and their components), above the import cap`);
      if ((placements & 1023) === 0) checkCancelled();
      if (depth > limits.maxDepth) throw new Refusal(`components nest deeper than ${limits.maxDepth}`);
      if (path.includes(id)) throw new Refusal(`object ${id} contains itself through its components`);
      const o = objects.get(id);
      if (!o) throw new Refusal(`object ${id} is referenced but not defined`);
      if (o.name === "\u0000skip") return;
      if (o.name && depth === 0) names.push(o.name);
      const nv = o.vertices.length / 3;
      instantiated += o.triangles.length / 3;
      if (instantiated > limits.maxTriangles) throw new Refusal(`the build instantiates more than ${limits.maxTriangles} triangles, above the import cap`);
      for (const v of o.triangles) if (!Number.isInteger(v) || v < 0 || v >= nv) throw new Refusal(`object ${id}: triangle vertex index ${v} is outside its ${nv} vertices`);
      for (const v of o.triangles) {
        const x = o.vertices[3 * v], y = o.vertices[3 * v + 1], z = o.vertices[3 * v + 2];
        out.push(m[0] * x + m[3] * y + m[6] * z + m[9], m[1] * x + m[4] * y + m[7] * z + m[10], m[2] * x + m[5] * y + m[8] * z + m[11]);
      }
      for (const c of o.components) place(c.id, compose(c.m, m), depth + 1, [...path, id]);
    };
    for (const it of items) place(it.id, it.m, 0, []);
    if (out.length === 0) throw new Refusal("the 3MF build holds no triangles");
    return { coords: Float64Array.from(out), unit, declared, names };
  };
  // saxes gathers a text run, comment or attribute value whole across chunks: bounded here, chunk by chunk.
  const held = parser as unknown as { text: string; name: string };
  const write = (text: string) => {
    parser.write(text);
    if (held.text.length > limits.maxTextChars || held.name.length > limits.maxTextChars)
      throw new Refusal(`the 3MF model has a text run, comment, name or attribute longer than ${limits.maxTextChars} characters, above the import cap`);
  };
  return { parser, write, result };
}

/** First `inner`, then `outer` (3MF row-vector 4x3 matrices). */
function compose(inner: number[], outer: number[]): number[] {
  const r = new Array(12).fill(0);
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 3; j++) {
      let s = i === 3 ? outer[9 + j] : 0;
      for (let k = 0; k < 3; k++) s += inner[3 * i + k] * outer[3 * k + j];
      r[3 * i + j] = s;
    }
  return r;
}
