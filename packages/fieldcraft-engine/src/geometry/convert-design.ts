// A `.solidcraft` design's lengths in another unit: every coordinate of every feature scaled, so the design
// parses to the same shape measured in the model's unit. Features are listed here by their length fields.
import { lengthFactor } from "./length-units.js";
import type { DesignFile } from "./schema.js";

type Feature = DesignFile["bodies"][number]["features"][number];

const SCALE: { [K in Feature["type"]]: (f: Extract<Feature, { type: K }>, k: number) => Extract<Feature, { type: K }> } = {
  box: (f, k) => ({ ...f, min: f.min.map((v) => v * k) as typeof f.min, max: f.max.map((v) => v * k) as typeof f.max }),
  extrude: (f, k) => ({ ...f, profile: f.profile.map(([x, y]) => [x * k, y * k] as [number, number]), from: f.from * k, to: f.to * k }),
};

/** The design file with its lengths converted to `units` (the same object when already in them). */
export function convertDesignFile(file: DesignFile, units: DesignFile["units"]): DesignFile {
  if (file.units === units) return file;
  const k = lengthFactor(file.units, units);
  const feature = (f: Feature): Feature => (SCALE[f.type] as (f: Feature, k: number) => Feature)(f, k);
  return { ...file, units, bodies: file.bodies.map((b) => ({ ...b, features: b.features.map(feature) })) };
}
