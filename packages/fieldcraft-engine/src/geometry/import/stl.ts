// STL, ASCII and binary. A binary file is recognised by its size (84 + 50 n bytes for the n it declares),
// even when its header starts with "solid" as many exporters write; normals in the file are ignored
// (orientation comes from the vertex order, checked later).
import { IMPORT_LIMITS, type Soup } from "./limits.js";

export type StlResult = { ok: true; soup: Soup; format: "binary" | "ascii" } | { ok: false; error: string };

export function readStl(bytes: Uint8Array, maxTriangles = IMPORT_LIMITS.maxTriangles): StlResult {
  if (bytes.length >= 84) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const declared = view.getUint32(80, true);
    const need = 84 + 50 * declared;
    if (need === bytes.length) return readBinary(view, declared, maxTriangles);
    if (!looksAscii(bytes)) {
      if (need > bytes.length)
        return { ok: false, error: `truncated binary STL: the header declares ${declared} triangles (${need} bytes) but the file has ${bytes.length} bytes; export the part again` };
      return { ok: false, error: `binary STL with ${bytes.length - need} bytes after its ${declared} declared triangles; the file is damaged` };
    }
  }
  if (!looksAscii(bytes)) return { ok: false, error: `not an STL file: ${bytes.length} bytes, neither "solid ..." text nor a binary STL` };
  return readAscii(new TextDecoder("latin1").decode(bytes), maxTriangles);
}

function looksAscii(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 32 || bytes[i] === 9 || bytes[i] === 10 || bytes[i] === 13)) i++;
  const head = new TextDecoder("latin1").decode(bytes.subarray(i, i + 5)).toLowerCase();
  if (head !== "solid") return false;
  // A binary file whose header says "solid" has control bytes early on; text has none.
  const probe = bytes.subarray(0, Math.min(bytes.length, 1024));
  for (const b of probe) if (b === 0 || (b < 9 && b !== 0)) return false;
  return true;
}

function readBinary(view: DataView, n: number, maxTriangles: number): StlResult {
  if (n === 0) return { ok: false, error: "the binary STL holds no triangles" };
  if (n > maxTriangles) return { ok: false, error: `the STL declares ${n} triangles, above the import cap of ${maxTriangles}` };
  const coords = new Float64Array(9 * n);
  for (let t = 0; t < n; t++) {
    const o = 84 + 50 * t + 12;
    for (let k = 0; k < 9; k++) {
      const v = view.getFloat32(o + 4 * k, true);
      if (!Number.isFinite(v)) return { ok: false, error: `triangle ${t + 1}: coordinate ${k + 1} is not a finite number` };
      coords[9 * t + k] = v;
    }
  }
  return { ok: true, soup: { coords }, format: "binary" };
}

function readAscii(text: string, maxTriangles: number): StlResult {
  const out: number[] = [];
  let name: string | undefined;
  let line = 0;
  let inFacet = 0;
  for (const raw of text.split(/\r?\n/)) {
    line++;
    const s = raw.trim();
    if (s === "") continue;
    const words = s.split(/\s+/);
    const w = words[0].toLowerCase();
    if (w === "solid") {
      if (name === undefined) name = words.slice(1).join(" ") || undefined;
    } else if (w === "facet") inFacet = 0;
    else if (w === "vertex") {
      if (words.length !== 4) return { ok: false, error: `line ${line}: "vertex" needs 3 numbers, got "${s.slice(0, 80)}"` };
      for (let k = 1; k < 4; k++) {
        const v = Number(words[k]);
        if (!Number.isFinite(v)) return { ok: false, error: `line ${line}: "${words[k].slice(0, 40)}" is not a number` };
        out.push(v);
      }
      inFacet++;
    } else if (w === "endloop") {
      if (inFacet !== 3) return { ok: false, error: `line ${line}: a facet has ${inFacet} vertices; STL facets are triangles` };
      if (out.length / 9 > maxTriangles) return { ok: false, error: `the STL has more than ${maxTriangles} triangles, above the import cap` };
    } else if (!["outer", "endfacet", "endsolid"].includes(w)) return { ok: false, error: `line ${line}: unexpected "${s.slice(0, 60)}" in an ASCII STL` };
  }
  if (out.length % 9 !== 0) return { ok: false, error: "the ASCII STL ends inside a facet; the file is truncated" };
  if (out.length === 0) return { ok: false, error: "the ASCII STL holds no facets" };
  return { ok: true, soup: { coords: Float64Array.from(out), name }, format: "ascii" };
}
