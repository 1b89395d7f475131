// Peak resident memory by solve stage, 1 or 2 threads: `pnpm exec tsx bench/mem-stages.ts 200000 C3D4 2`.
import { solveStatic } from "../src/fem/index.js";
import { kernelPool } from "../src/fem/parallel/pool.js";
import { blockCase, blockMesh } from "./block-case.js";

const dofs = Number(process.argv[2] ?? 200_000);
const order = process.argv[3] === "C3D10" ? 2 : 1;
const threads = Number(process.argv[4] ?? 1);
const { mesh } = blockMesh(order, dofs);
const c = blockCase(mesh);
if (threads > 1) await kernelPool(threads);
const mib = (b: number) => (b / 2 ** 20).toFixed(0);
const mark = (what: string) => {
  const m = process.memoryUsage();
  console.log(`${what.padEnd(50)} rss ${mib(m.rss)} max ${mib(process.resourceUsage().maxRSS * 1024)} heap ${mib(m.heapUsed)} arrayBuffers ${mib(m.arrayBuffers)} MiB`);
};
mark("mesh and case");
let last = "";
const t0 = performance.now();
const r = await solveStatic(c.problem, {
  threads,
  onProgress: ({ message }) => {
    const stage = message.replace(/\d.*$/, "");
    if (stage !== last) mark(`before: ${message}`);
    last = stage;
  },
});
if (!r.ok) throw new Error(r.error);
mark(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s: asm ${r.solution.stats.assemblySeconds.toFixed(2)} s`);
