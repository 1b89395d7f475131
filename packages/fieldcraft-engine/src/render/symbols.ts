// The analysis setup drawn as symbols: supports as cones pointing at their nodes, forces and pressures as
// arrows ending on the model. A definition on many nodes is drawn with an evenly spread sample.
import type { Vec3 } from "../geometry/types.js";
import { meshFamily, type Mesh } from "../mesh/types.js";
import type { Rgb } from "./raster.js";
import { COLORS } from "./palette.js";

export type SymbolDef =
  | { kind: "fixed"; name: string; nodes: ArrayLike<number> }
  /** `vector`: the prescribed displacement (0 for a component held in place); non-zero adds an arrow. */
  | { kind: "displacement"; name: string; nodes: ArrayLike<number>; vector?: Vec3 }
  | { kind: "force"; name: string; nodes: ArrayLike<number>; vector: Vec3 }
  | { kind: "pressure"; name: string; facets: { element: ArrayLike<number>; side: ArrayLike<number> }; value: number }
  /** A reference point coupled to a face: a marker at `point` and spokes to (a sample of) the face's nodes; `force` adds an arrow at the point. */
  | { kind: "coupling"; name: string; point: Vec3; nodes: ArrayLike<number>; force?: Vec3 };

export const SYMBOL_COLORS: Readonly<Record<SymbolDef["kind"], Rgb>> = {
  fixed: COLORS.fixed,
  displacement: COLORS.displacement,
  force: COLORS.force,
  pressure: COLORS.pressure,
  coupling: COLORS.coupling,
};

/** A cone with its apex on the model and its base outside, or an arrow whose head touches the model. */
export type Glyph =
  | { type: "cone"; apex: Vec3; axis: Vec3; color: Rgb }
  | { type: "arrow"; head: Vec3; direction: Vec3; color: Rgb }
  | { type: "marker"; at: Vec3; color: Rgb }
  | { type: "line"; from: Vec3; to: Vec3; color: Rgb };

export interface SymbolReport {
  name: string;
  kind: SymbolDef["kind"];
  /** Nodes or facets the definition holds. */
  count: number;
  /** Glyphs drawn for it. */
  drawn: number;
}

export const DEFAULT_MAX_GLYPHS = 40;

/** Is point i before point j in (x, y, z) order? Ties between equally good candidates go to the earlier point. */
function before(points: Float64Array, i: number, j: number): boolean {
  for (let k = 0; k < 3; k++) {
    const a = points[3 * i + k], b = points[3 * j + k];
    if (a !== b) return a < b;
  }
  return i < j;
}

/**
 * Picks at most `cap` of the points spread evenly in space: farthest-point sampling from the first point in
 * (x, y, z) order, ties broken the same way, so the sample depends on where the points are and not on the
 * order they come in (a renumbered mesh keeps its pictures). Returns indices into the points, ascending.
 */
export function spreadSample(points: Float64Array, cap: number): number[] {
  const count = points.length / 3;
  if (count <= cap) return Array.from({ length: count }, (_, i) => i);
  let next = 0;
  for (let i = 1; i < count; i++) if (before(points, i, next)) next = i;
  const dist = new Float64Array(count).fill(Infinity);
  const chosen: number[] = [];
  for (let k = 0; k < cap; k++) {
    chosen.push(next);
    const px = points[3 * next], py = points[3 * next + 1], pz = points[3 * next + 2];
    let best = -1, bestD = -1;
    for (let i = 0; i < count; i++) {
      const dx = points[3 * i] - px, dy = points[3 * i + 1] - py, dz = points[3 * i + 2] - pz;
      const d = dx * dx + dy * dy + dz * dz;
      if (d < dist[i]) dist[i] = d;
      if (dist[i] > bestD || (dist[i] === bestD && before(points, i, best))) {
        bestD = dist[i];
        best = i;
      }
    }
    if (bestD <= 0) break;
    next = best;
  }
  return chosen.sort((a, b) => a - b);
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
}

