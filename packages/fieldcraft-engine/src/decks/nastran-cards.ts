// Nastran card layout (Quick Reference Guide, "Format of Bulk Data Entries"): small field = an 8-column name and
// eight 8-column fields a line; large field = `NAME*` and four 16-column fields a line, `*` continuations.
import { fitInt, fitReal, left, right } from "./fields.js";

/** A small-field card: 8-column name, 8 fields of 8 per line, `+` continuation lines. */
export function smallCard(name: string, fields: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < fields.length || i === 0; i += 8) {
    const head = i === 0 ? left(name, 8) : left("+", 8);
    lines.push(head + fields.slice(i, i + 8).map((f) => right(f, 8)).join(""));
  }
  return lines;
}

/** A large-field card: `NAME*` then 4 fields of 16 per line, `*` continuation lines. */
export function largeCard(name: string, fields: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < fields.length || i === 0; i += 4) {
    const head = i === 0 ? left(`${name}*`, 8) : left("*", 8);
    lines.push(head + fields.slice(i, i + 4).map((f) => right(f, 16)).join(""));
  }
  return lines;
}

export const real16 = (x: number) => fitReal(x, 16, true);
export const int8 = (n: number) => fitInt(n, 8);
export const int16 = (n: number) => fitInt(n, 16);

/** Case-control text must not carry line breaks or run past 72 columns. */
export const caseText = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 64);
