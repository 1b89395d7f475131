// A solved model saved by one server process opens solved in the next: show_results and probe answer
// without solving again, through the built binary and the SDK Client.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { call, startClient, tempDir } from "./helpers.js";

const dir = tempDir("fc-mcp-saved-results-");
// Each server gets its own recovery folder, so the test leaves nothing in the user's.
const env = { ...process.env, FIELDCRAFT_RECOVERY_DIR: path.join(dir, "recovery") } as Record<string, string>;

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("saved results across a restart", () => {
  test("solve, save, restart, open: show_results and probe give the same answers without solve", async () => {
    const file = path.join(dir, "solved.fieldcraft");
    const first = await startClient([], dir, env);
    let shown, probed;
    try {
      expect((await call(first.client, "execute", { command: "file.sample", params: { name: "stepped-block" } })).isError).toBe(false);
      const solved = await call(first.client, "solve", { analysis: "static", step: "Load" });
      expect(solved.isError, solved.text).toBe(false);
      const saved = await call(first.client, "save", { path: file });
      expect(saved.isError, saved.text).toBe(false);
      expect(saved.json.results_saved).toBe(true);
      shown = await call(first.client, "show_results", { step: "Load", field: "displacement" });
      probed = await call(first.client, "probe", { step: "Load", nodes: [1, 2, 3] });
      expect(shown.isError, shown.text).toBe(false);
    } finally {
      await first.close();
    }

    const second = await startClient([], dir, env);
    try {
      const opened = await call(second.client, "open", { path: file });
      expect(opened.isError, opened.text).toBe(false);
      expect(opened.json.warnings).toEqual([]);
      const again = await call(second.client, "show_results", { step: "Load", field: "displacement" });
      expect(again.isError, again.text).toBe(false);
      expect(again.json.contour).toEqual(shown.json.contour);
      expect(again.json.contour.range.max.value).toBeGreaterThan(0);
      expect((await call(second.client, "probe", { step: "Load", nodes: [1, 2, 3] })).json).toEqual(probed.json);
      // Nothing was solved in this process: the step table says solved from the file alone.
      const activity = await call(second.client, "execute", { command: "model.activity" });
      expect(JSON.stringify(activity.json)).toMatch(/"name":"Load".*"solved":true/);
    } finally {
      await second.close();
    }
  });
});
