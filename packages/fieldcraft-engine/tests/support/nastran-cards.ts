// A small reader of Nastran bulk data cards written from the Quick Reference Guide's format rules: small
// field (8 columns), large field (name ending in `*`, 16-column fields, two lines per 8 fields) and free field
// (commas); continuation lines start with `+` or `*`. It is used for what meshio does not read (SPC1, FORCE,
// PLOAD4, MAT1, PSOLID) and for the case control's subcases.
export interface BulkCard {
  name: string;
  fields: string[];
}

export interface NastranDeck {
  caseControl: string[];
  cards: BulkCard[];
}

function lineFields(line: string, large: boolean): string[] {
  if (line.includes(",")) return line.split(",").slice(1).map((s) => s.trim());
  const out: string[] = [];
  const width = large ? 16 : 8;
  const count = large ? 4 : 8;
  for (let i = 0; i < count; i++) out.push(line.slice(8 + i * width, 8 + (i + 1) * width).trim());
  return out;
}

export function readNastran(text: string): NastranDeck {
  const lines = text.split(/\r?\n/);
  const begin = lines.findIndex((l) => l.trim().toUpperCase().startsWith("BEGIN BULK"));
  if (begin < 0) throw new Error("no BEGIN BULK");
  const caseControl = lines.slice(0, begin).filter((l) => !l.startsWith("$")).map((l) => l.trim());
  const cards: BulkCard[] = [];
  let current: BulkCard | null = null;
  let large = false;
  for (const line of lines.slice(begin + 1)) {
    if (line.startsWith("$") || line.trim() === "") continue;
    if (line.trim().toUpperCase() === "ENDDATA") break;
    if (line[0] === "+" || line[0] === "*") {
      if (!current) throw new Error(`continuation without a card: "${line}"`);
      current.fields.push(...lineFields(line, line[0] === "*" || large));
      continue;
    }
    const name = (line.includes(",") ? line.split(",")[0] : line.slice(0, 8)).trim().toUpperCase();
    large = name.endsWith("*");
    current = { name: large ? name.slice(0, -1) : name, fields: lineFields(line, large) };
    cards.push(current);
  }
  for (const c of cards) while (c.fields.length > 0 && c.fields[c.fields.length - 1] === "") c.fields.pop();
  return { caseControl, cards };
}

/** A Nastran real: 1.5, 1.5E-3, 1.5-3, 1.5D-3. */
export function nastranReal(s: string): number {
  const t = s.trim().replace(/[dD]/, "E").replace(/^([+-]?[\d.]+)([+-]\d+)$/, "$1E$2");
  const v = Number(t);
  if (t === "" || !Number.isFinite(v)) throw new Error(`"${s}" is not a Nastran real`);
  return v;
}
