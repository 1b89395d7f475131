/**
 * Reads the CLI's `crates/cli/src/codes.rs`: the `CODES` definitions (`field: Def { code: "…",
 * title: "…", description: "…" }`) and the order `registry()` lists them in (`&CODES.field`).
 * Only the Rust this file uses is understood: normal and raw string literals, escapes, line
 * continuations and comments.
 */
export interface RegistryEntry {
  code: string;
  title: string;
  description: string;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", "\\": "\\", "0": "\0", "'": "'", '"': '"' };

/** Decodes a Rust string literal's body (between the quotes) the way rustc does. */
export function unescapeRust(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i];
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const next = body[i + 1];
    if (next === "\n" || next === "\r") {
      // A line continuation swallows the newline and the next line's leading whitespace.
      i += 1;
      while (i + 1 < body.length && /[ \t\n\r]/.test(body[i + 1])) i += 1;
      continue;
    }
    if (next === "u") {
      const close = body.indexOf("}", i);
      out += String.fromCodePoint(Number.parseInt(body.slice(i + 3, close).replaceAll("_", ""), 16));
      i = close;
      continue;
    }
    if (next === "x") {
      out += String.fromCharCode(Number.parseInt(body.slice(i + 2, i + 4), 16));
      i += 3;
      continue;
    }
    const simple = SIMPLE_ESCAPES[next];
    if (simple === undefined) throw new Error(`unknown escape \\${next} in a string literal`);
    out += simple;
    i += 1;
  }
  return out;
}

/** Replaces comments with spaces so that neither a commented-out row nor `//` inside strings confuses the scan. */
function stripComments(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const raw = /^r(#*)"/.exec(rest);
    if (raw !== null && !/[A-Za-z0-9_]/.test(source[i - 1] ?? "")) {
      const end = source.indexOf(`"${raw[1]}`, i + raw[0].length);
      out += source.slice(i, end + 1 + raw[1].length);
      i = end + 1 + raw[1].length;
    } else if (source[i] === '"') {
      let j = i + 1;
      while (source[j] !== '"') j += source[j] === "\\" ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
    } else if (rest.startsWith("//")) {
      const end = source.indexOf("\n", i);
      i = end === -1 ? source.length : end;
    } else if (rest.startsWith("/*")) {
      i = source.indexOf("*/", i) + 2;
      out += " ";
    } else {
      out += source[i];
      i += 1;
    }
  }
  return out;
}

/** A Rust string literal whose hash group is capture number `hashGroup` (for the raw form's closing backreference). */
const stringLiteral = (hashGroup: number): string =>
  String.raw`(?:"((?:[^"\\]|\\[\s\S])*)"|r(#*)"([\s\S]*?)"` + `\\${hashGroup})`;
// Captures: 1 field; 2–4 code (escaped body, hashes, raw body); 5–7 title; 8–10 description.
const DEFINITION = new RegExp(
  String.raw`([a-z_][a-z0-9_]*)\s*:\s*[A-Za-z_][A-Za-z0-9_]*\s*\{\s*code\s*:\s*${stringLiteral(3)}\s*,\s*title\s*:\s*${stringLiteral(6)}\s*,\s*description\s*:\s*${stringLiteral(9)}\s*,?\s*\}`,
  "g",
);

function literal(escaped: string | undefined, raw: string | undefined): string {
  return escaped !== undefined ? unescapeRust(escaped) : (raw ?? "");
}

export function parseCodesRs(source: string): RegistryEntry[] {
  const text = stripComments(source);
  const byField = new Map<string, RegistryEntry>();
  for (const m of text.matchAll(DEFINITION)) {
    byField.set(m[1], { code: literal(m[2], m[4]), title: literal(m[5], m[7]), description: literal(m[8], m[10]) });
  }
  const registryStart = text.search(/fn\s+registry\s*\(/);
  if (registryStart === -1) throw new Error("codes.rs has no `fn registry()`");
  const bodyStart = text.indexOf("{", registryStart);
  let depth = 0;
  let bodyEnd = bodyStart;
  for (; bodyEnd < text.length; bodyEnd += 1) {
    if (text[bodyEnd] === "{") depth += 1;
    if (text[bodyEnd] === "}" && --depth === 0) break;
  }
  const body = text.slice(bodyStart, bodyEnd);
  const entries: RegistryEntry[] = [];
  for (const m of body.matchAll(/&\s*CODES\s*\.\s*([a-z_][a-z0-9_]*)/g)) {
    const entry = byField.get(m[1]);
    if (entry === undefined) throw new Error(`registry() names CODES.${m[1]}, which codes.rs does not define`);
    entries.push(entry);
  }
  if (entries.length === 0) throw new Error("registry() lists no codes");
  return entries;
}
