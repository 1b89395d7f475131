// Hexahedral families against CalculiX on the same mesh (our deck, ccx's SPOOLES), and the cantilever's known values.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSolidcraft } from "../src/geometry/index.js";
import { generateHexMesh } from "../src/mesh/hex-design.js";
import { solveStatic } from "../src/fem/index.js";
import { blockMesh, type HexFamilyName } from "../src/mesh/block.js";
import { nearestNode, nodesWhere } from "./support/box-mesh.js";
import { buildCase } from "./support/cases.js";
import { findCcx } from "./support/ccx.js";
import { compareWithCcx } from "./support/ccx-case.js";
import { jitter } from "./support/hex-jitter.js";

const ccx = findCcx();
if (!ccx) console.warn("[hex-ccx] skipped: CalculiX `ccx` is not on PATH (Debian package calculix-ccx)");


const CELLS: Record<HexFamilyName, [number, number, number]> = { C3D8: [20, 3, 3], C3D8R: [20, 3, 3], C3D20: [10, 2, 2], C3D20R: [10, 2, 2] };

describe.skipIf(!ccx)("hexahedra agree with CalculiX on the same (distorted) mesh", () => {
  for (const type of ["C3D8", "C3D8R", "C3D20", "C3D20R"] as const) {
    const counts = CELLS[type];
    const block = blockMesh({ body: "Beam", min: [0, 0, 0], max: [100, 10, 10], counts, type });
    const mesh = jitter(block, 0.2, [100 / counts[0], 10 / counts[1], 10 / counts[2]]);
    const root = nodesWhere(mesh, 0, 0);

    it(`${type} cantilever, 1000 N spread over the +x face (CLOAD)`, async () => {
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "force", faceTags: [1], force: [0, 0, -1000] }));
      expect(r.max).toBeGreaterThan(0.5);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(r.ccxTotal[2], 3);
    });

    it(`${type} cantilever under pressure on +z: *DLOAD on S-faces in ccx vs our consistent load`, async () => {
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "pressure", faceTags: [5], pressure: 1 }));
      expect(r.max).toBeGreaterThan(0.1);
      expect(r.relative).toBeLessThan(1e-6);
    });
  }
});

/** Tip deflection (z at the centre of the tip) of the 100 x 10 x 10 steel cantilever under 1000 N down. */
async function tip(type: HexFamilyName, counts: [number, number, number]): Promise<number> {
  const mesh = blockMesh({ body: "Beam", min: [0, 0, 0], max: [100, 10, 10], counts, type });
  const c = buildCase(mesh, nodesWhere(mesh, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] });
  const out = await solveStatic(c.problem, { tolerance: 1e-12 });
  if (!out.ok) throw new Error(out.error);
  return out.solution.displacement[3 * nearestNode(mesh, [100, 5, 5]) + 2];
}

describe("cantilever in bending (100 x 10 x 10 steel, 1000 N at the tip)", () => {
  // Euler-Bernoulli: P L^3 / (3 E I) with I = 10^4 / 12; shear adds about 0.3% at this slenderness.
  const eulerBernoulli = (1000 * 100 ** 3) / (3 * 210000 * (10 ** 4 / 12));

  it("C3D20 is within 2% of Euler-Bernoulli on a coarse mesh", async () => {
    const w = await tip("C3D20", [10, 2, 2]);
    expect(Math.abs(-w - eulerBernoulli) / eulerBernoulli).toBeLessThan(0.02);
  });

  it("C3D20R converges to -1.906 mm within 0.2% on a coarse mesh", async () => {
    const w = await tip("C3D20R", [20, 4, 4]);
    expect(Math.abs(w + 1.906) / 1.906).toBeLessThan(0.002);
  });

  it("C3D8 40x4x4 locks in shear as CalculiX's does: -1.8378 mm", async () => {
    const w = await tip("C3D8", [40, 4, 4]);
    expect(w).toBeCloseTo(-1.8378, 3);
    expect(-w).toBeLessThan(eulerBernoulli);
  });
});

describe.skipIf(!ccx)("hexahedra agree with CalculiX on the corpus' stepped box union (block mesher output)", () => {
  const text = readFileSync(fileURLToPath(new URL("./corpus/stepped-block/steps.solidcraft", import.meta.url)), "utf8");
  const parsed = parseSolidcraft(text);
  if (!parsed.ok) throw new Error("stepped block did not parse");
  for (const type of ["C3D8", "C3D8R", "C3D20", "C3D20R"] as const)
    it(`${type}: root F1:-x clamped, [0, 0, -1000] on F1:+x`, async () => {
      const meshed = generateHexMesh(parsed.design, { size: type === "C3D8" || type === "C3D8R" ? 2.5 : 5, type, method: "blocks", maxElements: 1e6, maxNodes: 1e6 });
      if (!meshed.ok) throw new Error(meshed.error);
      const mesh = meshed.mesh;
      const tag = (face: string) => mesh.faceTags.findIndex((t) => t.face === face);
      const root = nodesWhere(mesh, 0, 0);
      const r = await compareWithCcx(buildCase(mesh, root, { kind: "force", faceTags: [tag("F1:+x")], force: [0, 0, -1000] }));
      expect(r.max).toBeGreaterThan(0.01);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(1000, 6);
    });
});

describe.skipIf(!ccx)("swept meshes of the corpus' L-bracket agree with CalculiX (hexahedra and wedges)", () => {
  const text = readFileSync(fileURLToPath(new URL("./corpus/l-bracket/l-bracket.solidcraft", import.meta.url)), "utf8");
  const parsed = parseSolidcraft(text);
  if (!parsed.ok) throw new Error("l-bracket did not parse");
  for (const type of ["C3D8", "C3D8R", "C3D20R", "C3D6", "C3D15"] as const)
    it(`${type}: x = 0 clamped, [0, -500, 0] on the arm's end (x = 60)`, async () => {
      const meshed = generateHexMesh(parsed.design, { size: 5, type, method: "sweep", maxElements: 1e6, maxNodes: 1e6 });
      if (!meshed.ok) throw new Error(meshed.error);
      const mesh = meshed.mesh;
      const end = mesh.faceTags.findIndex((t) => t.face === "F1:side:2");
      const r = await compareWithCcx(buildCase(mesh, nodesWhere(mesh, 0, 0), { kind: "force", faceTags: [end], force: [0, -500, 0] }));
      expect(r.max).toBeGreaterThan(1e-3);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[1]).toBeCloseTo(500, 6);
    });
});
