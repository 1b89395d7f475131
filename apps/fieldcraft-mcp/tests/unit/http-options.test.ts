import { describe, expect, test } from "vitest";
import { parseOptions } from "../../src/cli/options.js";

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
});
