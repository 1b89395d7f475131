// A body made of one extrusion: a simple polygon swept along its plane's normal from `from` to `to`.
import { planePoint, planeVector } from "./planes.js";
import { polygonProblem, signedArea } from "./polygon.js";
import type { BodyEdge, BodyFace, BoundingBox, ExtrudeFeature, Vec3 } from "./types.js";

export interface ExtrudeGeometry {
  faces: BodyFace[];
  edges: BodyEdge[];
  volume: number;
  bbox: BoundingBox;
  /** Whether the profile as written runs counter-clockwise in its plane's (u, v) frame. */
  ccw: boolean;
}

export const startFace = (f: ExtrudeFeature) => f.names?.start ?? `${f.id}:start`;
export const endFace = (f: ExtrudeFeature) => f.names?.end ?? `${f.id}:end`;
export const sideFace = (f: ExtrudeFeature, k: number) => f.names?.sides?.[k - 1] ?? `${f.id}:side:${k}`;

export function analyzeExtrusion(f: ExtrudeFeature): { ok: true; geometry: ExtrudeGeometry } | { ok: false; error: string } {
  const problem = polygonProblem(f.profile);
  if (problem) return { ok: false, error: problem };
  const profile = f.profile;
  const n = profile.length;
  const area2 = signedArea(profile);
  const ccw = area2 > 0;
  const area = Math.abs(area2);
  const depth = Math.abs(f.to - f.from);
  // The normal w points from `from` to `to` when to > from; the end face looks along +w then.
  const up = f.to > f.from ? 1 : -1;
  const at = (i: number, w: number) => planePoint(f.plane, profile[i][0], profile[i][1], w);
  const ring = (w: number) => profile.map((_, i) => at(i, w));
  // Loops seen from outside: the end face sees the profile as written from +w*up.
  const ccwFromPlus = ccw === (up > 0);
  const endLoop = ccwFromPlus ? ring(f.to) : ring(f.to).reverse();
  const startLoop = ccwFromPlus ? ring(f.from).reverse() : ring(f.from);
  const faces: BodyFace[] = [
    { name: startFace(f), normal: planeVector(f.plane, 0, 0, -up), area, patches: [{ loops: [startLoop] }] },
    { name: endFace(f), normal: planeVector(f.plane, 0, 0, up), area, patches: [{ loops: [endLoop] }] },
  ];
  const lengths: number[] = [];
  for (let k = 0; k < n; k++) {
    const p = profile[k];
    const q = profile[(k + 1) % n];
    const du = q[0] - p[0];
    const dv = q[1] - p[1];
    const len = Math.hypot(du, dv);
    lengths.push(len);
    // Outward in-plane normal: right of the edge for a counter-clockwise profile.
    const s = ccw ? 1 : -1;
    const normal = planeVector(f.plane, (s * dv) / len, (-s * du) / len, 0);
    // Side quad seen from outside: along the edge at the far w, then back at the near w, when that is counter-clockwise.
    const quad = [at(k, f.from), at((k + 1) % n, f.from), at((k + 1) % n, f.to), at(k, f.to)];
    const cross = crossDot(quad, normal);
    faces.push({ name: sideFace(f, k + 1), normal, area: len * depth, patches: [{ loops: [cross > 0 ? quad : quad.reverse()] }] });
  }
  const edges: BodyEdge[] = [];
  const edge = (a: string, b: string, segment: [Vec3, Vec3]) => {
    const [f0, f1] = a < b ? [a, b] : [b, a];
    const length = Math.hypot(segment[1][0] - segment[0][0], segment[1][1] - segment[0][1], segment[1][2] - segment[0][2]);
    edges.push({ name: `${f0}|${f1}`, faces: [f0, f1], length, segments: [segment] });
  };
  for (let k = 0; k < n; k++) {
    edge(startFace(f), sideFace(f, k + 1), [at(k, f.from), at((k + 1) % n, f.from)]);
    edge(endFace(f), sideFace(f, k + 1), [at(k, f.to), at((k + 1) % n, f.to)]);
    edge(sideFace(f, k + 1), sideFace(f, ((k + 1) % n) + 1), [at((k + 1) % n, Math.min(f.from, f.to)), at((k + 1) % n, Math.max(f.from, f.to))]);
  }
  edges.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const lo = profile.reduce((m, p) => [Math.min(m[0], p[0]), Math.min(m[1], p[1])], [Infinity, Infinity]);
  const hi = profile.reduce((m, p) => [Math.max(m[0], p[0]), Math.max(m[1], p[1])], [-Infinity, -Infinity]);
  const bbox: BoundingBox = {
    min: planePoint(f.plane, lo[0], lo[1], Math.min(f.from, f.to)),
    max: planePoint(f.plane, hi[0], hi[1], Math.max(f.from, f.to)),
  };
  return { ok: true, geometry: { faces, edges, volume: area * depth, bbox, ccw } };
}

/** (p1 - p0) x (p2 - p1) . normal: positive when the loop turns counter-clockwise seen along -normal. */
function crossDot(quad: Vec3[], normal: Vec3): number {
  const [p0, p1, p2] = quad;
  const u = [p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]];
  const v = [p2[0] - p1[0], p2[1] - p1[1], p2[2] - p1[2]];
  return (u[1] * v[2] - u[2] * v[1]) * normal[0] + (u[2] * v[0] - u[0] * v[2]) * normal[1] + (u[0] * v[1] - u[1] * v[0]) * normal[2];
}