/**
 * Glyphs for every definition. `position(node)` gives a node's drawn (possibly deformed) place and
 * `normal(node)` its outward normal; `facetPoint` and `facetNormal` the same for a boundary facet.
 */
export function buildGlyphs(
  symbols: readonly SymbolDef[],
  mesh: Mesh,
  position: (node: number) => Vec3,
  normal: (node: number) => Vec3,
  maxGlyphs: number,
): { glyphs: Glyph[]; reports: SymbolReport[] } {
  const glyphs: Glyph[] = [];
  const reports: SymbolReport[] = [];
  const fam = meshFamily(mesh);
  const npe = fam.nodes;
  for (const def of symbols) {
    const color = SYMBOL_COLORS[def.kind];
    if (def.kind === "pressure") {
      const count = def.facets.element.length;
      const centres = new Float64Array(count * 3);
      const normals = new Float64Array(count * 3);
      for (let f = 0; f < count; f++) {
        const base = def.facets.element[f] * npe;
        // Centre and normal from the face's first three corners (a triangle; planar faces of any family).
        const fc = fam.faces[def.facets.side[f]].nodes.slice(0, 3);
        const ps = fc.map((c) => position(mesh.elements[base + c]));
        for (let k = 0; k < 3; k++) centres[3 * f + k] = (ps[0][k] + ps[1][k] + ps[2][k]) / 3;
        const u = [ps[1][0] - ps[0][0], ps[1][1] - ps[0][1], ps[1][2] - ps[0][2]];
        const v = [ps[2][0] - ps[0][0], ps[2][1] - ps[0][1], ps[2][2] - ps[0][2]];
        const n = unit([v[1] * u[2] - v[2] * u[1], v[2] * u[0] - v[0] * u[2], v[0] * u[1] - v[1] * u[0]]);
        normals.set(n, 3 * f);
      }
      const picked = spreadSample(centres, maxGlyphs);
      const sign = def.value >= 0 ? -1 : 1; // positive pressure pushes into the element: against the outward normal
      for (const f of picked) {
        glyphs.push({
          type: "arrow",
          head: [centres[3 * f], centres[3 * f + 1], centres[3 * f + 2]],
          direction: [sign * normals[3 * f], sign * normals[3 * f + 1], sign * normals[3 * f + 2]],
          color,
        });
      }
      reports.push({ name: def.name, kind: def.kind, count, drawn: picked.length });
      continue;
    }
    const nodes = def.nodes;
    const points = new Float64Array(nodes.length * 3);
    for (let i = 0; i < nodes.length; i++) points.set(position(nodes[i]), 3 * i);
    const picked = spreadSample(points, maxGlyphs);
    if (def.kind === "coupling") {
      glyphs.push({ type: "marker", at: def.point, color });
      for (const i of picked) glyphs.push({ type: "line", from: def.point, to: position(nodes[i]), color });
      if (def.force && (def.force[0] !== 0 || def.force[1] !== 0 || def.force[2] !== 0)) glyphs.push({ type: "arrow", head: def.point, direction: unit(def.force), color: COLORS.force });
      reports.push({ name: def.name, kind: def.kind, count: nodes.length, drawn: picked.length });
      continue;
    }
    for (const i of picked) {
      const node = nodes[i];
      const p = position(node);
      if (def.kind === "force") {
        glyphs.push({ type: "arrow", head: p, direction: unit(def.vector), color });
      } else {
        let n = normal(node);
        if (n[0] === 0 && n[1] === 0 && n[2] === 0) n = [0, 0, -1];
        glyphs.push({ type: "cone", apex: p, axis: n, color });
        const moved = def.kind === "displacement" && def.vector ? unit(def.vector) : null;
        if (moved && (moved[0] !== 0 || moved[1] !== 0 || moved[2] !== 0)) glyphs.push({ type: "arrow", head: p, direction: moved, color });
      }
    }
    reports.push({ name: def.name, kind: def.kind, count: nodes.length, drawn: picked.length });
  }
  return { glyphs, reports };
}
