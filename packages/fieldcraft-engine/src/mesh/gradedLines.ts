// Mesh lines along one axis of a box grid: each interval divided to the target size, and sizes next
// to a short interval grown gradually (by GROWTH per element) so cells stay well shaped near steps.
import { divisions } from "./options.js";
import { gradedFractions, type IntervalGrading } from "./seeds.js";

/** Largest ratio between neighbouring element lengths that grading aims for. */
export const GROWTH = 1.3;
const SAMPLES = 64;

export interface AxisLines {
  /** Mesh line coordinates, ascending. */
  x: Float64Array;
  /** Geometry interval of each mesh interval. */
  cell: Int32Array;
  /** Geometry coordinate index of each mesh line, or -1 between geometry coordinates. */
  plane: Int32Array;
}

/**
 * `seeded[i]` (edge seeds, from the interval assignment) divides interval i in exactly that many parts, graded as
 * asked; its smallest part is the size its neighbours grade from.
 */
export function gradedLines(coords: Float64Array, size: number, seeded: readonly ({ count: number; grading?: IntervalGrading } | undefined)[] = []): AxisLines {
  const n = coords.length - 1;
  // Even element length each interval would have on its own (a seeded one: its smallest division).
  const even = new Float64Array(n);
  const fractions = seeded.map((sd) => (sd ? gradedFractions(sd.count, sd.grading) : undefined));
  for (let i = 0; i < n; i++) {
    const t = fractions[i];
    even[i] = t ? (coords[i + 1] - coords[i]) * Math.min(...t.slice(1).map((v, k) => v - t[k])) : (coords[i + 1] - coords[i]) / divisions(coords[i + 1] - coords[i], size);
  }
  const slope = GROWTH - 1;
  const sizeAt = (x: number, own: number): number => {
    let s = even[own];
    for (let j = 0; j < n; j++) {
      if (j === own || even[j] >= s) continue;
      const d = x < coords[j] ? coords[j] - x : x > coords[j + 1] ? x - coords[j + 1] : 0;
      s = Math.min(s, even[j] + slope * d);
    }
    return s;
  };
  const xs: number[] = [];
  const cells: number[] = [];
  const planes: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = coords[i];
    const L = coords[i + 1] - a;
    // Cumulative element count F(x) = integral of 1 / size over the interval, sampled.
    const F = new Float64Array(SAMPLES + 1);
    let graded = false;
    for (let k = 0; k < SAMPLES; k++) {
      const s0 = sizeAt(a + (L * k) / SAMPLES, i);
      const s1 = sizeAt(a + (L * (k + 1)) / SAMPLES, i);
      const sm = sizeAt(a + (L * (k + 0.5)) / SAMPLES, i);
      if (s0 < even[i] || s1 < even[i] || sm < even[i]) graded = true;
      F[k + 1] = F[k] + ((L / SAMPLES) * (1 / s0 + 4 / sm + 1 / s1)) / 6;
    }
    xs.push(a);
    planes.push(i);
    const t = fractions[i];
    if (t) {
      for (let k = 1; k < t.length - 1; k++) {
        xs.push(a + L * t[k]);
        planes.push(-1);
      }
      for (let k = 1; k < t.length; k++) cells.push(i);
      continue;
    }
    if (!graded) {
      // Even division: exactly the count and positions of `divisions`.
      const d = divisions(L, size);
      for (let k = 1; k < d; k++) {
        xs.push(a + (L * k) / d);
        planes.push(-1);
      }
      for (let k = 0; k < d; k++) cells.push(i);
      continue;
    }
    const d = Math.max(1, Math.ceil(F[SAMPLES] - 1e-9));
    for (let k = 1, seg = 0; k < d; k++) {
      const target = (F[SAMPLES] * k) / d;
      while (F[seg + 1] < target) seg++;
      const t = (target - F[seg]) / (F[seg + 1] - F[seg]);
      xs.push(a + (L * (seg + t)) / SAMPLES);
      planes.push(-1);
    }
    for (let k = 0; k < d; k++) cells.push(i);
  }
  xs.push(coords[n]);
  planes.push(n);
  return { x: Float64Array.from(xs), cell: Int32Array.from(cells), plane: Int32Array.from(planes) };
}
