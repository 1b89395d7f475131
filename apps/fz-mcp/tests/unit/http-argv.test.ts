import { describe, expect, test } from "vitest";
import { parseArgv } from "../../src/cli/parse-argv.js";
import { resolveConfig } from "../../src/cli/resolve-config.js";

describe("--http", () => {
  test("parsed into an address, loopback by default; the token file is kept for startup to read", () => {
    expect(parseArgv(["--http", "8931", "--http-token-file", "/t", "--", "fz"])).toEqual({ kind: "run", cwd: undefined, command: ["fz"], http: "8931", httpTokenFile: "/t" });
    const outcome = resolveConfig(["--http", "0.0.0.0:9000"], {});
    expect(outcome).toMatchObject({ kind: "serve", config: { http: { address: { host: "0.0.0.0", port: 9000 }, tokenFile: undefined } } });
  });
  test("a missing or malformed value, a repeat, or a token file without --http is refused", () => {
    expect(parseArgv(["--http"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("[HOST:]PORT") });
    expect(parseArgv(["--http", "1", "--http", "2"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("more than once") });
    expect(parseArgv(["--http-token-file", "/t"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("only applies with --http") });
    expect(resolveConfig(["--http", "nope"], {})).toMatchObject({ kind: "refuse", message: expect.stringContaining("[HOST:]PORT") });
  });
  test("--http-no-auth only with --http; --fz-concurrency and --fz-queue are bounded whole numbers", () => {
    expect(resolveConfig(["--http", "0", "--http-no-auth", "--fz-concurrency", "3", "--fz-queue", "0"], {})).toMatchObject({
      kind: "serve", config: { http: { noAuth: true }, fzConcurrency: 3, fzQueue: 0 },
    });
    expect(parseArgv(["--http-no-auth"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("--http-no-auth only applies with --http") });
    expect(parseArgv(["--fz-concurrency", "0"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("from 1 to 64") });
    expect(parseArgv(["--fz-queue", "x"])).toMatchObject({ kind: "misuse", message: expect.stringContaining("--fz-queue needs a whole number") });
  });
});
