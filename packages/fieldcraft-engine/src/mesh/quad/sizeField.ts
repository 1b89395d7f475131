// The target element size over a face: the global size, made smaller near refinement sources (named edges and
// points) and growing linearly away from them at GROWTH per unit distance, so graded meshes stay smooth.
import { segmentDistance } from "../../geometry/polygon.js";
import type { Vec2 } from "../../geometry/types.js";

/** Size increase per unit distance from a source: 0.3 keeps neighbouring elements within about 1.3x. */
export const GROWTH = 0.3;

export interface SizeSource {
  /** A point (one entry) or a polyline (segments between consecutive entries). */
  at: Vec2[];
  size: number;
}

export type SizeField = (x: number, y: number) => number;

function distance(s: SizeSource, x: number, y: number): number {
  if (s.at.length === 1) return Math.hypot(x - s.at[0][0], y - s.at[0][1]);
  let d = Infinity;
  for (let k = 0; k + 1 < s.at.length; k++) d = Math.min(d, segmentDistance(s.at[k][0], s.at[k][1], s.at[k + 1][0], s.at[k + 1][1], x, y));
  return d;
}

export function sizeField(size: number, sources: readonly SizeSource[]): SizeField {
  if (sources.length === 0) return () => size;
  return (x, y) => {
    let h = size;
    for (const s of sources) h = Math.min(h, s.size + GROWTH * distance(s, x, y));
    return h;
  };
}

/** The smallest size the field reaches (its sources' least, or the global size). */
export function smallestSize(size: number, sources: readonly SizeSource[]): number {
  return Math.min(size, ...sources.map((s) => s.size));
}
