// Whether the boundary's straight segments (the triangulation's chords) cross: points sliding along a bent
// polyline, coarser than its bends, can make chords that cut each other or another loop. The mesher refines the
// boundary where they do and tries again.
import type { Vec2 } from "../../geometry/types.js";

const orient = (a: Vec2, b: Vec2, c: Vec2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);

function cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = orient(a, b, c), d2 = orient(a, b, d), d3 = orient(c, d, a), d4 = orient(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/** Midpoints and lengths of the chords that cross another chord (closed loops, chords between consecutive points). */
export function crossingChords(loops: Vec2[][]): { at: Vec2; length: number }[] {
  const chords: [Vec2, Vec2][] = loops.flatMap((l) => l.map((p, k) => [p, l[(k + 1) % l.length]] as [Vec2, Vec2]));
  // Sorted by least x so each chord is tested only against those whose x ranges overlap.
  const order = chords.map((_, i) => i).sort((i, j) => Math.min(chords[i][0][0], chords[i][1][0]) - Math.min(chords[j][0][0], chords[j][1][0]));
  const bad = new Set<number>();
  for (let a = 0; a < order.length; a++) {
    const [p, q] = chords[order[a]];
    const maxX = Math.max(p[0], q[0]);
    for (let b = a + 1; b < order.length; b++) {
      const [r, s] = chords[order[b]];
      if (Math.min(r[0], s[0]) > maxX) break;
      if (cross(p, q, r, s)) bad.add(order[a]).add(order[b]);
    }
  }
  return [...bad].map((i) => {
    const [p, q] = chords[i];
    return { at: [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2] as Vec2, length: Math.hypot(q[0] - p[0], q[1] - p[1]) };
  });
}
