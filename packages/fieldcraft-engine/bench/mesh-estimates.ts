// The element counts estimated before meshing (src/mesh/estimate.ts) next to what each mesher makes, per shape and
// size: the ratio estimate / made should stay at or below about 1 (a refusal never turns away a mesh that fits by
// more than about 2x), and the estimate takes milliseconds. Run: `pnpm exec tsx bench/mesh-estimates.ts`.
import { join } from "node:path";
import { readSolidcraftFile, type Design } from "../src/geometry/index.js";
import { estimateBody, type MeshKind } from "../src/mesh/estimate.js";
import { generateTetMesh } from "../src/mesh/generate.js";
import { generateHexMesh } from "../src/mesh/hex-design.js";
import { meshClosedSurface } from "../src/mesh/general/mesher.js";
import type { Body } from "../src/geometry/types.js";
import { boxSurface, sphereSurface, torusSurface, type Soup } from "../tests/support/surfaces.js";

const corpus = join(import.meta.dirname, "../tests/corpus");
const rows: { shape: string; mesher: string; size: number; tolerance?: number; estimate: number; made: number; ratio: string; estimateMs: string }[] = [];

function row(shape: string, mesher: string, body: Body, kind: MeshKind, size: number, made: number, tolerance?: number) {
  const t = performance.now();
  const estimate = Math.round(estimateBody(body, kind, size, tolerance).elements);
  rows.push({ shape, mesher, size, ...(tolerance ? { tolerance } : {}), estimate, made, ratio: (estimate / made).toFixed(2), estimateMs: (performance.now() - t).toFixed(1) });
}

async function design(file: string): Promise<Design> {
  const r = await readSolidcraftFile(join(corpus, file));
  if (!r.ok) throw new Error(r.error);
  return r.design;
}

for (const file of ["block/block.solidcraft", "stepped-block/steps.solidcraft", "l-bracket/l-bracket.solidcraft"]) {
  const d = await design(file);
  const body = d.bodies[0];
  const box = body.bbox;
  const longest = Math.max(...[0, 1, 2].map((k) => box.max[k] - box.min[k]));
  for (const n of [5, 20, 40]) {
    const size = longest / n;
    const tet = generateTetMesh(d, { order: 1, size });
    if (tet.ok) row(file, "tet", body, "tet", size, tet.stats.elements);
    const type = body.kind === "extrude" ? (["C3D8", "C3D6"] as const) : (["C3D8"] as const);
    for (const t of type) {
      const hex = generateHexMesh(d, { size, type: t, method: "auto", maxElements: 1e7, maxNodes: 1e7 });
      if (hex.ok) row(file, `hex ${t}`, body, t === "C3D6" ? "wedge" : "hex", size, hex.stats.elements);
    }
  }
}

const surfaces: [string, Soup][] = [["box 10x4x2", boxSurface([0, 0, 0], [10, 4, 2])], ["sphere r5", sphereSurface(5, 3)], ["torus 5/1.5", torusSurface(5, 1.5, 48, 16)]];
for (const [shape, s] of surfaces) {
  const surface = { positions: Float64Array.from(s.positions), triangles: Int32Array.from(s.triangles), faceOf: new Int32Array(s.triangles.length / 3) };
  const body = { name: shape, kind: "mesh", surface } as unknown as Body;
  for (const size of [1, 0.5]) for (const tolerance of [undefined, 0.01]) {
    const r = meshClosedSurface({ positions: surface.positions, triangles: surface.triangles, faceTags: surface.faceOf }, { size, ...(tolerance ? { tolerance } : {}) });
    if (r.ok) row(shape, "general", body, "tet", size, r.mesh.tets.length / 4, tolerance);
  }
}
console.table(rows);
