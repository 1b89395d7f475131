// Abaqus/CalculiX input deck (.inp) from the solver-neutral DeckModel; ids are index + 1.
import { abaqusTies, abaqusTransforms, localLoads } from "./constraint-cards.js";
import { abaqusCouplings, abaqusPointLines, abaqusPointNodes } from "./coupling-cards.js";
import { procedureFor } from "./procedures.js";
import { explicitStepCards } from "./abaqus-explicit.js";
import { amplitudePoints } from "./amplitude-points.js";
import { NODES_PER_ELEMENT, meshFamily } from "../mesh/types.js";
import type { DeckModel } from "./types.js";
import { fullyIntegrated } from "../fem/full-integration.js";

export type AbaqusSolver = "SPOOLES" | "ITERATIVE CHOLESKY" | "PARDISO";

export interface AbaqusDeckOptions {
  /** `*STATIC, SOLVER=`; "auto" picks SPOOLES up to `directLimit` DOFs and ITERATIVE CHOLESKY above. */
  solver?: AbaqusSolver | "auto";
  directLimit?: number;
  /** Ask for the printed table (.dat: U per node, RF totals per held set) and the result file (.frd). Both by default. */
  print?: boolean;
  resultFile?: boolean;
  /** Print U only for this node set (by its model name) instead of every node: keeps large runs' .dat small. */
  printSet?: string;
}

/** CalculiX's SPOOLES grows slow and memory-hungry above roughly this many DOFs. */
export const DIRECT_SOLVER_DOF_LIMIT = 150_000;

/** Reserved set holding every node, for the printed output. */
export const ALL_NODES_SET = "FC_ALL_NODES";

/** CalculiX reads at most 20 characters per number and silently drops the rest. */
export const FIELD_WIDTH = 20;

function trimZeros(s: string): string {
  const [mantissa, exponent] = s.split("e");
  const m = mantissa.includes(".") ? mantissa.replace(/0+$/, "").replace(/\.$/, "") : mantissa;
  return exponent === undefined ? m : `${m}e${exponent}`;
}

/**
 * Numbers as the shortest decimal that reads back to the same double when it fits the 20-character field,
 * else the most significant digits that fit (at least 12, far below any comparison tolerance).
 */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`cannot write ${x} to a deck`);
  let s = String(x);
  for (let p = 17; s.length > FIELD_WIDTH && p > 1; p--) s = trimZeros(x.toPrecision(p));
  return /[.eE]/.test(s) ? s : `${s}.`;
}

/**
 * Abaqus names: letters, digits and underscores, starting with a letter, at most 80 characters, unique ignoring case
 * (CalculiX upper-cases them). The same source name always maps to the same deck name.
 */
export class AbaqusNames {
  private readonly byName = new Map<string, string>();
  private readonly taken: Set<string>;
  constructor(reserved: string[] = []) {
    this.taken = new Set(reserved.map((r) => r.toUpperCase()));
  }
  name(source: string): string {
    const known = this.byName.get(source);
    if (known) return known;
    let base = source.replace(/[^A-Za-z0-9_]/g, "_");
    if (!/^[A-Za-z]/.test(base)) base = `S_${base}`;
    base = base.slice(0, 72);
    let candidate = base;
    for (let k = 2; this.taken.has(candidate.toUpperCase()); k++) candidate = `${base}_${k}`;
    this.taken.add(candidate.toUpperCase());
    this.byName.set(source, candidate);
    return candidate;
  }
}

function idLines(ids: Iterable<number>): string[] {
  const lines: string[] = [];
  let row: number[] = [];
  for (const i of ids) {
    row.push(i + 1);
    if (row.length === 16) {
      lines.push(row.join(", "));
      row = [];
    }
  }
  if (row.length) lines.push(row.join(", "));
  return lines;
}

/**
 * The heat-transfer element of a family: DC3D* for solids, DCAX* for axisymmetry, and the plane families' own
 * CPS and CPE names (CalculiX has no DC2D elements; it runs plane elements in heat transfer with their thickness, where
 * Abaqus proper would name them DC2D).
 */
function heatElement(fam: ReturnType<typeof meshFamily>): string {
  if (!fam.planar) return `D${fam.decks.abaqus}`;
  return fam.planar === "axisymmetric" ? `DCAX${fam.nodes}` : fam.decks.abaqus;
}

