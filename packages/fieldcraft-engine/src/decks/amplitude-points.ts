// An amplitude as the piecewise-linear points every deck format reads: a smooth step is sampled (LS-DYNA curves
// are piecewise linear, and CalculiX reads Abaqus's DEFINITION=SMOOTH STEP as a linear table).
import type { DeckModel } from "./types.js";

const SMOOTH_SAMPLES = 40;

export function amplitudePoints(a: NonNullable<DeckModel["amplitudes"]>[number]): [number, number][] {
  if (!a.smooth) return a.points;
  const [[t0], [t1]] = a.points;
  return Array.from({ length: SMOOTH_SAMPLES + 1 }, (_, i) => {
    const x = i / SMOOTH_SAMPLES;
    return [t0 + x * (t1 - t0), x * x * x * (10 - 15 * x + 6 * x * x)] as [number, number];
  });
}
