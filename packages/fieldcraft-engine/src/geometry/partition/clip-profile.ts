// A profile polygon cut by a line: the piece on one side, each edge keeping the face name of the edge it is part of
// and the stretch along the line named after the cut.
import type { Vec2 } from "../types.js";

export type ProfilePiece = { points: Vec2[]; names: string[] } | null;

/**
 * The part of the polygon where `side(p) <= 0` (Sutherland-Hodgman, which keeps the polygon's orientation).
 * `names[k]` names edge k (from point k to k + 1). Null when nothing is left; an error when the line leaves
 * more than one piece on this side (the cell would be several solids).
 */
export function clipProfile(points: readonly Vec2[], names: readonly string[], side: (p: Vec2) => number, cutName: string, eps: number): { ok: true; piece: ProfilePiece } | { ok: false; error: string } {
  const n = points.length;
  const s = points.map((p) => {
    const d = side(p);
    return Math.abs(d) <= eps ? 0 : d;
  });
  const out: { p: Vec2; name: string }[] = [];
  const cross = (a: Vec2, b: Vec2, sa: number, sb: number): Vec2 => {
    const t = sa / (sa - sb);
    return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
  };
  for (let k = 0; k < n; k++) {
    const P = points[k], Q = points[(k + 1) % n];
    const sP = s[k], sQ = s[(k + 1) % n];
    if (sP < 0) {
      if (sQ <= 0) out.push({ p: P, name: names[k] });
      else {
        out.push({ p: P, name: names[k] });
        out.push({ p: cross(P, Q, sP, sQ), name: cutName });
      }
    } else if (sP === 0) {
      if (sQ > 0) out.push({ p: P, name: cutName });
      else out.push({ p: P, name: names[k] });
    } else if (sQ < 0) out.push({ p: cross(P, Q, sP, sQ), name: names[k] });
  }
  if (out.length < 3 || s.every((v) => v >= 0)) return { ok: true, piece: null };
  const cuts = out.filter((o) => o.name === cutName).length;
  if (cuts > 1) return { ok: false, error: "the plane crosses the profile more than twice, so a side would be several separate solids; choose a plane that cuts the profile once" };
  return { ok: true, piece: { points: out.map((o) => o.p), names: out.map((o) => o.name) } };
}
