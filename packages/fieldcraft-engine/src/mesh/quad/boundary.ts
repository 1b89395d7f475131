// Boundary points of a face: each loop is cut into chains at its corners (and at the ends of seeded edges), and
// each chain is divided along its arc length, by its seed (count or size, graded by the bias) or else so that
// segments follow the size field. A chain given as a fine polyline (a hole drawn as a 64-gon) is one curve:
// points slide along it instead of stopping at every vertex. `even`: every chain gets an even count, because
// the all-quadrilateral mesher halves the sides of a triangulation made from every other point.
import type { Vec2 } from "../../geometry/types.js";
import { MeshFailure } from "../options.js";
import { gradedFractions, type IntervalGrading } from "../seeds.js";
import type { SizeField } from "./sizeField.js";

/** A loop's vertices with the design edge of each side (side k runs from points[k] to points[k + 1]). */
export interface LabelledLoop {
  points: Vec2[];
  sides: string[];
}

export interface ChainSeed {
  label: string;
  count?: number;
  size?: number;
  constraint: "exact" | "min" | "free";
  bias?: { ratio: number; toward: "start" | "end" | "both" };
  /** The edge's start point: the bias is read from there. */
  start: Vec2;
}

export interface BoundaryLoop {
  /** Points in order (the loop closes on the first); with `even`, even indices are the triangulation's. */
  points: Vec2[];
  /** Design edge of segment k (points[k] to points[k + 1]). */
  labels: string[];
}

export interface SeededCount {
  seed: string;
  edge: string;
  count: number;
}

/** Turning angles above this make a corner: the chain stops there and the corner is a node. */
const CORNER = (25 * Math.PI) / 180;

const turn = (a: Vec2, b: Vec2, c: Vec2) => {
  const u = [b[0] - a[0], b[1] - a[1]], v = [c[0] - b[0], c[1] - b[1]];
  return Math.abs(Math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]));
};

/** Vertex indices where chains start. Empty: one closed smooth chain. */
function breaks(loop: LabelledLoop, seeded: (edge: string) => boolean): number[] {
  const n = loop.points.length;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    const prev = (k - 1 + n) % n;
    const corner = turn(loop.points[prev], loop.points[k], loop.points[(k + 1) % n]) > CORNER;
    const seedEnd = loop.sides[prev] !== loop.sides[k] && (seeded(loop.sides[prev]) || seeded(loop.sides[k]));
    if (corner || seedEnd) out.push(k);
  }
  return out;
}

/**
 * A curve's segments turn by at most this (radians) each: a hole drawn as a fine polyline gets enough points to
 * stay round, and the midpoints the quadrilateral split puts on the curve stay close to the triangles' chords.
 */
const MAX_TURN = Math.PI / 12;
const MAX_CHAIN_POINTS = 1_000_000;

/** Turning per unit length along each side of a chain: half the turn at each of its inner vertices over its length. */
function curvature(pts: Vec2[], cum: number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k + 1 < pts.length; k++) {
    const a = k > 0 ? turn(pts[k - 1], pts[k], pts[k + 1]) : 0;
    const b = k + 2 < pts.length ? turn(pts[k], pts[k + 1], pts[k + 2]) : 0;
    out.push((a + b) / 2 / Math.max(cum[k + 1] - cum[k], 1e-300));
  }
  return out;
}

/** Count from the size field (capped where the chain bends): the integral of ds / h along it, by sampling. */
function fieldFractions(pts: Vec2[], cum: number[], h: SizeField, minCount: number, even: boolean): number[] {
  const L = cum[cum.length - 1];
  const samples = 200 + 4 * pts.length;
  const kappa = curvature(pts, cum);
  const w: number[] = [0];
  for (let i = 1; i <= samples; i++) {
    const s = (L * (i - 0.5)) / samples;
    const [x, y] = at(pts, cum, s);
    const k = kappa[sideAt(cum, s)];
    w.push(w[i - 1] + L / samples / (k > 0 ? Math.min(h(x, y), MAX_TURN / k) : h(x, y)));
  }
  const total = w[samples];
  // Checked before the points are made: a tiny refinement size must not run the machine out of memory.
  if (total > MAX_CHAIN_POINTS) throw new MeshFailure(`an edge would get about ${Math.round(total)} boundary points at this size (at most ${MAX_CHAIN_POINTS}); use a larger size or refinement size`);
  let count = Math.max(minCount, Math.round(total));
  if (even) count = Math.max(minCount, 2 * Math.max(1, Math.round(total / 2)));
  // Equidistribute the integral: fraction of arc length where it reaches k / count.
  const out = [0];
  let i = 0;
  for (let k = 1; k < count; k++) {
    const target = (total * k) / count;
    while (w[i + 1] < target) i++;
    out.push((i + (target - w[i]) / (w[i + 1] - w[i])) / samples);
  }
  out.push(1);
  return out;
}

