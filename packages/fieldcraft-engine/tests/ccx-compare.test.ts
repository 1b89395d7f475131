// Same mesh, same loads: our solver against CalculiX (SPOOLES, direct) through a deck from writeAbaqusDeck.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseSolidcraft } from "../src/geometry/index.js";
import { generateTetMesh } from "../src/mesh/index.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";
import { buildCase, nodesOnTags, tagIndex } from "./support/cases.js";
import { findCcx } from "./support/ccx.js";
import { compareWithCcx } from "./support/ccx-case.js";

const ccx = findCcx();
if (!ccx) console.warn("[ccx-compare] skipped: CalculiX `ccx` is not on PATH (Debian package calculix-ccx)");


describe.skipIf(!ccx)("agreement with CalculiX on the same mesh", () => {
  for (const order of [1, 2] as const) {
    const type = order === 1 ? "C3D4" : "C3D10";
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: order === 1 ? [40, 4, 4] : [20, 2, 2], order, jitter: 0.2, seed: 3 });
    const root = nodesWhere(mesh, 0, 0);

    it(`${type} cantilever, 1000 N spread over the tip face (CLOAD)`, async () => {
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "force", faceTags: [1], force: [0, 0, -1000] }));
      expect(r.max).toBeGreaterThan(0.5);
      // ccx prints 7 significant digits: the comparison floor is about 5e-7 of the largest value.
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(r.ccxTotal[2], 3);
    });

    it(`${type} cantilever under pressure on the top face: *DLOAD in ccx vs our consistent pressure load`, async () => {
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "pressure", faceTags: [5], pressure: 1 }));
      expect(r.max).toBeGreaterThan(0.1);
      expect(r.relative).toBeLessThan(1e-6);
    });
  }
});

describe.skipIf(!ccx)("agreement with CalculiX on the stepped block of the corpus (mesher output)", () => {
  const text = readFileSync(fileURLToPath(new URL("./corpus/stepped-block/steps.solidcraft", import.meta.url)), "utf8");
  const parsed = parseSolidcraft(text);
  if (!parsed.ok) throw new Error("stepped block did not parse");
  for (const order of [1, 2] as const)
    it(`${order === 1 ? "C3D4" : "C3D10"}: root F1:-x clamped, [0, 0, -1000] on F1:+x`, async () => {
      const meshed = generateTetMesh(parsed.design, { size: order === 1 ? 2.5 : 5, order });
      if (!meshed.ok) throw new Error(meshed.error);
      const mesh = meshed.mesh;
      const root = nodesOnTags(mesh, [tagIndex(mesh, "Steps", "F1:-x")]);
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "force", faceTags: [tagIndex(mesh, "Steps", "F1:+x")], force: [0, 0, -1000] }));
      expect(r.max).toBeGreaterThan(0.01);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(1000, 6);
    });
});
