// Nodal result fields a render can contour, as rows: name, physical dimension, how to read a node's value.
export interface NodalResults {
  /** 3 per node. */
  displacement: Float64Array;
  /** 6 per node: S11, S22, S33, S12, S13, S23. */
  stress?: Float64Array;
  /** 1 per node. */
  mises?: Float64Array;
}

export interface FieldRow {
  name: string;
  dimension: "length" | "stress";
  description: string;
  read(results: NodalResults, node: number): number | undefined;
}

const stressComponent = (name: string, k: number, description: string): FieldRow => ({
  name,
  dimension: "stress",
  description,
  read: (r, n) => (r.stress ? r.stress[6 * n + k] : undefined),
});

export const FIELDS: readonly FieldRow[] = [
  {
    name: "displacement",
    dimension: "length",
    description: "displacement magnitude",
    read: (r, n) => Math.hypot(r.displacement[3 * n], r.displacement[3 * n + 1], r.displacement[3 * n + 2]),
  },
  { name: "U1", dimension: "length", description: "displacement along X", read: (r, n) => r.displacement[3 * n] },
  { name: "U2", dimension: "length", description: "displacement along Y", read: (r, n) => r.displacement[3 * n + 1] },
  { name: "U3", dimension: "length", description: "displacement along Z", read: (r, n) => r.displacement[3 * n + 2] },
  { name: "mises", dimension: "stress", description: "von Mises stress", read: (r, n) => (r.mises ? r.mises[n] : undefined) },
  stressComponent("S11", 0, "normal stress XX"),
  stressComponent("S22", 1, "normal stress YY"),
  stressComponent("S33", 2, "normal stress ZZ"),
  stressComponent("S12", 3, "shear stress XY"),
  stressComponent("S13", 4, "shear stress XZ"),
  stressComponent("S23", 5, "shear stress YZ"),
];

export const FIELD_NAMES = FIELDS.map((f) => f.name);

/** The values of a named field at every node, or an error naming the valid fields. Names match case-insensitively. */
export function nodalField(
  name: string,
  results: NodalResults,
): { ok: true; name: string; dimension: FieldRow["dimension"]; values: Float64Array } | { ok: false; error: string } {
  const row = FIELDS.find((f) => f.name.toLowerCase() === name.toLowerCase() || (name.toLowerCase() === "u" && f.name === "displacement") || (name.toLowerCase() === "von_mises" && f.name === "mises"));
  if (!row) return { ok: false, error: `unknown field \`${name}\`: use one of ${FIELD_NAMES.join(", ")}` };
  const count = results.displacement.length / 3;
  const values = new Float64Array(count);
  for (let n = 0; n < count; n++) {
    const v = row.read(results, n);
    if (v === undefined) return { ok: false, error: `field \`${row.name}\` is not stored in these results` };
    values[n] = v;
  }
  return { ok: true, name: row.name, dimension: row.dimension, values };
}
