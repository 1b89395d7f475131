// 3MF import scaling (issue 33): a build of N items of one tetrahedron each, imported through the session for
// 1k, 4k and 16k items; work linear in the file's size shows as a time ratio near the item ratio (4x per step).
// Run: `pnpm exec tsx bench/import-items.ts`. A report, not an assertion.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "../src/index.js";
import { tetraItems3mf } from "../tests/support/threemf-items.js";

const dir = mkdtempSync(join(tmpdir(), "fc-items-"));
let previous: number | undefined;
for (const n of [1000, 4000, 16000]) {
  const file = join(dir, `items-${n}.3mf`);
  writeFileSync(file, tetraItems3mf(n));
  const s = createSession();
  const t0 = performance.now();
  const r = await s.execute("geometry.import.mesh", { path: file });
  const seconds = (performance.now() - t0) / 1000;
  if (!r.ok) throw new Error(r.error);
  const ratio = previous === undefined ? "" : `  x${(seconds / previous).toFixed(2)} for x4 items`;
  console.log(`${String(n).padStart(6)} items  ${seconds.toFixed(2)} s${ratio}`);
  previous = seconds;
}
rmSync(dir, { recursive: true, force: true });
