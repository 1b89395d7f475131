// Plane polygons: signed area and the simplicity check an extrusion profile must pass.
import type { Vec2 } from "./types.js";

/** Shoelace area: positive when the points run counter-clockwise. */
export function signedArea(points: readonly Vec2[]): number {
  let twice = 0;
  for (let i = 0, n = points.length; i < n; i++) {
    const [x0, y0] = points[i];
    const [x1, y1] = points[(i + 1) % n];
    twice += x0 * y1 - x1 * y0;
  }
  return twice / 2;
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] && p[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= p[1] && p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether closed segments ab and cd share any point (exact for the collinear cases too). */
export function segmentsTouch(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = Math.sign(orient(a, b, c));
  const o2 = Math.sign(orient(a, b, d));
  const o3 = Math.sign(orient(c, d, a));
  const o4 = Math.sign(orient(c, d, b));
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/**
 * Why a closed polygon is not simple, or null when it is. Edge k runs from point k to point k+1
 * (1-based in messages, as in face names `side:<k>`).
 */
export function polygonProblem(points: readonly Vec2[]): string | null {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i];
    const b = points[(i + 1) % n];
    if (a[0] === b[0] && a[1] === b[1]) {
      return i === n - 1
        ? `profile[${n - 1}] repeats profile[0]: the profile closes by itself, leave the last point out`
        : `profile[${i}] and profile[${i + 1}] are the same point: edge ${i + 1} has zero length`;
    }
  }
  for (let i = 0; i < n; i++) {
    const a = points[i];
    const b = points[(i + 1) % n];
    for (let j = i + 1; j < n; j++) {
      const c = points[j];
      const d = points[(j + 1) % n];
      const adjacentNext = j === i + 1;
      const adjacentWrap = i === 0 && j === n - 1;
      if (adjacentNext || adjacentWrap) {
        // Neighbours share one point; they must not fold back over each other.
        const [p, q, r] = adjacentNext ? [a, b, d] : [c, a, b];
        if (orient(p, q, r) === 0 && (r[0] - q[0]) * (p[0] - q[0]) + (r[1] - q[1]) * (p[1] - q[1]) > 0) {
          const [e1, e2] = adjacentNext ? [i + 1, j + 1] : [j + 1, i + 1];
          return `edges ${e1} and ${e2} fold back over each other at profile[${adjacentNext ? j : 0}]`;
        }
        continue;
      }
      if (segmentsTouch(a, b, c, d)) {
        return `edges ${i + 1} and ${j + 1} cross or touch: the profile must be a simple polygon`;
      }
    }
  }
  if (signedArea(points) === 0) return "the profile encloses no area";
  return null;
}

/** Even-odd point-in-polygon test. */
export function pointInPolygon(points: readonly Vec2[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from (x, y) to segment ab. */
export function segmentDistance(ax: number, ay: number, bx: number, by: number, x: number, y: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const px = ax + t * dx - x;
  const py = ay + t * dy - y;
  return Math.sqrt(px * px + py * py);
}
