// Hexahedral meshing benchmark: hexahedra per second for a 1M-element block (mesh.block's structured grid) and a
// swept L-profile (mesh.hex_sweep), next to Gmsh's transfinite/recombine meshing of the same geometry with the
// same element counts, in the same run, as ratios. Run: `pnpm exec tsx bench/hex.ts [--elements 1000000]`
// (Gmsh is optional: Debian `gmsh`). A report, not an assertion.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseSolidcraft } from "../src/geometry/index.js";
import { blockMesh } from "../src/mesh/block.js";
import { generateHexMesh } from "../src/mesh/hex-design.js";

interface Row {
  case: string;
  mesher: string;
  hexahedra: number;
  seconds: number;
  cpuSeconds: number;
}

const L_PROFILE = [[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]] as const;

function timed(name: string, mesher: string, run: () => number): Row {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const hexahedra = run();
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);
  return { case: name, mesher, hexahedra, seconds, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** Hexahedra (element type 5) in a MSH 4.1 file's $Elements blocks. */
function hexahedraInMsh(text: string): number {
  const lines = text.slice(text.indexOf("$Elements")).split("\n");
  const blocks = Number(lines[1].split(" ")[0]);
  let at = 2, count = 0;
  for (let b = 0; b < blocks; b++) {
    const [, , type, n] = lines[at].split(" ").map(Number);
    if (type === 5) count += n;
    at += n + 1;
  }
  return count;
}

/** Runs a .geo through gmsh -3; hexahedra counted in its .msh, CPU from its "Done meshing" lines (meshing only). */
function gmsh(name: string, mesher: string, geo: string): Row | null {
  const dir = mkdtempSync(join(tmpdir(), "hex-bench-"));
  try {
    const file = join(dir, "m.geo");
    writeFileSync(file, geo);
    const t0 = performance.now();
    const r = spawnSync("gmsh", ["-3", "-nt", "1", file, "-o", join(dir, "m.msh")], { encoding: "utf8", maxBuffer: 256 << 20 });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`gmsh failed: ${r.stderr || r.stdout}`);
    const out = r.stdout + r.stderr;
    let cpu = 0;
    for (const m of out.matchAll(/Done meshing \dD \(Wall [\d.e-]+s, CPU ([\d.e-]+)s\)/g)) cpu += Number(m[1]);
    const hexahedra = hexahedraInMsh(readFileSync(join(dir, "m.msh"), "utf8"));
    return { case: name, mesher, hexahedra, seconds, cpuSeconds: cpu };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runHexBench(elements = 1_000_000, log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Row[] {
  const rows: Row[] = [];
  const withGmsh = spawnSync("gmsh", ["--version"], { encoding: "utf8" }).status === 0;
  if (!withGmsh) log("gmsh not installed: fieldcraft timings only (Debian package `gmsh` adds the baseline)");
  const print = (r: Row) =>
    log(`${r.case.padEnd(24)} ${r.mesher.padEnd(30)} ${String(r.hexahedra).padStart(9)} hex ${r.seconds.toFixed(2).padStart(7)} s wall ${r.cpuSeconds.toFixed(2).padStart(7)} s cpu ${(r.hexahedra / r.seconds / 1e6).toFixed(2).padStart(6)} Mhex/s`);
  const compare = (mine: Row, theirs: Row | null) => {
    print(mine);
    rows.push(mine);
    if (!theirs) return;
    print(theirs);
    rows.push(theirs);
    log(`${"".padEnd(24)} ratio: fieldcraft makes ${(mine.hexahedra / mine.seconds / (theirs.hexahedra / theirs.seconds)).toFixed(1)}x the hexahedra per wall second of gmsh, ${(mine.hexahedra / mine.cpuSeconds / (theirs.hexahedra / theirs.cpuSeconds)).toFixed(1)}x per CPU second (gmsh: meshing CPU only)`);
  };

  // A 100 x 10 x 10 block in cubes: n x n/10 x n/10 with n^3 / 100 = elements.
  const n = Math.round(Math.cbrt(elements * 100));
  const m = Math.max(1, Math.round(n / 10));
  const block = timed(`block ${n}x${m}x${m}`, "fieldcraft mesh.block C3D8", () => blockMesh({ body: "B", min: [0, 0, 0], max: [100, 10, 10], counts: [n, m, m], type: "C3D8" }).elementBody.length);
  const blockGeo =
    `Point(1) = {0,0,0}; Point(2) = {100,0,0};\nLine(1) = {1,2};\nTransfinite Curve{1} = ${n + 1};\n` +
    `e1[] = Extrude{0,10,0}{ Curve{1}; Layers{${m}}; Recombine; };\ne2[] = Extrude{0,0,10}{ Surface{e1[1]}; Layers{${m}}; Recombine; };\n`;
  compare(block, withGmsh ? gmsh(block.case, "gmsh transfinite + recombine", blockGeo) : null);

  // The L-profile (900 mm^2) swept 20 deep: a size for about `elements` hexahedra (the split triangles give about
  // 1.6 quads per size^2 of profile).
  const size = Math.cbrt((1.6 * 900 * 20) / elements);
  const parsed = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "L", features: [{ id: "F1", type: "extrude", plane: "xy", profile: L_PROFILE, from: 0, to: 20 }] }] }));
  if (!parsed.ok) throw new Error(parsed.error);
  let layers = 0;
  const swept = timed(`L-profile sweep`, "fieldcraft mesh.hex_sweep C3D8", () => {
    const r = generateHexMesh(parsed.design, { size, type: "C3D8", method: "sweep", maxElements: 1e8, maxNodes: 1e8 });
    if (!r.ok) throw new Error(r.error);
    layers = r.stats.bodies[0].layers!;
    return r.stats.elements;
  });
  // Gmsh: the same profile meshed in quadrilaterals (recombined, Blossom) at the same size, extruded in the same layers.
  const pts = L_PROFILE.map(([x, y], i) => `Point(${i + 1}) = {${x},${y},0,${size}};`).join("\n");
  const lines = L_PROFILE.map((_, i) => `Line(${i + 1}) = {${i + 1},${((i + 1) % 6) + 1}};`).join("\n");
  const sweptGeo = `${pts}\n${lines}\nCurve Loop(1) = {1,2,3,4,5,6};\nPlane Surface(1) = {1};\nRecombine Surface{1};\nMesh.RecombinationAlgorithm = 1;\nExtrude{0,0,20}{ Surface{1}; Layers{${layers}}; Recombine; }\n`;
  compare(swept, withGmsh ? gmsh(swept.case, "gmsh recombine + extrude layers", sweptGeo) : null);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--elements");
  runHexBench(at > 0 ? Number(process.argv[at + 1]) : 1_000_000);
}
