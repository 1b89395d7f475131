import { describe, expect, test } from "vitest";
import { parseTimeoutSecs } from "../../src/cli/parse-timeout.js";
import { resolveConfig, startupLine, type StartupOutcome } from "../../src/cli/resolve-config.js";
import { splitCommand } from "../../src/cli/split-command.js";

describe("FZ_MCP_TIMEOUT_SECS", () => {
  const accepted: Array<[string, ReturnType<typeof parseTimeoutSecs>]> = [
    ["600", { ok: true, limit: { kind: "seconds", seconds: 600n } }],
    ["0", { ok: true, limit: { kind: "none" } }],
    ["000", { ok: true, limit: { kind: "none" } }],
    ["+5", { ok: true, limit: { kind: "seconds", seconds: 5n } }],
    ["007", { ok: true, limit: { kind: "seconds", seconds: 7n } }],
    ["  42\t", { ok: true, limit: { kind: "seconds", seconds: 42n } }],
    ["9223372036000", { ok: true, limit: { kind: "seconds", seconds: 9_223_372_036_000n } }],
  ];
  test.each(accepted)("accepts %j", (raw, expected) => {
    expect(parseTimeoutSecs(raw)).toEqual(expected);
  });

  const refused = ["", " ", "-1", "1.5", "1e3", "0x10", "ten", "+", "++1", "1 2", "18446744073709551616", "9223372036854775807", "18446744073709551615"];
  test.each(refused)("refuses %j, naming the variable and the value", (raw) => {
    const result = parseTimeoutSecs(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain("FZ_MCP_TIMEOUT_SECS");
      expect(result.message).toContain(`\`${raw}\``);
    }
  });

  test("the empty value says it is not 0", () => {
    const result = parseTimeoutSecs("");
    expect(!result.ok && result.message).toContain("empty");
  });
});

describe("splitCommand", () => {
  test.each([
    ["fz", ["fz"]],
    ["  cargo  run\t-q\n--bin\r\ffz -- ", ["cargo", "run", "-q", "--bin", "fz", "--"]],
    ["'a b' $HOME *", ["'a", "b'", "$HOME", "*"]],
    ["   ", []],
    ["", []],
    ["a\u000bb", ["a\u000bb"]], // vertical tab is not ASCII whitespace to Rust
  ])("%j → %j", (raw, expected) => {
    expect(splitCommand(raw)).toEqual(expected);
  });
});

describe("resolveConfig", () => {
  const serve = (command: string[], cwd: string | undefined, seconds: bigint | "none" = 600n): StartupOutcome => ({
    kind: "serve",
    config: { command, cwd, timeLimit: seconds === "none" ? { kind: "none" } : { kind: "seconds", seconds } },
  });
  const rows: Array<[string, string[], Record<string, string>, StartupOutcome | { refuseContains: string[] }]> = [
    ["defaults", [], {}, serve(["fz"], undefined)],
    ["flag beats env for cwd", ["--cwd", "a"], { FZ_MCP_CWD: "b" }, serve(["fz"], "a")],
    ["env cwd", [], { FZ_MCP_CWD: "b" }, serve(["fz"], "b")],
    ["empty env cwd is unset", [], { FZ_MCP_CWD: "" }, serve(["fz"], undefined)],
    ["flag beats env for the command", ["--", "x", "y"], { FZ_MCP_COMMAND: "a b" }, serve(["x", "y"], undefined)],
    ["env command split", [], { FZ_MCP_COMMAND: "cargo run -q --bin fz --" }, serve(["cargo", "run", "-q", "--bin", "fz", "--"], undefined)],
    ["timeout 0 is none", [], { FZ_MCP_TIMEOUT_SECS: "0" }, serve(["fz"], undefined, "none")],
    ["timeout 5", [], { FZ_MCP_TIMEOUT_SECS: "5" }, serve(["fz"], undefined, 5n)],
    ["help before env is read", ["-h"], { FZ_MCP_TIMEOUT_SECS: "bogus" }, { kind: "help" }],
    ["empty env command", [], { FZ_MCP_COMMAND: " \t " }, { refuseContains: ["the fz command is empty"] }],
    ["-- alone overrides env then is refused", ["--"], { FZ_MCP_COMMAND: "fz" }, { refuseContains: ["the fz command is empty"] }],
    ["bad timeout", [], { FZ_MCP_TIMEOUT_SECS: "1.5" }, { refuseContains: ["FZ_MCP_TIMEOUT_SECS", "1.5"] }],
    ["empty timeout", [], { FZ_MCP_TIMEOUT_SECS: "" }, { refuseContains: ["FZ_MCP_TIMEOUT_SECS"] }],
    ["huge timeout", [], { FZ_MCP_TIMEOUT_SECS: "18446744073709551615" }, { refuseContains: ["FZ_MCP_TIMEOUT_SECS", "18446744073709551615"] }],
    ["timeout refusal beats empty command", ["--"], { FZ_MCP_TIMEOUT_SECS: "x" }, { refuseContains: ["FZ_MCP_TIMEOUT_SECS"] }],
    ["argv misuse beats env", ["--bogus"], { FZ_MCP_TIMEOUT_SECS: "x" }, { refuseContains: ["unknown flag --bogus"] }],
    ["non-UTF-8 cwd env", [], { FZ_MCP_CWD: "\uFFFD" }, { refuseContains: ["FZ_MCP_CWD is set but is not valid UTF-8"] }],
    ["non-UTF-8 command env", [], { FZ_MCP_COMMAND: "f\uFFFDz" }, { refuseContains: ["FZ_MCP_COMMAND is set but is not valid UTF-8"] }],
    ["non-UTF-8 timeout env", [], { FZ_MCP_TIMEOUT_SECS: "\uFFFD" }, { refuseContains: ["FZ_MCP_TIMEOUT_SECS is set but is not valid UTF-8"] }],
    ["a non-UTF-8 env cwd is not read when the flag is given", ["--cwd", "a"], { FZ_MCP_CWD: "\uFFFD" }, serve(["fz"], "a")],
    ["cwd refusal comes before command refusal", [], { FZ_MCP_CWD: "\uFFFD", FZ_MCP_COMMAND: "\uFFFD" }, { refuseContains: ["FZ_MCP_CWD"] }],
  ];
  test.each(rows)("%s", (_name, argv, env, expected) => {
    const outcome = resolveConfig(argv, env);
    if ("refuseContains" in expected) {
      expect(outcome.kind).toBe("refuse");
      for (const part of expected.refuseContains) expect(outcome.kind === "refuse" && outcome.message).toContain(part);
    } else {
      expect(outcome).toEqual(expected);
    }
  });

  test("the startup line names the command and the place", () => {
    expect(startupLine({ command: ["cargo", "run", "-q", "--bin", "fz", "--"], cwd: "./my-venture", timeLimit: { kind: "none" } })).toBe(
      "fz-mcp: running `cargo run -q --bin fz --` from cwd ./my-venture, serving MCP over stdio until EOF",
    );
    expect(startupLine({ command: ["fz"], cwd: undefined, timeLimit: { kind: "none" } })).toBe(
      "fz-mcp: running `fz` from the current directory, serving MCP over stdio until EOF",
    );
  });
});
