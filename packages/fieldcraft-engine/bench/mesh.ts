// Tet mesher benchmark: our grid and sweep meshers against Gmsh's fastest 3D algorithm (HXT) on the
// same block, in the same run. Run: `pnpm exec tsx bench/mesh.ts` (Gmsh is optional: Debian `gmsh`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseSolidcraft, type Design } from "../src/geometry/index.js";
import { generateTetMesh, meshQuality } from "../src/mesh/index.js";

export interface MeshBenchRow {
  case: string;
  mesher: string;
  elements: number;
  nodes: number;
  seconds: number;
  cpuSeconds: number;
  minDihedral?: number;
}

const BLOCK = { min: [0, 0, 0], max: [100, 10, 10] } as const;
const BLOCK_VOLUME = 100 * 10 * 10;

function design(features: unknown[]): Design {
  const r = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "B", features }] }));
  if (!r.ok) throw new Error(r.error);
  return r.design;
}

function ours(name: string, d: Design, order: 1 | 2, size: number): MeshBenchRow {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const r = generateTetMesh(d, { order, size, maxElements: 20_000_000, maxNodes: 20_000_000 });
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);
  if (!r.ok) throw new Error(r.error);
  return {
    case: name,
    mesher: order === 1 ? "fieldcraft C3D4" : "fieldcraft C3D10",
    elements: r.stats.elements,
    nodes: r.stats.nodes,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
    minDihedral: meshQuality(r.mesh, 1).dihedral.min,
  };
}

function gmshAvailable(): boolean {
  const r = spawnSync("gmsh", ["--version"], { encoding: "utf8" });
  return r.status === 0;
}

/** Gmsh HXT on the block at a size chosen to give about `tets` tetrahedra (one thread, like us). */
function gmsh(name: string, tets: number): MeshBenchRow {
  const dir = mkdtempSync(join(tmpdir(), "mesh-bench-"));
  try {
    const h = Math.cbrt((4.5 * BLOCK_VOLUME) / tets); // HXT gives about 4.5 V / h^3 tets on a box
    const geo = join(dir, "block.geo");
    writeFileSync(
      geo,
      `SetFactory("OpenCASCADE");\nBox(1) = {0, 0, 0, ${BLOCK.max[0]}, ${BLOCK.max[1]}, ${BLOCK.max[2]}};\nMesh.MeshSizeMin = ${h};\nMesh.MeshSizeMax = ${h};\n`,
    );
    const t0 = performance.now();
    const r = spawnSync("gmsh", ["-3", "-algo", "hxt", "-nt", "1", geo, "-o", join(dir, "block.msh")], { encoding: "utf8", maxBuffer: 256 << 20 });
    const seconds = (performance.now() - t0) / 1000;
    if (r.status !== 0) throw new Error(`gmsh failed: ${r.stderr || r.stdout}`);
    const out = r.stdout + r.stderr;
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
    // Meshing CPU only (1D, 2D and 3D), leaving out reading the geometry and writing the file.
    let meshingCpu = 0;
    for (const m of out.matchAll(/Done meshing \dD \(Wall [\d.e-]+s, CPU ([\d.e-]+)s\)/g)) meshingCpu += Number(m[1]);
    return {
      case: name,
      mesher: "gmsh -algo hxt",
      elements: num(/contains\s+(\d+) tetrahedra/),
      nodes: num(/contains\s+(\d+) vertices/),
      seconds,
      cpuSeconds: meshingCpu,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runMeshBench(log: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): MeshBenchRow[] {
  const rows: MeshBenchRow[] = [];
  const block = design([{ id: "F1", type: "box", ...BLOCK }]);
  const bracket = design([
    { id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [60, 0], [60, 10], [10, 10], [10, 40], [0, 40]], from: 0, to: 20 },
  ]);
  const withGmsh = gmshAvailable();
  if (!withGmsh) log("gmsh not installed: fieldcraft timings only (Debian package `gmsh` adds the baseline)");
  const print = (r: MeshBenchRow) =>
    log(
      `${r.case.padEnd(22)} ${r.mesher.padEnd(18)} ${String(r.elements).padStart(9)} tets ${String(r.nodes).padStart(9)} nodes ` +
        `${r.seconds.toFixed(2).padStart(7)} s wall ${r.cpuSeconds.toFixed(2).padStart(7)} s cpu` +
        `${r.minDihedral === undefined ? "" : `  min dihedral ${r.minDihedral.toFixed(1)}°`}`,
    );
  // Block sizes for about 50k, 200k and 1M C3D4 degrees of freedom (3 per node, about one node per grid cell).
  for (const [label, dofs] of [["50k DOF", 50_000], ["200k DOF", 200_000], ["1M DOF", 1_000_000]] as const) {
    const size = Math.cbrt(BLOCK_VOLUME / (dofs / 3));
    const mine = ours(`block ${label}`, block, 1, size);
    rows.push(mine);
    print(mine);
    if (withGmsh) {
      const theirs = gmsh(`block ${label}`, mine.elements);
      rows.push(theirs);
      print(theirs);
      const rate = (r: MeshBenchRow) => r.elements / r.seconds;
      const cpuRate = (r: MeshBenchRow) => r.elements / r.cpuSeconds;
      log(
        `${"".padEnd(22)} ratio: fieldcraft meshes ${(rate(mine) / rate(theirs)).toFixed(1)}x as many tets per wall second as gmsh, ` +
          `${(cpuRate(mine) / cpuRate(theirs)).toFixed(1)}x per CPU second (gmsh: its meshing CPU only)`,
      );
    }
    const quadratic = ours(`block ${label}`, block, 2, size);
    rows.push(quadratic);
    print(quadratic);
  }
  for (const size of [1, 0.4]) {
    const r = ours(`L bracket size ${size}`, bracket, 1, size);
    rows.push(r);
    print(r);
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runMeshBench();
