// Checks on a generated mesh shared by the mesher tests.
import { expect } from "vitest";
import { family } from "../../src/fem/families/index.js";
import type { Mesh } from "../../src/mesh/types.js";

/** Conformity: every element face (by its corner nodes) is used once (a boundary facet, and then tagged) or twice (shared). */
export function checkConforming(mesh: Mesh): void {
  const fam = family(mesh.type);
  const use = new Map<string, number>();
  for (let e = 0; e < mesh.elements.length / fam.nodes; e++)
    for (const f of fam.faces) {
      const key = f.nodes.map((a) => mesh.elements[e * fam.nodes + a]).sort((a, b) => a - b).join(",");
      use.set(key, (use.get(key) ?? 0) + 1);
    }
  const counts = [...use.values()];
  expect(counts.every((n) => n === 1 || n === 2)).toBe(true);
  expect(counts.filter((n) => n === 1).length).toBe(mesh.boundary.element.length);
}
