import { describe, expect, test } from "vitest";
import { parseOptions } from "../../src/cli/options.js";

describe("--autosave-seconds", () => {
  test("absent: the default applies later (60); given: whole seconds, 0 turns autosave off", () => {
    expect(parseOptions([])).toEqual({ kind: "run", options: { mode: "headless" } });
    expect(parseOptions(["--autosave-seconds", "1"])).toEqual({ kind: "run", options: { mode: "headless", autosaveSeconds: 1 } });
    expect(parseOptions(["--autosave-seconds=0"])).toEqual({ kind: "run", options: { mode: "headless", autosaveSeconds: 0 } });
    expect(parseOptions(["--connect", "127.0.0.1:7070", "--autosave-seconds", "30"])).toEqual({
      kind: "run",
      options: { mode: "connect", connect: { host: "127.0.0.1", port: 7070 }, autosaveSeconds: 30 },
    });
  });
  test.each(["-1", "1.5", "x", "", "86401", "1e3"])("%j is refused, naming the flag", (value) => {
    expect(parseOptions(["--autosave-seconds", value])).toMatchObject({ kind: "error", error: expect.stringContaining("--autosave-seconds") });
  });
  test("given once", () => {
    expect(parseOptions(["--autosave-seconds", "1", "--autosave-seconds", "2"])).toMatchObject({ kind: "error", error: expect.stringContaining("more than once") });
  });
});
