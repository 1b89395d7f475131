// The loads and supports of an Abaqus/CalculiX `*DYNAMIC, EXPLICIT` step: supports held at a value, prescribed
// velocities (`TYPE=VELOCITY`), each with its amplitude, nodal forces grouped by amplitude, and gravity as a
// `*DLOAD` GRAV on its element set (magnitude and unit direction) with its amplitude.
import type { DeckStep } from "./types.js";
import { formatNumber } from "./abaqus.js";

interface Names {
  nset(name: string): string;
  amplitude(name: string): string;
  known: Set<string>;
  elset(name: string): string;
  knownElsets: Set<string>;
}

export function explicitStepCards(step: DeckStep, op: string, k: number, names: Names, out: string[]): void {
  // One *BOUNDARY block per (kind, amplitude); the first carries OP=NEW so later steps drop earlier supports.
  const groups = new Map<string, DeckStep["boundaries"]>();
  for (const b of step.boundaries) {
    if (!names.known.has(b.nset)) throw new Error(`step "${step.name}": boundary condition on node set "${b.nset}", which is not defined`);
    const key = `${b.velocity ? "V" : "U"}|${b.amplitude ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  let first = true;
  for (const [, list] of groups) {
    const { velocity, amplitude } = list[0];
    out.push(`*BOUNDARY${first ? op : ""}${velocity ? ", TYPE=VELOCITY" : ""}${amplitude !== undefined ? `, AMPLITUDE=${names.amplitude(amplitude)}` : ""}`);
    first = false;
    for (const b of list) for (const c of b.components) out.push(`${names.nset(b.nset)}, ${c}, ${c}, ${formatNumber(b.value)}`);
  }
  if (first && k > 0) out.push(`*BOUNDARY${op}`);
  const loads = new Map<string, DeckStep["cloads"]>();
  for (const l of step.cloads) loads.set(l.amplitude ?? "", [...(loads.get(l.amplitude ?? "") ?? []), l]);
  first = true;
  for (const [amplitude, list] of loads) {
    out.push(`*CLOAD${first ? op : ""}${amplitude ? `, AMPLITUDE=${names.amplitude(amplitude)}` : ""}`);
    first = false;
    for (const l of list) out.push(`${l.node + 1}, ${l.component}, ${formatNumber(l.value)}`);
  }
  if (first && k > 0) out.push(`*CLOAD${op}`);
  first = true;
  for (const g of step.gravity ?? []) {
    if (!names.knownElsets.has(g.elset)) throw new Error(`step "${step.name}": gravity on element set "${g.elset}", which is not defined`);
    const size = Math.hypot(...g.vector);
    if (size === 0) continue;
    out.push(`*DLOAD${first ? op : ""}${g.amplitude !== undefined ? `, AMPLITUDE=${names.amplitude(g.amplitude)}` : ""}`);
    first = false;
    out.push(`${names.elset(g.elset)}, GRAV, ${formatNumber(size)}, ${g.vector.map((x) => formatNumber(x / size)).join(", ")}`);
  }
  if (first && k > 0) out.push(`*DLOAD${op}`);
}
