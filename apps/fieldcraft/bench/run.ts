// What the window costs on top of the engine: ui.capture against the bare ui.render at the same size, and
// a box pick against selecting the same nodes by id, in one run (medians and ratios; a report, no assertion).
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { uiSelectCommand, uiSelectionCommand } from "@mcp-wrappers/fieldcraft-engine";
import { Activity } from "../src/session/activity.js";
import { createAppSession } from "../src/session/app-session.js";

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b)[Math.floor(times / 2)];
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-app-bench-"));
  const design = join(dir, "steps.solidcraft");
  await writeFile(design, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Steps", features: [
    { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
    { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
  ] }] }));
  const engine = createSession({ commands: [uiSelectCommand, uiSelectionCommand] });
  const app = createAppSession(engine, new Activity(() => {}));
  const must = async (command: string, params: Record<string, unknown>) => {
    const o = await app.execute(command, params);
    if (!o.ok) throw new Error(`${command}: ${o.error}`);
    return o.result as Record<string, any>;
  };
  await must("geometry.open", { path: design });
  await must("mesh.tet.generate", { body: "Steps", tolerance: 0.5 });

  const rows: string[][] = [["what", "baseline ms", "measured ms", "ratio"]];
  const size = { width: 1024, height: 720 };
  const render = await median(9, () => must("ui.render", size));
  const capture = await median(9, () => must("ui.capture", size));
  rows.push(["ui.capture vs ui.render (1024 x 720)", render.toFixed(2), capture.toFixed(2), (capture / render).toFixed(2)]);

  const boxed = await must("ui.select", { box: [0, 0, 1023, 719], filter: "nodes" });
  const ids = boxed.selection.nodes as number[];
  const byIds = await median(9, () => must("ui.select", { nodes: ids }));
  const byBox = await median(9, () => must("ui.select", { box: [0, 0, 1023, 719], filter: "nodes" }));
  rows.push([`ui.select box vs ids (${ids.length} nodes)`, byIds.toFixed(2), byBox.toFixed(2), (byBox / byIds).toFixed(2)]);
  const face = (await must("ui.select", { at: [512, 360] })).selection.geometry;
  const byName = await median(9, () => must("ui.select", { geometry: face }));
  const byAt = await median(9, () => must("ui.select", { at: [512, 360] }));
  rows.push([`ui.select at vs by name (${face.map((m: { face: string }) => m.face).join(", ")})`, byName.toFixed(2), byAt.toFixed(2), (byAt / byName).toFixed(2)]);

  process.stdout.write("The app's window commands against their engine baseline, in-process (medians of 9):\n");
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) process.stdout.write(r.map((c, i) => c.padEnd(widths[i])).join("  ") + "\n");
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
