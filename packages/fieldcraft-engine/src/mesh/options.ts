// Options of the tet mesher, their defaults and caps.
import { familyOf } from "../fem/families/index.js";
import type { Body } from "../geometry/types.js";
import { DEFAULT_CAPS } from "../base/caps.js";
import type { EdgeSeed } from "../model/types.js";
import { heartbeat } from "../fem/cancel-scope.js";

export interface TetMeshOptions {
  /** Bodies to mesh, by name; all bodies when omitted. Each is meshed on its own (bodies are not merged). */
  bodies?: string[];
  /** Target element edge length in model units; default: the body's longest bounding-box side / DEFAULT_DIVISIONS. */
  size?: number;
  /**
   * Largest distance allowed between the design's boundary and the mesh's. Every v1 face is planar and
   * every v1 edge straight, so the mesh reproduces the boundary exactly (deviation 0) and tolerance never
   * refines a v1 mesh; it is validated and reported so that curved features can honour it later.
   */
  tolerance?: number;
  order: 1 | 2;
  /** Edge seeds of the model (`mesh.seed.edge`): seeded edges are divided at the seed's nodes, sizes graded from them. */
  seeds?: readonly EdgeSeed[];
  /** Cap on elements (default DEFAULT_MAX_ELEMENTS); exceeding it is a failure naming the cap. */
  maxElements?: number;
  /** Cap on nodes (default DEFAULT_MAX_NODES). */
  maxNodes?: number;
  signal?: AbortSignal;
}

export const DEFAULT_DIVISIONS = 20;
// The session's caps are the one source of truth; a direct caller of the mesher gets the same defaults.
export const DEFAULT_MAX_ELEMENTS = DEFAULT_CAPS.maxElements;
export const DEFAULT_MAX_NODES = DEFAULT_CAPS.maxNodes;

export interface ResolvedOptions {
  bodies: Body[];
  size: number | undefined;
  tolerance: number | undefined;
  order: 1 | 2;
  maxElements: number;
  maxNodes: number;
  signal: AbortSignal | undefined;
}

export function resolveOptions(all: Body[], o: TetMeshOptions): { ok: true; options: ResolvedOptions } | { ok: false; error: string } {
  if (o === null || typeof o !== "object") return { ok: false, error: "options: expected an object with at least order: 1 or 2" };
  if (o.order !== 1 && o.order !== 2) return { ok: false, error: `order: must be 1 (${familyOf("tetrahedron", 1).name}) or 2 (${familyOf("tetrahedron", 2).name}), got ${JSON.stringify(o.order)}` };
  const positive = (name: string, v: unknown): string | null =>
    v === undefined || (typeof v === "number" && Number.isFinite(v) && v > 0) ? null : `${name}: must be a positive number, got ${JSON.stringify(v)}`;
  const count = (name: string, v: unknown): string | null =>
    v === undefined || (typeof v === "number" && Number.isInteger(v) && v > 0) ? null : `${name}: must be a positive whole number, got ${JSON.stringify(v)}`;
  const problem = positive("size", o.size) ?? positive("tolerance", o.tolerance) ?? count("maxElements", o.maxElements) ?? count("maxNodes", o.maxNodes);
  if (problem) return { ok: false, error: problem };
  let bodies = all;
  if (o.bodies !== undefined) {
    if (!Array.isArray(o.bodies) || o.bodies.length === 0) return { ok: false, error: "bodies: give at least one body name, or leave bodies out to mesh all" };
    bodies = [];
    for (const name of o.bodies) {
      const body = all.find((b) => b.name === name);
      if (!body) {
        return { ok: false, error: `bodies: no body named ${JSON.stringify(name)}; the design has ${all.map((b) => JSON.stringify(b.name)).join(", ")}` };
      }
      if (!bodies.includes(body)) bodies.push(body);
    }
  }
  return {
    ok: true,
    options: {
      bodies,
      size: o.size,
      tolerance: o.tolerance,
      order: o.order,
      maxElements: o.maxElements ?? DEFAULT_MAX_ELEMENTS,
      maxNodes: o.maxNodes ?? DEFAULT_MAX_NODES,
      signal: o.signal,
    },
  };
}

export function defaultSize(body: Body): number {
  const { min, max } = body.bbox;
  return Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / DEFAULT_DIVISIONS;
}

/** Divisions of a length at a target size: at least one, and no more than needed (a hair of rounding slack). */
export function divisions(length: number, size: number): number {
  return Math.max(1, Math.ceil(length / size - 1e-9));
}

export class MeshFailure extends Error {}

/** How sure a count is: exact, a lower bound, or an estimate. */
export type CountKind = "exact" | "at least" | "about";

export function capError(what: "elements" | "nodes", count: number, cap: number, body: string, size: number, kind: CountKind = "exact"): MeshFailure {
  const capName = what === "elements" ? "maxElements" : "maxNodes";
  const amount = !Number.isFinite(count) || count > 1e15 ? "far more than" : kind === "exact" ? "" : kind;
  const shown = amount === "far more than" ? String(cap) : String(Math.round(count));
  return new MeshFailure(
    `body "${body}": the mesh would have ${amount ? `${amount} ` : ""}${shown} ${what}, above the cap ${capName} = ${cap}; use a larger size (now ${size}) or raise ${capName}`,
  );
}

export function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new MeshFailure("meshing was cancelled");
  heartbeat();
}
