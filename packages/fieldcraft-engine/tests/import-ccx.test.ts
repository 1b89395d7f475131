// CalculiX on our deck against our static solve on an imported part's mesh (lib3mf's Helix, general mesher).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importMesh } from "../src/geometry/import/index.js";
import { generateTetMesh } from "../src/mesh/generate.js";
import { buildCase, nodesOnTags, tagIndex } from "./support/cases.js";
import { findCcx } from "./support/ccx.js";
import { compareWithCcx } from "./support/ccx-case.js";

const ccx = findCcx();
if (!ccx) console.warn("[import-ccx] skipped: CalculiX `ccx` is not on PATH (Debian package calculix-ccx)");

describe.skipIf(!ccx)("CalculiX agrees on an imported part's mesh", () => {
  const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL("./corpus/lib3mf/Helix.3mf", import.meta.url))));
  const imported = importMesh(bytes, "3mf", { name: "Helix" });
  if (!imported.ok) throw new Error(imported.error);
  // C3D10: the mid-side nodes of boundary facets lie on the input surface; C3D4 is covered by the same code.
  it("C3D10: S1 clamped, [0, 0, -1000] spread over S2", async () => {
      const meshed = generateTetMesh(imported.design, { size: 25, order: 2 });
      if (!meshed.ok) throw new Error(meshed.error);
      const mesh = meshed.mesh;
      const root = nodesOnTags(mesh, [tagIndex(mesh, "Helix", "S1")]);
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "force", faceTags: [tagIndex(mesh, "Helix", "S2")], force: [0, 0, -1000] }));
      expect(r.max).toBeGreaterThan(0);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(1000, 6);
    }, 120_000);
});