export function writeAbaqusDeck(model: DeckModel, options: AbaqusDeckOptions = {}): string {
  const { mesh } = model;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  // Node sets, element sets and materials are separate namespaces in Abaqus.
  const nsetName = new AbaqusNames([ALL_NODES_SET]);
  const elsetName = new AbaqusNames();
  const materialName = new AbaqusNames();
  const amplitudeName = new AbaqusNames();
  const out: string[] = [];
  const solverChoice = options.solver ?? "auto";
  const solver = solverChoice === "auto" ? (3 * nn <= (options.directLimit ?? DIRECT_SOLVER_DOF_LIMIT) ? "SPOOLES" : "ITERATIVE CHOLESKY") : solverChoice;

  // DC3D* elements carry temperatures only: a deck is all heat steps or none.
  const heatSteps = model.steps.filter((st) => st.procedure?.name === "heat");
  const heat = heatSteps.length > 0;
  if (heat && heatSteps.length !== model.steps.length) {
    const other = model.steps.find((st) => st.procedure?.name !== "heat")!;
    throw new Error(`Abaqus/CalculiX decks cannot hold heat step "${heatSteps[0].name}" with ${other.procedure?.name ?? "static"} step "${other.name}" (heat elements carry temperatures only): write them in separate decks (steps: [...])`);
  }
  out.push("*HEADING", `${model.heading.replace(/[\r\n]+/g, " ")} (units: ${model.units})`);
  out.push("*NODE");
  for (let i = 0; i < nn; i++)
    out.push(`${i + 1}, ${formatNumber(mesh.nodes[3 * i])}, ${formatNumber(mesh.nodes[3 * i + 1])}, ${formatNumber(mesh.nodes[3 * i + 2])}`);
  out.push(...abaqusPointNodes(model, formatNumber));

  // One *ELEMENT block per body so each body is an element set of its own name.
  const elsetNames = new Set<string>();
  mesh.bodies.forEach((body, b) => {
    const elset = elsetName.name(body);
    elsetNames.add(body);
    out.push(`*ELEMENT, TYPE=${heat ? heatElement(meshFamily(fullyIntegrated(mesh))) : meshFamily(mesh).decks.abaqus}, ELSET=${elset}`);
    for (let e = 0; e < ne; e++) {
      if (mesh.elementBody[e] !== b) continue;
      const ids: number[] = [e + 1];
      for (let a = 0; a < npe; a++) ids.push(mesh.elements[e * npe + a] + 1);
      // At most 16 entries a line; a trailing comma continues the element (C3D20: 21 entries).
      for (let k = 0; k < ids.length; k += 16) out.push(ids.slice(k, k + 16).join(", ") + (k + 16 < ids.length ? "," : ""));
    }
  });

  out.push(`*NSET, NSET=${ALL_NODES_SET}, GENERATE`, `1, ${nn}, 1`);
  const nsetNames = new Set<string>();
  for (const set of model.nsets) {
    nsetNames.add(set.name);
    out.push(`*NSET, NSET=${nsetName.name(set.name)}`, ...idLines(set.nodes));
  }
  for (const set of model.elsets) {
    elsetNames.add(set.name);
    out.push(`*ELSET, ELSET=${elsetName.name(set.name)}`, ...idLines(set.elements));
  }

  const materialNames = new Set<string>();
  for (const m of model.materials) {
    materialNames.add(m.name);
    out.push(`*MATERIAL, NAME=${materialName.name(m.name)}`);
    // A heat-only material has no elastic constants (deck.write refuses the steps that need them).
    if (Number.isFinite(m.young)) out.push("*ELASTIC", `${formatNumber(m.young)}, ${formatNumber(m.poisson)}`);
    if (m.density !== undefined) out.push("*DENSITY", formatNumber(m.density));
    if (m.conductivity !== undefined) out.push("*CONDUCTIVITY", formatNumber(m.conductivity));
    if (m.specificHeat !== undefined) out.push("*SPECIFIC HEAT", formatNumber(m.specificHeat));
  }
  for (const s of model.sections) {
    if (!elsetNames.has(s.elset)) throw new Error(`section refers to element set "${s.elset}", which is neither a body nor an element set`);
    if (!materialNames.has(s.material)) throw new Error(`section on "${s.elset}" refers to material "${s.material}", which is not defined`);
    out.push(`*SOLID SECTION, ELSET=${elsetName.name(s.elset)}, MATERIAL=${materialName.name(s.material)}`);
    // Plane stress and plane strain elements take their thickness on the data line (axisymmetry takes none).
    if (s.thickness !== undefined) out.push(formatNumber(s.thickness));
  }

  out.push(...abaqusTransforms(model, nsetName), ...abaqusTies(model, nsetName), ...abaqusCouplings(model, nsetName));
  // Explicit steps: amplitudes and initial velocities are model data, before the steps.
  for (const a of model.amplitudes ?? []) {
    // A smooth step is written sampled: CalculiX reads DEFINITION=SMOOTH STEP as a linear table.
    const points = amplitudePoints(a);
    out.push(`*AMPLITUDE, NAME=${amplitudeName.name(a.name)}`);
    for (let i = 0; i < points.length; i += 4) out.push(points.slice(i, i + 4).map((p) => `${formatNumber(p[0])}, ${formatNumber(p[1])}`).join(", "));
  }
  if (model.initialVelocities?.length) {
    out.push("*INITIAL CONDITIONS, TYPE=VELOCITY");
    for (const v of model.initialVelocities)
      for (let c = 0; c < 3; c++) if (v.vector[c] !== 0) out.push(`${nsetName.name(v.nset)}, ${c + 1}, ${formatNumber(v.vector[c])}`);
  }

  model.steps.forEach((step, k) => {
    // Each step states its own loads and supports; later steps drop what came before.
    const op = k > 0 ? ", OP=NEW" : "";
    out.push(`** step: ${step.name.replace(/[\r\n]+/g, " ")}`, step.procedure?.name === "explicit" ? "*STEP, INC=1000000000" : "*STEP", ...procedureFor(step, "abaqus").stepCards({ solver }));
    const onPoints = abaqusPointLines(model, step, formatNumber);
    if ((step.boundaries.length || onPoints.boundary.length || k > 0) && step.procedure?.name !== "explicit") {
      out.push(`*BOUNDARY${op}`);
      for (const b of step.boundaries) {
        if (!nsetNames.has(b.nset)) throw new Error(`step "${step.name}": boundary condition on node set "${b.nset}", which is not defined`);
        for (const c of b.components) out.push(`${nsetName.name(b.nset)}, ${c}, ${c}, ${formatNumber(b.value)}`);
      }
      out.push(...onPoints.boundary);
    }
    const kind = step.procedure?.name ?? "static";
    if (kind === "explicit") {
      explicitStepCards({ ...step, cloads: localLoads(model, step.cloads) }, op, k, { nset: (n) => nsetName.name(n), amplitude: (n) => amplitudeName.name(n), known: nsetNames, elset: (n) => elsetName.name(n), knownElsets: elsetNames }, out);
      if (options.print ?? true) out.push(`*NODE PRINT, NSET=${options.printSet !== undefined ? nsetName.name(options.printSet) : ALL_NODES_SET}`, "U");
      if (options.resultFile ?? true) out.push("*NODE FILE", "U, V", "*EL FILE", "S");
      out.push("*END STEP");
      return;
    }
    if (kind === "heat") {
      // Nodal heat on DOF 11 and films per face; temperatures print as NT, reaction heat flows as RFL.
      if (step.cloads.length || k > 0) out.push(`*CFLUX${op}`, ...step.cloads.map((l) => `${l.node + 1}, ${l.component}, ${formatNumber(l.value)}`));
      if (step.films?.length || k > 0) out.push(`*FILM${op}`, ...(step.films ?? []).map((f) => `${f.element + 1}, F${f.side + 1}, ${formatNumber(f.sink)}, ${formatNumber(f.coefficient)}`));
      if (options.print ?? true) {
        out.push(`*NODE PRINT, NSET=${options.printSet !== undefined ? nsetName.name(options.printSet) : ALL_NODES_SET}`, "NT");
        for (const nset of [...new Set(step.boundaries.map((b) => b.nset))]) out.push(`*NODE PRINT, NSET=${nsetName.name(nset)}, TOTALS=YES`, "RFL");
      }
      if (options.resultFile ?? true) out.push("*NODE FILE", "NT, RFL", "*EL FILE", "HFL");
      out.push("*END STEP");
      return;
    }
    if (kind === "frequency") {
      // Eigenvalues, participation factors and effective masses go to the .dat by themselves; U prints each mode.
      if (options.print ?? true) out.push(`*NODE PRINT, NSET=${options.printSet !== undefined ? nsetName.name(options.printSet) : ALL_NODES_SET}`, "U");
      if (options.resultFile ?? true) out.push("*NODE FILE", "U", "*EL FILE", "S");
      out.push("*END STEP");
      return;
    }
    if (step.cloads.length || onPoints.cload.length || k > 0) {
      out.push(`*CLOAD${op}`);
      for (const l of localLoads(model, step.cloads)) out.push(`${l.node + 1}, ${l.component}, ${formatNumber(l.value)}`);
      out.push(...onPoints.cload);
    }
    if (step.pressures.length || k > 0) {
      out.push(`*DLOAD${op}`);
      for (const p of step.pressures) out.push(`${p.element + 1}, P${p.side + 1}, ${formatNumber(p.value)}`);
    }
    if (options.print ?? true) {
      out.push(`*NODE PRINT, NSET=${options.printSet !== undefined ? nsetName.name(options.printSet) : ALL_NODES_SET}`, "U");
      const held = [...new Set(step.boundaries.map((b) => b.nset))];
      for (const nset of held) out.push(`*NODE PRINT, NSET=${nsetName.name(nset)}, TOTALS=YES`, "RF");
    }
    if (options.resultFile ?? true) out.push("*NODE FILE", "U, RF", "*EL FILE", "S");
    out.push("*END STEP");
  });
  return out.join("\n") + "\n";
}
