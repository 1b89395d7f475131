import { describe, expect, test } from "vitest";
import fs from "node:fs";
import os from "node:os";
import { parseOptions } from "../../src/cli/options.js";
import { resolveRoots } from "../../src/cli/roots.js";
import { hostPathStyle } from "../../src/confinement/index.js";

describe("--http flags", () => {
  test("--http takes [HOST:]PORT, loopback by default, with the session bounds' defaults", () => {
    expect(parseOptions(["--http", "8931"])).toEqual({
      kind: "run",
      options: { mode: "headless", http: { address: { host: "127.0.0.1", port: 8931 }, maxSessions: 8, sessionMemoryBytes: 2048 * 1024 * 1024 } },
    });
    expect(parseOptions(["--http=[::1]:0", "--http-max-sessions", "3", "--http-session-memory-mib=512", "--http-token-file", "/t"])).toMatchObject({
      kind: "run",
      options: { http: { address: { host: "::1", port: 0 }, maxSessions: 3, sessionMemoryBytes: 512 * 1024 * 1024, tokenFile: "/t" } },
    });
  });
  test("malformed values, HTTP flags without --http, and --http with --connect are errors naming the flag", () => {
    expect(parseOptions(["--http", "host:port"])).toMatchObject({ kind: "error", error: expect.stringContaining("[HOST:]PORT") });
    expect(parseOptions(["--http", "70000"])).toMatchObject({ kind: "error" });
    expect(parseOptions(["--http", "1", "--http-max-sessions", "0"])).toMatchObject({ kind: "error", error: expect.stringContaining("--http-max-sessions") });
    expect(parseOptions(["--http-token-file", "/t"])).toMatchObject({ kind: "error", error: expect.stringContaining("only applies with --http") });
    expect(parseOptions(["--http", "1", "--connect", "127.0.0.1:7070"])).toMatchObject({ kind: "error", error: expect.stringContaining("--http") });
  });
  test("--http-no-auth and --unconfined are stated choices: only with --http, and --unconfined not with roots", () => {
    expect(parseOptions(["--http", "1", "--http-no-auth", "--unconfined"])).toMatchObject({ kind: "run", options: { http: { noAuth: true, unconfined: true } } });
    expect(parseOptions(["--http-no-auth"])).toMatchObject({ kind: "error", error: expect.stringContaining("--http-no-auth only applies with --http") });
    expect(parseOptions(["--unconfined"])).toMatchObject({ kind: "error", error: expect.stringContaining("--unconfined only applies with --http") });
    expect(parseOptions(["--http", "1", "--unconfined", "--automation-read-root", "/tmp"])).toMatchObject({ kind: "error", error: expect.stringContaining("--unconfined contradicts") });
  });
  test("over HTTP without roots, reads and writes are confined to the working folder unless --unconfined", () => {
    const cwd = fs.realpathSync(os.tmpdir());
    const run = (argv: string[]) => {
      const parsed = parseOptions(argv);
      if (parsed.kind !== "run") throw new Error(parsed.kind);
      return resolveRoots(parsed.options, cwd, hostPathStyle());
    };
    expect(run(["--http", "1"])).toEqual({ ok: true, roots: { read: cwd, write: cwd } });
    expect(run(["--http", "1", "--unconfined"])).toEqual({ ok: true, roots: {} });
    expect(run([])).toEqual({ ok: true, roots: {} }); // stdio: the client is the user's own process
  });
});
