// Time functions that scale loads and prescribed motion in explicit steps: piecewise linear tables (held
// constant beyond their ends, as Abaqus *AMPLITUDE and LS-DYNA *DEFINE_CURVE extrapolate) and a smooth step.

export type AmplitudeSpec = { points: readonly (readonly [number, number])[] } | { smooth_step: { t0: number; t1: number } };

/** A(t) as a function; without an amplitude the value applies in full from t = 0. */
export type TimeFunction = (t: number) => number;

export const UNIT_STEP: TimeFunction = () => 1;

export function timeFunction(spec: AmplitudeSpec | undefined): TimeFunction {
  if (!spec) return UNIT_STEP;
  if ("smooth_step" in spec) {
    const { t0, t1 } = spec.smooth_step;
    // Abaqus SMOOTH STEP: the quintic with zero slope and curvature at both ends.
    return (t) => {
      if (t <= t0) return 0;
      if (t >= t1) return 1;
      const x = (t - t0) / (t1 - t0);
      return x * x * x * (10 - 15 * x + 6 * x * x);
    };
  }
  const ts = Float64Array.from(spec.points, (p) => p[0]);
  const fs = Float64Array.from(spec.points, (p) => p[1]);
  const last = ts.length - 1;
  return (t) => {
    if (t <= ts[0]) return fs[0];
    if (t >= ts[last]) return fs[last];
    let lo = 0, hi = last;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (ts[mid] <= t) lo = mid;
      else hi = mid;
    }
    const w = (t - ts[lo]) / (ts[hi] - ts[lo]);
    return fs[lo] + w * (fs[hi] - fs[lo]);
  };
}
