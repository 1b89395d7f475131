// The fuzz corpus of cut designs (tests/support/cut-corpus.ts): parts cut by an oblique datum at random angles and
// offsets (fixed seeds), each cell meshed by the general tet mesher alone (mesh.tet.generate) and all joined
// (mesh.cells), checked for exact volumes and no inverted element; then a partitioned imported part meshed by
// cells timed against the part meshed whole. Prints a summary; exits 1 on any failure.
// Run: `pnpm exec tsx bench/cut-cells.ts [count=240] [firstSeed=1]`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "../src/index.js";
import { checkCells, cutCase, openCut } from "../tests/support/cut-corpus.js";
import { binaryStl, torusSurface } from "../tests/support/surfaces.js";

const count = Number(process.argv[2] ?? 240);
const first = Number(process.argv[3] ?? 1);
const failures: string[] = [];
const byShape = new Map<string, { cases: number; cells: number; missed: number; seconds: number; worstVolume: number }>();
let worst = 0;
for (let seed = first; seed < first + count; seed++) {
  const c = cutCase(seed);
  const row = byShape.get(c.shape) ?? { cases: 0, cells: 0, missed: 0, seconds: 0, worstVolume: 0 };
  byShape.set(c.shape, row);
  row.cases++;
  const t0 = performance.now();
  const fail = (what: string) => {
    failures.push(`seed ${seed} (${c.shape}, point ${c.point.map((v) => v.toFixed(3))}, normal ${c.normal.map((v) => v.toFixed(4))}): ${what}`);
    if (process.env.VERBOSE) console.error(failures[failures.length - 1]);
  };
  const s = createSession();
  const opened = await openCut(s, c);
  if (!opened.ok) {
    fail(`${opened.stage}: ${opened.error}`);
    continue;
  }
  const cells = s.model().design!.design.bodies.map((b) => b.name);
  if (cells.length < 2) row.missed++;
  for (const [command, params] of [
    ...cells.map((cell) => ["mesh.tet.generate", { body: cell, size: c.size }] as const),
    ["mesh.cells", { default: "tet", size: c.size }] as const,
  ]) {
    const out = await s.execute(command, params);
    if (!out.ok) {
      fail(`${command} ${JSON.stringify(params)}: ${out.error}`);
      continue;
    }
    for (const k of checkCells(s)) {
      row.worstVolume = Math.max(row.worstVolume, k.volumeError);
      worst = Math.max(worst, k.volumeError);
      if (k.volumeError > 1e-9) fail(`${command} ${k.cell}: volume off by ${k.volumeError.toExponential(2)}`);
      if (k.inverted > 0) fail(`${command} ${k.cell}: ${k.inverted} inverted elements`);
    }
  }
  row.cells += cells.length;
  row.seconds += (performance.now() - t0) / 1000;
  if (process.env.VERBOSE) console.error(`seed ${seed} ${c.shape}: ${((performance.now() - t0) / 1000).toFixed(2)} s, ${failures.length} failures so far`);
}
console.log(`cut corpus: seeds ${first}..${first + count - 1}`);
console.table([...byShape].map(([shape, r]) => ({ shape, cases: r.cases, cells: r.cells, "plane missed": r.missed, seconds: Number(r.seconds.toFixed(1)), "worst volume error": r.worstVolume.toExponential(2) })));
console.log(`worst relative volume error ${worst.toExponential(2)}; ${failures.length} failures`);
for (const f of failures) console.log(`  ${f}`);

// A partitioned imported part: a torus of 4,800 triangles, meshed whole, then cut and meshed by cells.
{
  const dir = mkdtempSync(join(tmpdir(), "fc-cut-bench-"));
  const path = join(dir, "torus.stl");
  writeFileSync(path, binaryStl(torusSurface(30, 10, 80, 30)));
  const time = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return (performance.now() - t) / 1000;
  };
  const whole = createSession();
  await whole.execute("geometry.import.mesh", { path, name: "Torus" });
  let out;
  // The better of two runs of the whole part: the first pays the JIT's warm-up, which would flatter the ratio.
  let tWhole = Infinity;
  for (let run = 0; run < 2; run++) {
    tWhole = Math.min(tWhole, await time(async () => (out = await whole.execute("mesh.tet.generate", { size: 4 }))));
    if (!out!.ok) failures.push(`torus whole: ${out!.error}`);
  }
  const cut = createSession();
  await cut.execute("geometry.import.mesh", { path, name: "Torus" });
  await cut.execute("geometry.datum", { name: "d", by: { type: "point_normal", point: [3, 2, 1], normal: [0.3, 0.8, 0.52] } });
  const tPartition = await time(() => cut.execute("geometry.partition", { name: "cut", datum: "d" }));
  const tCells = await time(async () => (out = await cut.execute("mesh.cells", { default: "tet", size: 4 })));
  if (!out!.ok) failures.push(`torus cells: ${out!.error}`);
  else for (const k of checkCells(cut)) if (k.volumeError > 1e-9 || k.inverted > 0) failures.push(`torus cells ${k.cell}: volume error ${k.volumeError}, ${k.inverted} inverted`);
  console.log(`imported torus (4,800 triangles): whole ${tWhole.toFixed(2)} s; partition ${tPartition.toFixed(2)} s; mesh.cells ${tCells.toFixed(2)} s; (partition + cells) / whole = ${((tPartition + tCells) / tWhole).toFixed(2)}`);
}
process.exit(failures.length ? 1 : 0);
