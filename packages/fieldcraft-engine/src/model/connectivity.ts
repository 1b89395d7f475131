// Connectivity and restraint as checked properties of a model. The mesh's pieces are its elements joined through
// shared nodes and through the ties the solvers apply; per step, what each piece must have held follows the
// step's analysis row (`connectivity`): its rigid motions (static), its temperature (heat). model.check reports
// these and the solve commands refuse with the same words, so both read this one function.
import { freeMotions, meshPieces, pieceBodies, RIGID_MOTIONS, type Pieces, type PointHold } from "../fem/rigid-body.js";
import type { NodeConstraints } from "../fem/node-constraints.js";
import { meshFamily, nodeCount, type Mesh } from "../mesh/types.js";
import type { CheckItem } from "./check.js";
import { lookup } from "./definitions.js";
import { ModelError } from "./errors.js";
import { resolvedTarget, stepPrescribed } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";

/** What an analysis asks of the model's connectivity (a field of its row). */
export interface ConnectivityRule {
  /** Separate pieces: an error (nothing carries load or heat between them) or a warning (each vibrates alone). */
  pieces: "error" | "warning";
  /** What each piece must have held in a step: its rigid motions, or its temperature. */
  restraint?: "motion" | "temperature";
}

export interface MeshPieces extends Pieces {
  /** Per piece: its bodies quoted, with a node when two pieces would read alike. */
  labels: string[];
}

const cache = new WeakMap<Mesh, MeshPieces>();

/** The mesh's pieces: elements joined by shared nodes and by the mesh's ties (slave to master nodes). */
export function modelPieces(mesh: Mesh): MeshPieces {
  const known = cache.get(mesh);
  if (known) return known;
  const links = (mesh.ties ?? []).flatMap((t) => t.slaves.map((slave, k) => ({ slave, masters: t.masters[k] })));
  const pieces = meshPieces(mesh, links);
  const names = pieceBodies(mesh, pieces).map((bodies) => bodies.map((b) => `"${b}"`).join(" + "));
  const labels = names.map((n, p) => (names.indexOf(n) !== names.lastIndexOf(n) ? `${n} (the part with node ${pieces.anchor[p] + 1})` : n));
  const out = { ...pieces, labels };
  cache.set(mesh, out);
  return out;
}

