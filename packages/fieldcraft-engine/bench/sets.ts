// Cost of adding a set as sets accumulate (issue 33): batches of `model.set.create` on a small meshed model,
// each batch's time per set printed; a cost independent of how many sets exist shows as flat per-set times.
// Run: `pnpm exec tsx bench/sets.ts [--sets 9000] [--batch 3000]`. A report, not an assertion.
import { createSession } from "../src/index.js";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const total = arg("sets", 9000), batch = arg("batch", 3000);
const s = createSession({ caps: { maxDefinitions: total + 100 } });
const must = async (command: string, params: unknown) => {
  const r = await s.execute(command, params);
  if (!r.ok) throw new Error(r.error);
};
await must("file.sample", { name: "stepped-block" });
await must("mesh.tet.generate", { size: 10, order: 1 });
let first: number | undefined;
for (let done = 0; done < total; done += batch) {
  const t0 = performance.now();
  for (let i = done; i < done + batch; i++) await must("model.set.create", { name: `S${i}`, nodes: [1 + (i % 10)] });
  const perSet = (performance.now() - t0) / batch;
  first ??= perSet;
  console.log(`sets ${done + 1}-${done + batch}: ${perSet.toFixed(3)} ms per set (x${(perSet / first).toFixed(2)} the first batch), rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
}
