// Fixed-width card fields shared by the Nastran and LS-DYNA writers, and the DeckModel questions both ask
// (which steps to write, which section each element belongs to).
import { NODES_PER_ELEMENT } from "../mesh/types.js";
import type { DeckModel, DeckStep } from "./types.js";

function asField(raw: string, bareExponent: boolean): string {
  const [mantissaRaw, exponent] = raw.toLowerCase().split("e");
  const mantissa = mantissaRaw.includes(".") ? mantissaRaw : `${mantissaRaw}.`;
  if (exponent === undefined) return mantissa;
  const e = Number(exponent);
  const sign = e < 0 ? "-" : "+";
  return bareExponent ? `${mantissa}${sign}${Math.abs(e)}` : `${mantissa}E${sign}${Math.abs(e)}`;
}

/**
 * A real number in at most `width` characters with as many significant digits as fit: the shortest decimal
 * that reads back to the same double when it fits, else the most digits that do. Always has a decimal point
 * (Nastran reads an integer-looking field as an integer). `bareExponent` allows Nastran's `1.5-3` form.
 */
export function fitReal(x: number, width: number, bareExponent = false): string {
  if (!Number.isFinite(x)) throw new Error(`cannot write ${x} to a deck`);
  if (x === 0) return "0.";
  const shortest = asField(String(x), false);
  if (shortest.length <= width) return shortest;
  for (let p = 17; p >= 1; p--) {
    for (const raw of [x.toPrecision(p), x.toExponential(p - 1)]) {
      const withE = asField(raw, false);
      if (withE.length <= width) return withE;
      if (bareExponent) {
        const bare = asField(raw, true);
        if (bare.length <= width) return bare;
      }
    }
  }
  throw new Error(`cannot write ${x} in a field of ${width} characters`);
}

export function fitInt(n: number, width: number): string {
  const s = String(n);
  if (!Number.isInteger(n) || s.length > width) throw new Error(`id ${n} does not fit a field of ${width} characters`);
  return s;
}

export const right = (s: string, width: number) => s.padStart(width, " ");
export const left = (s: string, width: number) => s.padEnd(width, " ");

/** The steps a deck holds: all, or those named in `steps` in the model's order. */
export function selectSteps(model: DeckModel, steps?: readonly string[]): DeckStep[] {
  if (steps === undefined) return model.steps;
  const names = new Set(model.steps.map((s) => s.name));
  const unknown = steps.filter((s) => !names.has(s));
  if (unknown.length > 0) {
    const known = model.steps.map((s) => s.name);
    throw new Error(`steps: no step named ${unknown.map((s) => `"${s}"`).join(", ")}; the model has ${known.length ? known.map((s) => `"${s}"`).join(", ") : "no steps"}`);
  }
  const wanted = new Set(steps);
  return model.steps.filter((s) => wanted.has(s.name));
}

/**
 * The section (index into model.sections) of each element: a section names a body or an element set;
 * a later section overrides an earlier one on shared elements. Elements without one are an error.
 */
export function sectionOfElements(model: DeckModel): Int32Array {
  const { mesh } = model;
  const ne = mesh.elements.length / NODES_PER_ELEMENT[mesh.type];
  const out = new Int32Array(ne).fill(-1);
  const materials = new Set(model.materials.map((m) => m.name));
  model.sections.forEach((section, k) => {
    if (!materials.has(section.material)) throw new Error(`section on "${section.elset}" refers to material "${section.material}", which is not defined`);
    const body = mesh.bodies.indexOf(section.elset);
    const elset = model.elsets.find((s) => s.name === section.elset);
    if (elset) {
      for (const e of Array.from(elset.elements)) out[e] = k;
    } else if (body >= 0) {
      for (let e = 0; e < ne; e++) if (mesh.elementBody[e] === body) out[e] = k;
    } else {
      throw new Error(`section refers to element set "${section.elset}", which is neither a body nor an element set`);
    }
  });
  const missing: number[] = [];
  for (let e = 0; e < ne && missing.length < 5; e++) if (out[e] < 0) missing.push(e + 1);
  if (missing.length > 0) throw new Error(`elements without a section (ids ${missing.join(", ")}${missing.length === 5 ? ", ..." : ""}): create a section covering every body`);
  return out;
}

/** Nodal force vectors of a step, summed per node, in node order. */
export function nodalForces(step: DeckStep): { node: number; vector: [number, number, number] }[] {
  const byNode = new Map<number, [number, number, number]>();
  for (const l of step.cloads) {
    if (l.component < 1 || l.component > 3) throw new Error(`step "${step.name}": force component ${l.component} is not 1, 2 or 3`);
    let v = byNode.get(l.node);
    if (!v) byNode.set(l.node, (v = [0, 0, 0]));
    v[l.component - 1] += l.value;
  }
  return [...byNode.entries()].sort((a, b) => a[0] - b[0]).map(([node, vector]) => ({ node, vector }));
}