/** "a", "a and b", "a, b and c", at most six then "and N more". */
function listed(items: string[]): string {
  const shown = items.length > 6 ? [...items.slice(0, 6), `${items.length - 6} more`] : items;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** Ties that join nothing: an interface reported tied must have its node pairs. */
function emptyTies(mesh: Mesh): CheckItem[] {
  const faces = (tags: { body: string; face: string }[]) => tags.map((t) => `${t.body}:${t.face}`).join(", ");
  return (mesh.ties ?? [])
    .filter((t) => t.slaves.length === 0)
    .map((t) => ({
      item: `tie ${t.name}`,
      message: `matches no node of face ${faces(t.slave)} to face ${faces(t.master)}, so nothing joins them: remesh the cells (mesh.cells) so the faces meet`,
      command: "mesh.cells",
    }));
}

function piecesItem(pieces: MeshPieces, rule: ConnectivityRule, steps: string[]): CheckItem | null {
  if (pieces.count < 2) return null;
  const which = `pieces ${listed(pieces.labels)} share no node and no tie`;
  const fix = "mesh the cells of a partitioned body together (mesh.cells merges or ties their cut faces), make the bodies touch in the design and mesh them again, or remove the loose piece";
  const message =
    rule.pieces === "error"
      ? `${which}, so step${steps.length > 1 ? "s" : ""} ${listed(steps)} cannot carry anything between them: ${fix}`
      : `${which}: step${steps.length > 1 ? "s" : ""} ${listed(steps)} find${steps.length > 1 ? "" : "s"} each piece's modes on its own; if they belong together, ${fix}`;
  return { item: "mesh", message, command: "mesh.cells" };
}

/** Per piece, whether a step's temperature conditions or films reach it. */
function heatHeld(model: Model, step: StepDefinition, pieces: Pieces): Uint8Array {
  const held = new Uint8Array(pieces.count);
  for (const name of step.boundary_conditions) {
    const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
    if (bc.type !== "temperature") continue;
    for (const n of resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`).nodes) if (pieces.nodePiece[n] >= 0) held[pieces.nodePiece[n]] = 1;
  }
  for (const name of step.loads) {
    const load = lookup(model, "loads", name, `step ${step.name}`);
    if (load.type !== "film") continue;
    for (const e of resolvedTarget(model, load.target.set, `load ${load.name}`).facets.element) held[pieces.elementPiece[e]] = 1;
  }
  return held;
}

/** Per piece, the rigid motions a step's supports leave free (planar: in-plane motions; axisymmetric: axial only). */
function motionFree(model: Model, step: StepDefinition, pieces: Pieces): number[][] {
  const mesh = model.mesh!.mesh;
  const constraints: NodeConstraints = { normals: [], ties: [] };
  const prescribed = stepPrescribed(model, step, constraints);
  const nn = nodeCount(mesh);
  const fixed = new Uint8Array(3 * nn);
  for (const dof of prescribed.keys()) fixed[dof] = 1;
  // A planar model never moves out of its plane, and an axisymmetric one cannot translate radially (hoop strain).
  const kind = meshFamily(mesh).planar;
  const outOfPlane = kind === "axisymmetric" ? [0, 2] : kind ? [2] : [];
  for (const a of outOfPlane) for (let i = 0; i < nn; i++) fixed[3 * i + a] = 1;
  const points = pointHolds(model, step);
  // A partial kinematic coupling's holds are not rigid-body rows of the piece: the solver judges that model itself.
  if (points === "unknown") return Array.from({ length: pieces.count }, () => []);
  return freeMotions(mesh, pieces, fixed, constraints.normals, points);
}

const AXES = [[1, 0, 0], [0, 1, 0], [0, 0, 1]] as const;

/** The step's holds on reference points that a kinematic coupling of every component passes to its face. */
function pointHolds(model: Model, step: StepDefinition): PointHold[] | "unknown" {
  const d = model.definitions;
  const holds: PointHold[] = [];
  for (const condition of d.point_conditions ?? []) {
    if (!step.boundary_conditions.includes(condition.name)) continue;
    const coupling = (d.couplings ?? []).find((c) => c.reference_point === condition.reference_point);
    const point = (d.reference_points ?? []).find((r) => r.name === condition.reference_point);
    // A distributing coupling's point follows its face (the solver refuses a hold there); none: nothing is held.
    if (!coupling || !point || coupling.type !== "kinematic") continue;
    if (coupling.dofs !== undefined && coupling.dofs.length < 3) return "unknown";
    const node = resolvedTarget(model, coupling.set, `coupling ${coupling.name}`).nodes[0];
    if (node === undefined) continue;
    const c = condition.components;
    [c.u1, c.u2, c.u3].forEach((v, k) => v !== undefined && holds.push({ node, at: point.point, direction: AXES[k] }));
    [c.ur1, c.ur2, c.ur3].forEach((v, k) => v !== undefined && holds.push({ node, axis: AXES[k] }));
  }
  return holds;
}

/** A step's restraint errors: the pieces it leaves free to move, or whose temperature nothing sets. */
function restraintItems(model: Model, step: StepDefinition, rule: ConnectivityRule, pieces: MeshPieces): CheckItem[] {
  const item = `step ${step.name}`;
  const who = (p: number) => (pieces.count > 1 ? `piece ${pieces.labels[p]}` : `the model (${pieces.labels[p]})`);
  if (rule.restraint === "motion")
    return motionFree(model, step, pieces).flatMap((free, p) =>
      free.length === 0
        ? []
        : [{ item, message: `${who(p)} can move freely: ${free.map((m) => RIGID_MOTIONS[m]).join(", ")}; hold more of it (a fixed or displacement condition) or add a symmetry condition`, command: "model.boundary_condition.create" }],
    );
  if (rule.restraint === "temperature") {
    const held = heatHeld(model, step, pieces);
    return Array.from(held).flatMap((h, p) =>
      h ? [] : [{ item, message: `${who(p)} has no temperature condition and no film, so its temperature is undetermined: add a temperature condition or a film on it`, command: "model.boundary_condition.create" }],
    );
  }
  return [];
}

/** A step's connectivity errors and warnings (its pieces, then its restraint); a set-up error elsewhere yields none. */
export function stepConnectivity(model: Model, step: StepDefinition, rule: ConnectivityRule | undefined): { errors: CheckItem[]; warnings: CheckItem[] } {
  const mesh = model.mesh?.mesh;
  if (!rule || !mesh) return { errors: [], warnings: [] };
  const pieces = modelPieces(mesh);
  const split = piecesItem(pieces, rule, [step.name]);
  let restraint: CheckItem[] = [];
  try {
    restraint = restraintItems(model, step, rule, pieces);
  } catch (error) {
    // A set, condition or load that does not resolve is reported (or refused) by its own rule.
    if (!(error instanceof ModelError)) throw error;
  }
  const errors = [...emptyTies(mesh), ...(split && rule.pieces === "error" ? [split] : []), ...restraint];
  return { errors, warnings: split && rule.pieces === "warning" ? [split] : [] };
}

/**
 * model.check's connectivity items: broken ties; the pieces once, an error when a step needs them joined, else a
 * warning; each step's restraint errors (left out for steps whose own check already found them unsupported).
 */
export function connectivityReport(model: Model, rules: { step: StepDefinition; rule?: ConnectivityRule; quiet: boolean }[]): { errors: CheckItem[]; warnings: CheckItem[] } {
  const mesh = model.mesh?.mesh;
  if (!mesh) return { errors: [], warnings: [] };
  const pieces = modelPieces(mesh);
  const errors: CheckItem[] = [...emptyTies(mesh)];
  const warnings: CheckItem[] = [];
  const needing = (level: "error" | "warning") => rules.filter((r) => r.rule?.pieces === level).map((r) => r.step.name);
  const strict = needing("error");
  const split = strict.length > 0 ? piecesItem(pieces, { pieces: "error" }, strict) : needing("warning").length > 0 ? piecesItem(pieces, { pieces: "warning" }, needing("warning")) : null;
  if (split) (strict.length > 0 ? errors : warnings).push(split);
  for (const { step, rule, quiet } of rules) {
    if (!rule || quiet) continue;
    try {
      errors.push(...restraintItems(model, step, rule, pieces));
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
    }
  }
  return { errors, warnings };
}

/** Refuses a step whose model is in pieces or not held, with model.check's words (before any assembly). */
export function refuseUnconnected(model: Model, step: StepDefinition, rule: ConnectivityRule | undefined): void {
  const { errors } = stepConnectivity(model, step, rule);
  if (errors.length > 0) throw new ModelError(errors.map((e) => `${e.item}: ${e.message}`).join("; "));
}