/** The point at arc length s along a polyline. */
function at(pts: Vec2[], cum: number[], s: number): Vec2 {
  let k = 0;
  while (k + 2 < cum.length && cum[k + 1] < s) k++;
  const t = cum[k + 1] > cum[k] ? Math.min(1, Math.max(0, (s - cum[k]) / (cum[k + 1] - cum[k]))) : 0;
  return [pts[k][0] + (pts[k + 1][0] - pts[k][0]) * t, pts[k][1] + (pts[k + 1][1] - pts[k][1]) * t];
}

function sideAt(cum: number[], s: number): number {
  let k = 0;
  while (k + 2 < cum.length && cum[k + 1] < s) k++;
  return k;
}

export function boundaryPoints(
  loops: LabelledLoop[],
  h: SizeField,
  seeds: ReadonlyMap<string, ChainSeed>,
  even: boolean,
): { ok: true; loops: BoundaryLoop[]; seeded: SeededCount[] } | { ok: false; error: string } {
  const out: BoundaryLoop[] = [];
  const seeded: SeededCount[] = [];
  for (const loop of loops) {
    const n = loop.points.length;
    const starts = breaks(loop, (e) => seeds.has(e));
    const closed = starts.length === 0;
    const chainStarts = closed ? [0] : starts;
    const points: Vec2[] = [], labels: string[] = [];
    for (let c = 0; c < chainStarts.length; c++) {
      const a = chainStarts[c];
      const b = closed ? a + n : chainStarts[(c + 1) % chainStarts.length] + (c + 1 === chainStarts.length ? n : 0);
      const pts: Vec2[] = [], sides: string[] = [];
      for (let k = a; k <= b; k++) pts.push(loop.points[k % n]);
      for (let k = a; k < b; k++) sides.push(loop.sides[k % n]);
      const cum = [0];
      for (let k = 1; k < pts.length; k++) cum.push(cum[k - 1] + Math.hypot(pts[k][0] - pts[k - 1][0], pts[k][1] - pts[k - 1][1]));
      const L = cum[cum.length - 1];
      // Fewest parts: a closed curve needs three triangle sides, a bent chain two, a straight one one.
      const minTri = closed ? 3 : pts.length > 2 ? 2 : 1;
      const minCount = even ? 2 * minTri : minTri;
      const seed = sides.every((s) => s === sides[0]) ? seeds.get(sides[0]) : undefined;
      let fractions: number[];
      if (seed) {
        const bySize = seed.size !== undefined ? Math.max(1, Math.ceil(L / seed.size - 1e-9)) : undefined;
        let count = seed.count ?? bySize!;
        if (count > MAX_CHAIN_POINTS) return { ok: false, error: `seed ${seed.label}: ${count} divisions on edge "${sides[0]}" exceed ${MAX_CHAIN_POINTS}; use a larger seed size` };
        if (seed.constraint === "min") count = Math.max(count, fieldFractions(pts, cum, h, minCount, even).length - 1);
        if (even && count % 2 === 1) {
          if (seed.constraint === "exact" && seed.count !== undefined)
            return { ok: false, error: `seed ${seed.label}: ${count} divisions on edge "${sides[0]}" is odd, and the all-quadrilateral mesh halves every side of its triangulation, so edges take even counts; seed ${count + 1} or ${count - 1}` };
          count++;
        }
        if (count < minCount) return { ok: false, error: `seed ${seed.label}: ${count} divisions on edge "${sides[0]}" are too few for its shape; give at least ${minCount}` };
        // The bias is read from the edge's start; the chain may run the other way round the loop.
        const reversed = Math.hypot(pts[0][0] - seed.start[0], pts[0][1] - seed.start[1]) > Math.hypot(pts[pts.length - 1][0] - seed.start[0], pts[pts.length - 1][1] - seed.start[1]);
        const toward = seed.bias?.toward;
        const grading: IntervalGrading | undefined = seed.bias
          ? { ratio: seed.bias.ratio, small: toward === "both" ? "both" : (toward === "start") !== reversed ? "low" : "high" }
          : undefined;
        fractions = gradedFractions(count, grading);
        seeded.push({ seed: seed.label, edge: sides[0], count });
      } else fractions = fieldFractions(pts, cum, h, minCount, even);
      for (let k = 0; k + 1 < fractions.length; k++) {
        points.push(at(pts, cum, fractions[k] * L));
        labels.push(sides[sideAt(cum, ((fractions[k] + fractions[k + 1]) / 2) * L)]);
      }
    }
    out.push({ points, labels });
  }
  return { ok: true, loops: out, seeded };
}
