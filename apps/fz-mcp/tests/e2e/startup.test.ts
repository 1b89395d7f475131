import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { USAGE } from "../../src/cli/usage.js";
import { CLI, FAKE_FZ_COMMAND } from "../support/fixtures.js";

/** Runs the built fz-mcp with stdin closed at once (EOF), no shell. */
function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string | undefined> = { ...process.env, FZ_MCP_CWD: undefined, FZ_MCP_COMMAND: undefined, FZ_MCP_TIMEOUT_SECS: undefined, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return spawnSync(process.execPath, [CLI, ...args], { input: "", encoding: "utf8", env: merged as NodeJS.ProcessEnv, timeout: 30_000 });
}

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const hasPython = spawnSync("python3", ["--version"]).status === 0;

describe("--help", () => {
  test.each([[["--help"]], [["-h"]], [["--cwd", "x", "-h"]], [["--bogus", "--help"]]])("%j prints the usage to stdout and exits 0", (args) => {
    const run = runCli(args, { FZ_MCP_TIMEOUT_SECS: "not a number" });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(USAGE);
    expect(run.stderr).toBe("");
  });
});

describe("--version", () => {
  test.each([[["--version"]], [["-V"]], [["--cwd", "x", "--version"]]])("%j prints `fz-mcp <package version>` to stdout and exits 0", (args) => {
    const run = runCli(args, { FZ_MCP_TIMEOUT_SECS: "not a number" });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`fz-mcp ${PACKAGE_VERSION}\n`);
    expect(run.stderr).toBe("");
  });
});

describe("startup refusals: `fz-mcp: <message>`, the usage, exit 2", () => {
  const rows: Array<[string, string[], Record<string, string>, string[]]> = [
    ["unknown flag", ["--verbose"], {}, ["unknown flag --verbose"]],
    ["--cwd=dir", ["--cwd=dir"], {}, ["unknown flag --cwd=dir"]],
    ["positional", ["fz"], {}, ["unexpected argument fz (only --cwd and -- are accepted)"]],
    ["--cwd without a value", ["--cwd"], {}, ["--cwd needs a directory argument"]],
    ["--cwd empty", ["--cwd", ""], {}, ["--cwd needs a non-empty directory argument"]],
    ["-- alone", ["--"], {}, ["the fz command is empty (FZ_MCP_COMMAND, or the words after --)"]],
    ["empty FZ_MCP_COMMAND", [], { FZ_MCP_COMMAND: "  \t" }, ["the fz command is empty"]],
    ["non-numeric timeout", [], { FZ_MCP_TIMEOUT_SECS: " ten " }, ["FZ_MCP_TIMEOUT_SECS", "` ten `"]],
    ["empty timeout", [], { FZ_MCP_TIMEOUT_SECS: "" }, ["FZ_MCP_TIMEOUT_SECS"]],
    ["negative timeout", [], { FZ_MCP_TIMEOUT_SECS: "-1" }, ["FZ_MCP_TIMEOUT_SECS", "-1"]],
    ["decimal timeout", [], { FZ_MCP_TIMEOUT_SECS: "1.5" }, ["FZ_MCP_TIMEOUT_SECS", "1.5"]],
    ["2^63-1 seconds", [], { FZ_MCP_TIMEOUT_SECS: "9223372036854775807" }, ["FZ_MCP_TIMEOUT_SECS", "9223372036854775807"]],
    ["2^64-1 seconds", [], { FZ_MCP_TIMEOUT_SECS: "18446744073709551615" }, ["FZ_MCP_TIMEOUT_SECS", "18446744073709551615"]],
    ["past u64", [], { FZ_MCP_TIMEOUT_SECS: "18446744073709551616" }, ["FZ_MCP_TIMEOUT_SECS", "18446744073709551616"]],
  ];
  test.each(rows)("%s", (_name, args, env, parts) => {
    const run = runCli(args, env);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr.startsWith("fz-mcp: ")).toBe(true);
    const [first] = run.stderr.split("\n");
    for (const part of parts) expect(first).toContain(part);
    expect(run.stderr.endsWith(`\n${USAGE}\n`)).toBe(true);
  });
});

