// Length units a file's numbers may be in, and the factor between two of them: what imports and opened designs
// convert with so the design's lengths are in the model's unit.

/** Millimetres per unit. */
export const LENGTH_UNITS = { um: 0.001, mm: 1, cm: 10, in: 25.4, ft: 304.8, m: 1000 } as const;
export type LengthUnit = keyof typeof LENGTH_UNITS;
export const LENGTH_UNIT_NAMES = Object.keys(LENGTH_UNITS) as [LengthUnit, ...LengthUnit[]];

/** 3MF's `unit` attribute values and the same units here. */
export const THREEMF_UNITS: Record<string, LengthUnit> = { micron: "um", millimeter: "mm", centimeter: "cm", inch: "in", foot: "ft", meter: "m" };

/** What a length in `from` is multiplied by to be in `to`. */
export function lengthFactor(from: LengthUnit, to: LengthUnit): number {
  return from === to ? 1 : LENGTH_UNITS[from] / LENGTH_UNITS[to];
}
