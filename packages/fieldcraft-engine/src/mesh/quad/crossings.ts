// Whether the boundary's straight segments (the triangulation's chords) cross or nearly touch: points sliding along
// a bent polyline, coarser than its bends, can make chords that cut each other or pass a hair from another loop
// (a needle element there). The mesher refines the boundary where they do and tries again.
import { segmentDistance } from "../../geometry/polygon.js";
import type { Vec2 } from "../../geometry/types.js";

/** A chord's end closer than this fraction of the other chord's length to it counts as nearly touching. */
const NEAR = 0.2;

const orient = (a: Vec2, b: Vec2, c: Vec2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
const same = (a: Vec2, b: Vec2) => a[0] === b[0] && a[1] === b[1];

/** Segments that cross or touch (a point of one on the other counts: no triangulation can take it either). */
function cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = orient(a, b, c), d2 = orient(a, b, d), d3 = orient(c, d, a), d4 = orient(c, d, b);
  if (d1 === 0 && d2 === 0) {
    // Collinear: they meet where their spans along the line overlap.
    const k = Math.abs(b[0] - a[0]) >= Math.abs(b[1] - a[1]) ? 0 : 1;
    return Math.max(Math.min(a[k], b[k]), Math.min(c[k], d[k])) <= Math.min(Math.max(a[k], b[k]), Math.max(c[k], d[k]));
  }
  return d1 * d2 <= 0 && d3 * d4 <= 0;
}

const near = (p: Vec2, a: Vec2, b: Vec2) => segmentDistance(a[0], a[1], b[0], b[1], p[0], p[1]) < NEAR * Math.hypot(b[0] - a[0], b[1] - a[1]);

export interface ChordProblem {
  at: Vec2;
  length: number;
  /** True where chords cross (no mesh possible), false where they only come close. */
  crossing: boolean;
}

/** The chords (closed loops, between consecutive points) that cross or nearly touch another chord. */
export function chordProblems(loops: Vec2[][]): ChordProblem[] {
  const chords: [Vec2, Vec2][] = loops.flatMap((l) => l.map((p, k) => [p, l[(k + 1) % l.length]] as [Vec2, Vec2]));
  const longest = Math.max(...chords.map(([p, q]) => Math.hypot(q[0] - p[0], q[1] - p[1])));
  // Sorted by least x so each chord is tested only against those whose x ranges come within reach.
  const order = chords.map((_, i) => i).sort((i, j) => Math.min(chords[i][0][0], chords[i][1][0]) - Math.min(chords[j][0][0], chords[j][1][0]));
  const found = new Map<number, boolean>();
  const mark = (i: number, crossing: boolean) => found.set(i, crossing || (found.get(i) ?? false));
  for (let a = 0; a < order.length; a++) {
    const [p, q] = chords[order[a]];
    const reach = Math.max(p[0], q[0]) + NEAR * longest;
    for (let b = a + 1; b < order.length; b++) {
      const [r, s] = chords[order[b]];
      if (Math.min(r[0], s[0]) > reach) break;
      if (same(p, r) || same(p, s) || same(q, r) || same(q, s)) continue;
      if (cross(p, q, r, s)) {
        mark(order[a], true);
        mark(order[b], true);
      } else if (near(r, p, q) || near(s, p, q) || near(p, r, s) || near(q, r, s)) {
        mark(order[a], false);
        mark(order[b], false);
      }
    }
  }
  return [...found].map(([i, crossing]) => {
    const [p, q] = chords[i];
    return { at: [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as Vec2, length: Math.hypot(q[0] - p[0], q[1] - p[1]), crossing };
  });
}