describe("serving", () => {
  test("exactly one stderr line naming the command and the cwd, then a clean exit 0 at EOF", () => {
    const run = runCli(["--cwd", "./my-venture", "--", "cargo", "run", "-q", "--bin", "fz", "--"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("fz-mcp: running `cargo run -q --bin fz --` from cwd ./my-venture, serving MCP over stdio until EOF\n");
  });

  test("defaults: `fz` from the current directory; a missing cwd or program is not refused at startup", () => {
    expect(runCli([]).stderr).toBe("fz-mcp: running `fz` from the current directory, serving MCP over stdio until EOF\n");
    const missing = runCli(["--cwd", "/no/such/dir", "--", "no-such-program"]);
    expect(missing.status).toBe(0);
  });

  test("environment fallbacks, flags winning", () => {
    const env = { FZ_MCP_CWD: "env-dir", FZ_MCP_COMMAND: "  my  fz\tcmd " };
    expect(runCli([], env).stderr).toContain("running `my fz cmd` from cwd env-dir,");
    expect(runCli(["--cwd", "flag-dir", "--", "x"], env).stderr).toContain("running `x` from cwd flag-dir,");
    expect(runCli([], { FZ_MCP_CWD: "" }).stderr).toContain("from the current directory,");
  });

  test("a very large but representable timeout is accepted", () => {
    const run = runCli(["--", ...FAKE_FZ_COMMAND], { FZ_MCP_TIMEOUT_SECS: "9223372036000" });
    expect(run.status).toBe(0);
  });
});

describe.runIf(hasPython && process.platform !== "win32")("non-UTF-8 input is refused at startup", () => {
  // Python can hand a process raw bytes in argv and the environment; Node cannot.
  const execWithBytes = (argBytes: string[], envBytes: Record<string, string>) => {
    const script = `
import os, sys
env = {k: v for k, v in os.environb.items() if not k.startswith(b"FZ_MCP_")}
for k, v in ${JSON.stringify(envBytes)}.items():
    env[k.encode()] = bytes.fromhex(v)
args = [bytes.fromhex(a) for a in ${JSON.stringify(argBytes)}]
os.execve(${JSON.stringify(process.execPath)}, [b"node", ${JSON.stringify(CLI)}.encode()] + args, env)
`;
    return spawnSync("python3", ["-c", script], { input: "", encoding: "utf8", timeout: 30_000 });
  };
  const hex = (text: string) => Buffer.from(text, "utf8").toString("hex");

  test.each([
    ["FZ_MCP_CWD", "FZ_MCP_CWD is set but is not valid UTF-8; refusing rather than running somewhere the operator did not configure"],
    ["FZ_MCP_COMMAND", "FZ_MCP_COMMAND is set but is not valid UTF-8; refusing rather than running something other than the operator configured"],
    ["FZ_MCP_TIMEOUT_SECS", "FZ_MCP_TIMEOUT_SECS is set but is not valid UTF-8; refusing rather than guessing the limit"],
  ])("%s", (name, message) => {
    const run = execWithBytes([], { [name]: "66ff7a" });
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(`fz-mcp: ${message}`);
  });

  test("an argument", () => {
    const run = execWithBytes([hex("--cwd"), "64ff"], {});
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("fz-mcp: arguments must be valid UTF-8");
  });
});

describe("a broken transport", () => {
  test.runIf(process.platform !== "win32")("a client that stops reading stdout: `fz-mcp: stdio failed: …` on stderr, exit 1", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [CLI, "--", ...FAKE_FZ_COMMAND], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.stdout.destroy();
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^fz-mcp: stdio failed: /m);
  });
});
