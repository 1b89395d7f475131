// Edge seeds and the interval assignment of a box union's grid. Each design edge of a box union runs along one
// axis over a range of grid intervals; one count per interval (shared by every block) keeps faces conforming, so
// a seed is a constraint "the counts over these intervals sum to c". Exact seeds are placed shortest span first,
// spreading what is left over the intervals no earlier seed fixed; a seed whose span is already fixed to another
// sum, or too short for its count, is refused naming the seeds involved.
import type { Body, BodyEdge } from "../geometry/types.js";

export interface SeedRule {
  /** Name shown in messages (`#k` with the seed's edges). */
  label: string;
  count?: number;
  size?: number;
  constraint: "exact" | "min" | "free";
  edges: string[];
  bias?: { ratio: number; toward: "start" | "end" | "both" };
}

/** Grading of one grid interval: largest over smallest division, and where the small ones are. */
export interface IntervalGrading {
  ratio: number;
  small: "low" | "high" | "both";
}

/** Division fractions 0..1 of an interval in `count` parts (count + 1 values), graded geometrically. */
export function gradedFractions(count: number, grading?: IntervalGrading): number[] {
  if (!grading || count < 2 || grading.ratio === 1) return Array.from({ length: count + 1 }, (_, i) => i / count);
  const steps = grading.small === "both" ? Math.floor((count - 1) / 2) : count - 1;
  if (steps === 0) return Array.from({ length: count + 1 }, (_, i) => i / count);
  const q = grading.ratio ** (1 / steps);
  const sizes = Array.from({ length: count }, (_, k) => q ** (grading.small === "low" ? k : grading.small === "high" ? count - 1 - k : Math.min(k, count - 1 - k)));
  const total = sizes.reduce((a, b) => a + b, 0);
  const out = [0];
  for (const h of sizes) out.push(out[out.length - 1] + h / total);
  out[count] = 1;
  return out;
}

/** The axis and coordinate range of a straight, axis-aligned edge, or null. */
export function edgeSpan(edge: BodyEdge): { axis: number; lo: number; hi: number } | null {
  let axis = -1, lo = Infinity, hi = -Infinity;
  for (const [p, q] of edge.segments) {
    const moving = [0, 1, 2].filter((a) => Math.abs(p[a] - q[a]) > 1e-12);
    if (moving.length !== 1 || (axis >= 0 && moving[0] !== axis)) return null;
    axis = moving[0];
    lo = Math.min(lo, p[axis], q[axis]);
    hi = Math.max(hi, p[axis], q[axis]);
  }
  return axis < 0 ? null : { axis, lo, hi };
}

/** Adjusts `intervals` (counts per axis interval, from the size) to the seeds; an error names the seeds in conflict. */
export function assignIntervals(
  body: Body,
  coords: readonly Float64Array[],
  intervals: number[][],
  seeds: readonly SeedRule[],
  grading: (IntervalGrading | undefined)[][] = intervals.map(() => []),
  /** Filled with true for every interval a seed set or graded (the tet mesher divides those exactly). */
  seeded: boolean[][] = intervals.map(() => []),
): { ok: true } | { ok: false; error: string } {
  const fixedBy: (string | null)[][] = intervals.map((row) => row.map(() => null));
  type Item = { seed: SeedRule; edge: string; axis: number; range: number[]; count: number; startLow: boolean };
  const items: Item[] = [];
  for (const seed of seeds)
    for (const name of seed.edges) {
      const edge = body.edges.find((e) => e.name === name);
      if (!edge) continue; // a stale seed: mesh.seed.list shows it
      const span = edgeSpan(edge);
      if (!span) return { ok: false, error: `seed ${seed.label}: edge "${name}" of body "${body.name}" is not a straight axis-aligned edge` };
      const c = coords[span.axis];
      const range: number[] = [];
      for (let i = 0; i + 1 < c.length; i++) if (c[i] >= span.lo - 1e-9 && c[i + 1] <= span.hi + 1e-9) range.push(i);
      const count = seed.count ?? Math.max(1, Math.ceil(edge.length / seed.size! - 1e-9));
      items.push({ seed, edge: name, axis: span.axis, range, count, startLow: edge.segments[0][0][span.axis] <= span.lo + 1e-9 });
    }
  const order = { exact: 0, min: 1, free: 2 } as const;
  items.sort((a, b) => order[a.seed.constraint] - order[b.seed.constraint] || a.range.length - b.range.length);
  for (const it of items) {
    // Bias grades every interval the edge spans (shared by the blocks along it, as the counts are).
    const bias = it.seed.bias;
    if (bias)
      for (const i of it.range) {
        grading[it.axis][i] = { ratio: bias.ratio, small: bias.toward === "both" ? "both" : (bias.toward === "start") === it.startLow ? "low" : "high" };
        seeded[it.axis][i] = true;
      }
    const row = intervals[it.axis], fixed = fixedBy[it.axis];
    const open = it.range.filter((i) => fixed[i] === null);
    const taken = it.range.filter((i) => fixed[i] !== null).reduce((s, i) => s + row[i], 0);
    const current = it.range.reduce((s, i) => s + row[i], 0);
    if (it.seed.constraint === "min" && current >= it.count) continue;
    const left = it.count - taken;
    const others = [...new Set(it.range.map((i) => fixed[i]).filter((x): x is string => x !== null))];
    if (open.length === 0 || left < open.length) {
      if (it.seed.constraint === "free") continue;
      if (open.length === 0 && taken === it.count) continue;
      return {
        ok: false,
        error: `seeds conflict: ${it.seed.label} asks ${it.count} divisions on edge "${it.edge}", but ${others.join(", ")} already ${open.length === 0 ? `fix ${taken} there` : `leave ${left} for ${open.length} intervals`}; change or clear one of them (mesh.seed.clear)`,
      };
    }
    // Spread what is left over the open intervals by length (largest remainders first), each at least one.
    const lengths = open.map((i) => coords[it.axis][i + 1] - coords[it.axis][i]);
    const total = lengths.reduce((s, v) => s + v, 0);
    const share = lengths.map((l) => 1 + ((left - open.length) * l) / total);
    const counts = share.map(Math.floor);
    let rest = left - counts.reduce((s, v) => s + v, 0);
    const byRemainder = share.map((v, k) => [v - Math.floor(v), k]).sort((a, b) => b[0] - a[0]);
    for (let r = 0; rest > 0; r++, rest--) counts[byRemainder[r % counts.length][1]]++;
    open.forEach((i, k) => {
      row[i] = counts[k];
      seeded[it.axis][i] = true;
      if (it.seed.constraint !== "free") fixed[i] = it.seed.label;
    });
  }
  return { ok: true };
}
