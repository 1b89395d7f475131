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

  test("explicit frames: solve drop-bar, save, restart, open: show_results {frame}, probe {time} and reactions {frame} without solve", async () => {
    const file = path.join(dir, "drop.fieldcraft");
    const first = await startClient([], dir, env);
    let shown, probed, reactions;
    try {
      expect((await call(first.client, "execute", { command: "file.sample", params: { name: "drop-bar" } })).isError).toBe(false);
      const solved = await call(first.client, "solve", { analysis: "explicit", step: "Drop" }, 300_000);
      expect(solved.isError, solved.text).toBe(false);
      const saved = await call(first.client, "save", { path: file });
      expect(saved.isError, saved.text).toBe(false);
      expect(saved.json.steps_saved).toEqual(["Drop"]);
      shown = await call(first.client, "show_results", { step: "Drop", field: "velocity", frame: 7 });
      probed = await call(first.client, "probe", { step: "Drop", time: 1.3e-5, nodes: [1, 2, 3] });
      reactions = await call(first.client, "reactions", { step: "Drop", frame: 12 });
      expect(reactions.isError, reactions.text).toBe(false);
      expect(reactions.json.frame).toBe(12);
    } finally {
      await first.close();
    }

    const second = await startClient([], dir, env);
    try {
      const opened = await call(second.client, "open", { path: file });
      expect(opened.isError, opened.text).toBe(false);
      expect(opened.json.warnings).toEqual([]);
      const again = await call(second.client, "show_results", { step: "Drop", field: "velocity", frame: 7 });
      expect(again.isError, again.text).toBe(false);
      expect(again.json.contour).toEqual(shown.json.contour);
      expect(again.json.frames).toEqual(shown.json.frames);
      expect((await call(second.client, "probe", { step: "Drop", time: 1.3e-5, nodes: [1, 2, 3] })).json).toEqual(probed.json);
      expect((await call(second.client, "reactions", { step: "Drop", frame: 12 })).json).toEqual(reactions.json);
      const activity = await call(second.client, "execute", { command: "model.activity" });
      expect(JSON.stringify(activity.json)).toMatch(/"name":"Drop".*"solved":true/);
    } finally {
      await second.close();
    }
  }, 300_000);
});
