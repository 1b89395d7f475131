// The general mesher (imported surfaces) next to Gmsh (`gmsh -3`) and TetGen (`tetgen -pq`) on the same
// closed surface in the same run: tetrahedra per second and quality (smallest dihedral angle, largest
// radius-edge ratio), measured by one function for all three. Run: `pnpm exec tsx bench/general-mesh.ts`.
// Gmsh and TetGen are optional (Debian `gmsh`, `tetgen`); a missing one is said and skipped.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { meshClosedSurface } from "../src/mesh/general/mesher.js";
import { minDihedral, radiusEdge } from "../src/mesh/general/tet-measures.js";
import { nameFaces } from "../src/geometry/import/faces.js";
import { asciiStl, sphereSurface, torusSurface, type Soup } from "../tests/support/surfaces.js";

interface Row {
  case: string;
  mesher: string;
  tets: number;
  seconds: number;
  minDihedral: number;
  maxRadiusEdge: number;
}

function quality(nodes: Float64Array, tets: Int32Array): { minDihedral: number; maxRadiusEdge: number } {
  let dmin = 180, rmax = 0;
  for (let e = 0; e < tets.length / 4; e++) {
    const [a, b, c, d] = tets.subarray(4 * e, 4 * e + 4);
    dmin = Math.min(dmin, minDihedral(nodes, a, b, c, d));
    rmax = Math.max(rmax, radiusEdge(nodes, a, b, c, d));
  }
  return { minDihedral: dmin, maxRadiusEdge: rmax };
}

function ours(name: string, s: Soup, size: number, label: string, optimise = true): Row {
  const positions = Float64Array.from(s.positions), triangles = Int32Array.from(s.triangles);
  const faceTags = nameFaces(positions, triangles, 30).faceOf;
  const t0 = performance.now();
  const r = meshClosedSurface({ positions, triangles, faceTags }, { size, optimise });
  const seconds = (performance.now() - t0) / 1000;
  if (!r.ok) throw new Error(r.error);
  return { case: name, mesher: label, tets: r.mesh.tets.length / 4, seconds, ...quality(r.mesh.nodes, r.mesh.tets) };
}

function available(cmd: string, arg: string): boolean {
  return spawnSync(cmd, [arg], { encoding: "utf8" }).error === undefined;
}

function gmsh(name: string, stl: string, dir: string, size: number): Row | null {
  if (!available("gmsh", "--version")) return null;
  const geo = join(dir, "g.geo");
  writeFileSync(geo, `Merge "${stl}";\nSurface Loop(1) = {1};\nVolume(1) = {1};\nMesh.MeshSizeMax = ${size};\nMesh.MeshSizeMin = ${size / 4};\nMesh.Binary = 0;\nMesh.MshFileVersion = 2.2;\n`);
  const out = join(dir, "g.msh");
  const t0 = performance.now();
  const r = spawnSync("gmsh", [geo, "-3", "-o", out, "-nt", "1"], { encoding: "utf8" });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) return null;
  const text = readFileSync(out, "utf8");
  const nodeBlock = text.split("$Nodes")[1].split("$EndNodes")[0].trim().split("\n");
  const ids = new Map<number, number>();
  const xyz: number[] = [];
  for (const line of nodeBlock.slice(1)) {
    const [id, x, y, z] = line.trim().split(/\s+/).map(Number);
    ids.set(id, xyz.length / 3);
    xyz.push(x, y, z);
  }
  const tets: number[] = [];
  for (const line of text.split("$Elements")[1].split("$EndElements")[0].trim().split("\n").slice(1)) {
    const f = line.trim().split(/\s+/).map(Number);
    if (f[1] !== 4) continue;
    const tags = f[2];
    const v = f.slice(3 + tags, 7 + tags).map((i) => ids.get(i)!);
    tets.push(...v);
  }
  const nodes = Float64Array.from(xyz), t = Int32Array.from(tets);
  return { case: name, mesher: "gmsh -3", tets: t.length / 4, seconds, ...quality(nodes, t) };
}

function tetgen(name: string, stl: string, dir: string, size: number): Row | null {
  if (!available("tetgen", "-h")) return null;
  const volume = (size ** 3) / (6 * Math.SQRT2); // a regular tet of edge `size`
  const t0 = performance.now();
  const r = spawnSync("tetgen", ["-pqQ", `-a${volume}`, stl], { encoding: "utf8", cwd: dir });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) return null;
  const base = stl.replace(/\.stl$/, ".1");
  const nodeLines = readFileSync(`${base}.node`, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const [n] = nodeLines[0].trim().split(/\s+/).map(Number);
  const first = Number(nodeLines[1].trim().split(/\s+/)[0]);
  const xyz = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const f = nodeLines[1 + i].trim().split(/\s+/).map(Number);
    xyz.set([f[1], f[2], f[3]], 3 * (f[0] - first));
  }
  const eleLines = readFileSync(`${base}.ele`, "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  const [m] = eleLines[0].trim().split(/\s+/).map(Number);
  const tets = new Int32Array(4 * m);
  for (let e = 0; e < m; e++) {
    const f = eleLines[1 + e].trim().split(/\s+/).map(Number);
    // TetGen's corner order is the other handedness; quality measures do not depend on it.
    tets.set([f[1] - first, f[2] - first, f[3] - first, f[4] - first], 4 * e);
  }
  return { case: name, mesher: "tetgen -pq", tets: m, seconds, ...quality(xyz, tets) };
}

const cases: [string, Soup, number][] = [
  ["sphere r10 (1280 triangles)", sphereSurface(10, 3), 1.5],
  ["torus 10/3 (2304 triangles)", torusSurface(10, 3, 48, 24), 1],
];
const rows: Row[] = [];
for (const [name, soup, size] of cases) {
  const dir = mkdtempSync(join(tmpdir(), "fc-general-bench-"));
  const stl = join(dir, "part.stl");
  writeFileSync(stl, asciiStl(soup));
  // The first run in a process pays for the JIT's warm-up (a server meshing its second part does not): both
  // are shown, and the run without sliver removal shows what it costs and gains.
  rows.push(ours(name, soup, size, "fieldcraft (first run)"));
  rows.push(ours(name, soup, size, "fieldcraft"));
  rows.push(ours(name, soup, size, "fieldcraft, no sliver removal", false));
  const g = gmsh(name, stl, dir, size);
  if (g) rows.push(g);
  else console.log(`${name}: gmsh not run (not installed or failed)`);
  const t = tetgen(name, stl, dir, size);
  if (t) rows.push(t);
  else console.log(`${name}: tetgen not run (not installed or failed)`);
  rmSync(dir, { recursive: true, force: true });
}
console.log("| case | mesher | tets | s | tets/s | min dihedral | max radius-edge | time vs tetgen |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const tg = rows.find((x) => x.case === r.case && x.mesher.startsWith("tetgen"));
  const ratio = tg ? (r.seconds / tg.seconds).toFixed(1) + "x" : "-";
  console.log(`| ${r.case} | ${r.mesher} | ${r.tets} | ${r.seconds.toFixed(2)} | ${Math.round(r.tets / r.seconds)} | ${r.minDihedral.toFixed(2)} | ${r.maxRadiusEdge.toFixed(2)} | ${ratio} |`);
}
