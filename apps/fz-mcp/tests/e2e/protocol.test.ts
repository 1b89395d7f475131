import { readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARGO_LIKE, FAKE_FZ, FAKE_FZ_COMMAND, eventually, isAlive, readPids, expectedCodes, tempDir } from "../support/fixtures.js";
import { callTool, envelopeOf, startServer } from "../support/server.js";

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

const spec = expectedCodes();

const OUTPUT_SCHEMA_TEXT =
  '{"type":"object","properties":{"schema":{"type":"integer","description":"The envelope schema version — the CLI\'s own (1), moved only by the CLI."},"ok":{"type":"boolean","description":"Whether the fz command succeeded."},"failures":{"type":"array","description":"Empty when ok; each failure carries a stable code (see fz_error_codes).","items":{"type":"object","properties":{"code":{"type":"string"},"message":{"type":"string"}}}}}}';

describe("handshake and listing", () => {
  test.each([
    ["2025-11-25", "2025-11-25", true],
    ["2025-06-18", "2025-06-18", true],
    ["2025-03-26", "2025-03-26", false],
    ["2024-11-05", "2024-11-05", false],
    ["1999-01-01", "2025-11-25", true],
  ])("initialize %s → %s; tools carry outputSchema: %s", async (asked, answered, structured) => {
    const d = startServer({ command: FAKE_FZ_COMMAND });
    const init = await d.initialize(asked);
    expect(init.result.protocolVersion).toBe(answered);
    expect(init.result.serverInfo).toEqual({ name: "cratefield-fz", title: "Cratefield fz", version: PACKAGE_VERSION });
    expect(init.result.capabilities).toEqual({ tools: { listChanged: false } });
    for (const needle of ["--json", "schema", "ok", "failures", "fz_error_codes", "mcp-", "isError"]) {
      expect(init.result.instructions).toContain(needle);
    }
    const list = await d.request({ method: "tools/list", params: { cursor: "ignored" } });
    const tools = list.result.tools as Array<Record<string, any>>;
    expect(tools.map((t) => t.name)).toEqual(["fz_doctor", "fz_plan", "fz_verify", "fz_init", "fz_add", "fz_deploy", "fz_error_codes"]);
    expect("nextCursor" in list.result).toBe(false);
    for (const t of tools) {
      expect(Object.keys(t).sort()).toEqual(["annotations", "description", "inputSchema", "name", "title", ...(structured ? ["outputSchema"] : [])].sort());
      expect(Object.keys(t.annotations).sort()).toEqual(["destructiveHint", "idempotentHint", "openWorldHint", "readOnlyHint"]);
      expect(t.inputSchema.additionalProperties).toBe(false);
      if (structured) expect(JSON.stringify(t.outputSchema)).toBe(OUTPUT_SCHEMA_TEXT);
    }
  });

  test("the published schemas are the spec's, exactly", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND });
    await d.initialize("2025-06-18");
    const tools = (await d.request({ method: "tools/list" })).result.tools as Array<Record<string, any>>;
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.fz_doctor.inputSchema.properties).toEqual({
      out: { type: "string", description: "Migration directory fz doctor reads (the CLI's `--out`, default `migrations`)." },
      allow_no_captcha: {
        type: "string",
        description: "Accept a production venture without an effective Captcha port for the stated reason (the CLI's `--allow-no-captcha`).",
      },
    });
    expect(byName.fz_init.inputSchema.required).toEqual(["name", "host"]);
    expect(byName.fz_add.inputSchema.required).toEqual(["module"]);
    expect(byName.fz_deploy.inputSchema.properties.i_am_removing_modules.description).toBe(
      "Required by fz when the plan removes modules from the served composition — no data is deleted.",
    );
    expect(byName.fz_deploy.annotations).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(byName.fz_error_codes.inputSchema).toEqual({ type: "object", properties: {}, additionalProperties: false });
    for (const t of tools) expect(t.title).toBe(t.name.replace("fz_error_codes", "fz error codes").replace("fz_", "fz "));
  });
});

describe("tools/call protocol errors (-32602)", () => {
  test.each([
    ["no params", undefined, "params"],
    ["params not an object", [1], "params"],
    ["no name", {}, "name"],
    ["name not a string", { name: 5 }, "name"],
    ["arguments not an object, checked before the tool exists", { name: "nope", arguments: [1] }, "arguments"],
    ["unknown tool", { name: "fz_nope", arguments: {} }, "fz_nope"],
  ])("%s", async (_name, params, mention) => {
    const d = startServer({ command: FAKE_FZ_COMMAND });
    const reply = await d.request(params === undefined ? { method: "tools/call", id: "s" } : { method: "tools/call", params, id: "s" });
    expect(reply.id).toBe("s");
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain(mention);
  });

  test("a batch is refused with the hint, whatever the version", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND });
    await d.initialize("2025-03-26");
    d.send('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
    expect(await d.next()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request", data: "JSON-RPC batching was removed in protocol 2025-06-18; send one message per line" },
    });
  });
});

describe("argument validation happens before any spawn", () => {
  test.each([
    ["fz_add", { module: "-h" }, ["module", "flag", '"-h"']],
    ["fz_add", {}, ["module"]],
    ["fz_init", { name: "", host: "h" }, ["name", "empty"]],
    ["fz_init", { name: 1, host: "h" }, ["name", "a string"]],
    ["fz_init", { name: "a", host: "h", force: "yes" }, ["force", "a boolean"]],
    ["fz_plan", { manifset: "v.json" }, ["manifset"]],
    ["fz_error_codes", { verbose: true }, ["verbose", "fz_error_codes"]],
    ["fz_deploy", { plan: "--i-am-deploying-to-production" }, ["plan", "flag"]],
    // A NUL cannot reach a command line (spawn would fail as if fz were missing); a line break would
    // let one argument read as two lines in fz's logs and prompts. Both are the caller's to fix.
    ["fz_init", { name: "a\u0000b", host: "h" }, ["`name`", "NUL"]],
    ["fz_add", { module: "billing", manifest: "m\u0000.json" }, ["`manifest`", "NUL"]],
    ["fz_init", { name: "a", host: "h\nforce" }, ["`host`", "line break"]],
    ["fz_doctor", { out: "dir\r\nx" }, ["`out`", "line break"]],
  ])("%s %j → mcp-argument-invalid", async (name, args, parts) => {
    const dir = tempDir();
    const pidFile = join(dir, "pids");
    const d = startServer({ command: FAKE_FZ_COMMAND, cwd: dir, env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize("2025-06-18");
    const result = await callTool(d, name, args);
    expect(result.isError).toBe(true);
    const envelope = envelopeOf(result);
    expect(Object.keys(envelope)).toEqual(["schema", "ok", "failures"]);
    expect(envelope.failures).toHaveLength(1);
    expect(envelope.failures[0].code).toBe("mcp-argument-invalid");
    for (const part of parts) expect(envelope.failures[0].message).toContain(part);
    expect(result.structuredContent).toEqual(envelope);
    // The fake fz in `hang` mode records its pid the moment it runs: nothing ran.
    await d.request({ method: "ping" });
    expect(readPids(pidFile)).toEqual([]);
  });

  test("arguments absent or null mean {}", async () => {
    const d = startServer({ command: [...FAKE_FZ_COMMAND], env: { FAKE_FZ_MODE: "echo-argv" } });
    const absent = envelopeOf(await callTool(d, "fz_plan"));
    const nulled = envelopeOf(await callTool(d, "fz_plan", null));
    expect(absent.argv).toEqual(["plan", "--json", "--non-interactive"]);
    expect(nulled.argv).toEqual(absent.argv);
  });
});

describe("the child's argv and cwd", () => {
  test("leading words come first, then the tool's argv in its fixed order; ok true means isError false", async () => {
    const dir = tempDir();
    const d = startServer({ command: [...FAKE_FZ_COMMAND, "leading-arg"], cwd: dir, env: { FAKE_FZ_MODE: "echo-argv" } });
    await d.initialize("2025-11-25");
    const doctor = await callTool(d, "fz_doctor", { out: "migrations" });
    expect(doctor.isError).toBe(false);
    const envelope = envelopeOf(doctor);
    expect(envelope.argv).toEqual(["leading-arg", "doctor", "--json", "--out", "migrations"]);
    expect(realpathSync(envelope.cwd as string)).toBe(realpathSync(dir));
    const deploy = envelopeOf(
      await callTool(d, "fz_deploy", { i_am_removing_modules: true, i_am_deploying_to_production: false, manifest: "", plan: "abc" }),
    );
    expect(deploy.argv).toEqual(["leading-arg", "deploy", "--json", "--non-interactive", "--plan", "abc", "--manifest", "", "--i-am-removing-modules"]);
    const add = envelopeOf(await callTool(d, "fz_add", { manifest: "v.json", module: "waitlist" }));
    expect(add.argv).toEqual(["leading-arg", "add", "--json", "--non-interactive", "waitlist", "--manifest", "v.json"]);
  });

  test("the child runs in the configured cwd, from FZ_MCP_CWD too", async () => {
    const dir = tempDir();
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "echo-argv", FZ_MCP_CWD: dir } });
    const envelope = envelopeOf(await callTool(d, "fz_verify"));
    expect(realpathSync(envelope.cwd as string)).toBe(realpathSync(dir));
  });

  test("FZ_MCP_COMMAND is split on whitespace with no shell", async () => {
    const d = startServer({ env: { FAKE_FZ_MODE: "echo-argv", FZ_MCP_COMMAND: `  ${process.execPath}\t${FAKE_FZ}  '$HOME'  ` } });
    const envelope = envelopeOf(await callTool(d, "fz_plan"));
    expect(envelope.argv).toEqual(["'$HOME'", "plan", "--json", "--non-interactive"]);
  });
});

describe("finding fz through PATH without a shell", () => {
  // POSIX: a bare name found on PATH. Windows: the `fz.cmd` shim found through PATH and PATHEXT and
  // run through cmd.exe with its metacharacters escaped, so every argument arrives as sent.
  test("a bare `fz`, with arguments a shell would mangle", async () => {
    let binDir = dirname(FAKE_FZ);
    if (process.platform !== "win32") {
      binDir = tempDir("bin-");
      symlinkSync(FAKE_FZ, join(binDir, "fz"));
    }
    const env: Record<string, string | undefined> = { FAKE_FZ_MODE: "echo-argv" };
    for (const key of Object.keys(process.env)) if (key.toUpperCase() === "PATH") env[key] = undefined;
    env.PATH = `${binDir}${delimiter}${process.env.PATH ?? process.env.Path ?? ""}`;
    const awkward = ["two words", 'say "hi"', "a&b|c", "^caret", "$HOME", "*.json", "back\\slash\\"];
    const d = startServer({ command: ["fz", ...awkward], env });
    const envelope = envelopeOf(await callTool(d, "fz_plan", { manifest: "my venture.json" }));
    expect(envelope.argv).toEqual([...awkward, "plan", "--json", "--non-interactive", "--manifest", "my venture.json"]);
  });
});

describe("the envelope", () => {
  const printed = (stdout: string, exit = 0, stderr = "") => ({
    FAKE_FZ_MODE: "print",
    FAKE_FZ_STDOUT: stdout,
    FAKE_FZ_STDERR: stderr,
    FAKE_FZ_EXIT: String(exit),
  });

  test("the last non-empty stdout line is returned byte for byte; isError keys on ok alone", async () => {
    const line = '  {"z":"\\u00e9/é","schema":1, "ok" : false,"failures":[{"code":"stale-plan","message":"m"}],"extra":1.50}';
    const d = startServer({ command: FAKE_FZ_COMMAND, env: printed(`Compiling fz\n{"ok":true}\n${line}  \r\n\n`, 0, "warning: chatter") });
    await d.initialize("2025-06-18");
    const result = await callTool(d, "fz_verify");
    expect(result.content).toEqual([{ type: "text", text: line }]);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(JSON.parse(line));
  });

  test.each([
    ["ok true with exit 1", '{"schema":1,"ok":true,"failures":[]}', 1, false],
    ["ok false with exit 0", '{"schema":1,"ok":false,"failures":[]}', 0, true],
  ])("%s", async (_name, line, exit, isError) => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: printed(`${line}\n`, exit) });
    const result = await callTool(d, "fz_plan");
    expect(result.content[0].text).toBe(line);
    expect(result.isError).toBe(isError);
  });

  test.each([
    ['ok "false" (a string)', '{"schema":1,"ok":"false","failures":[]}', "envelope.ok should be a boolean"],
    ["a failure's code a number", '{"schema":1,"ok":false,"failures":[{"code":1,"message":"m"}]}', "envelope.failures[0].code should be a string"],
    ["schema 1.5", '{"schema":1.5,"ok":true,"failures":[]}', "envelope.schema should be an integer"],
  ])("an envelope whose types break the output schema (%s) is text with a note, no structuredContent, isError exactly ok === false", async (_name, line, says) => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: printed(`${line}\n`) });
    await d.initialize("2025-06-18");
    const result = await callTool(d, "fz_plan");
    expect(result.content[0]).toEqual({ type: "text", text: line });
    expect(result.content[1].text).toContain(says);
    expect(result.isError).toBe(JSON.parse(line).ok === false);
    expect("structuredContent" in result).toBe(false);
  });

  test.each([
    ["no failures", '{"schema":1,"ok":true}'],
    ["not an envelope at all", '{"argv":"x"}'],
    ["a failure without a message", '{"schema":1,"ok":false,"failures":[{"code":"x"}]}'],
  ])("an object missing envelope keys (%s) passes through structured, isError exactly ok === false", async (_name, line) => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: printed(`${line}\n`) });
    await d.initialize("2025-06-18");
    const result = await callTool(d, "fz_plan");
    expect(result.content).toEqual([{ type: "text", text: line }]);
    expect(result.structuredContent).toEqual(JSON.parse(line));
    expect(result.isError).toBe(JSON.parse(line).ok === false);
  });

  test("structuredContent only from 2025-06-18", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: printed('{"schema":1,"ok":true,"failures":[]}\n') });
    await d.initialize("2025-03-26");
    const result = await callTool(d, "fz_plan");
    expect(result.isError).toBe(false);
    expect("structuredContent" in result).toBe(false);
  });

  test("no length cap: an envelope after megabytes of prose", async () => {
    const dir = tempDir();
    const init = startServer({ command: FAKE_FZ_COMMAND, cwd: dir });
    await callTool(init, "fz_init", { name: "acme", host: "acme.example" });
    const d = startServer({ command: FAKE_FZ_COMMAND, cwd: dir, env: { FAKE_FZ_MODE: "megabytes" } });
    const result = await callTool(d, "fz_verify");
    expect(envelopeOf(result).failures[0].code).toBe("not-deployed");
    const stdoutFile = join(dir, "big-stdout");
    writeFileSync(stdoutFile, `{"schema":1,"ok":true,"failures":[],"blob":"${"b".repeat(3_000_000)}"}\n`);
    const big = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "print", FAKE_FZ_STDOUT_FILE: stdoutFile } });
    const bigResult = await callTool(big, "fz_plan");
    expect((envelopeOf(bigResult).blob as string).length).toBe(3_000_000);
  });
});

describe("mcp-fz-no-json", () => {
  test("a clap usage error: exit code 2 and the stderr excerpt", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "usage-error" } });
    const result = await callTool(d, "fz_add", { module: "waitlist" });
    expect(result.isError).toBe(true);
    const [failure] = envelopeOf(result).failures;
    expect(failure.code).toBe("mcp-fz-no-json");
    expect(failure.message).toBe(
      "fz produced no JSON object on stdout (exit code 2); stderr excerpt: error: unexpected argument '--bogus' found\n\nUsage: fz add [OPTIONS] [MODULE]\n\nFor more information, try '--help'.",
    );
    expect(result.content[0].text).not.toContain("\n");
  });

  test.each([
    ["prose only: stdout excerpt", { FAKE_FZ_MODE: "prose" }, "(exit code 1); stdout excerpt: Planned 1 module for acme.\nNext: fz deploy --plan <digest>"],
    ["a JSON array is not an envelope", { FAKE_FZ_MODE: "json-array" }, '(exit code 0); stdout excerpt: [{"schema":1,"ok":true}]'],
    ["an object followed by prose", { FAKE_FZ_MODE: "print", FAKE_FZ_STDOUT: '{"ok":true}\ndone\n' }, "stdout excerpt: {\"ok\":true}\ndone"],
    ["empty output", { FAKE_FZ_MODE: "print", FAKE_FZ_EXIT: "3" }, "(exit code 3); stdout excerpt: "],
    ["invalid UTF-8 on stderr", { FAKE_FZ_MODE: "invalid-utf8" }, "stderr excerpt: bad \uFFFD\uFFFD bytes"],
  ])("%s", async (_name, env, part) => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env });
    const [failure] = envelopeOf(await callTool(d, "fz_plan")).failures;
    expect(failure.code).toBe("mcp-fz-no-json");
    expect(failure.message).toContain(part);
  });

  test.runIf(process.platform !== "win32")("killed by a signal: no exit code", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "signal" } });
    const [failure] = envelopeOf(await callTool(d, "fz_plan")).failures;
    expect(failure.message).toContain("(no exit code; terminated by a signal)");
  });

  test("the excerpt is cut at 500 code points with an ellipsis", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "print", FAKE_FZ_STDERR: `  ${"é".repeat(400)}${"😀".repeat(300)}  `, FAKE_FZ_EXIT: "2" } });
    const [failure] = envelopeOf(await callTool(d, "fz_plan")).failures;
    const excerpt = failure.message.split("stderr excerpt: ")[1];
    expect(excerpt).toBe(`${"é".repeat(400)}${"😀".repeat(100)}…`);
  });
});

describe("mcp-fz-unavailable", () => {
  test("a program that is not on PATH", async () => {
    const d = startServer({ command: ["fz-not-installed-here", "lead"] });
    const result = await callTool(d, "fz_plan");
    expect(result.isError).toBe(true);
    const [failure] = envelopeOf(result).failures;
    expect(failure.code).toBe("mcp-fz-unavailable");
    expect(failure.message).toContain("could not run `fz-not-installed-here`");
  });

  test("the default `fz` when there is none", async () => {
    const d = startServer({ env: { PATH: tempDir() } });
    const [failure] = envelopeOf(await callTool(d, "fz_doctor")).failures;
    expect(failure.message).toContain("could not run `fz`");
  });

  test.runIf(process.platform !== "win32")("a program without permission to run", async () => {
    const program = join(tempDir(), "fz");
    writeFileSync(program, "#!/bin/sh\necho '{}'\n", { mode: 0o644 });
    const d = startServer({ command: [program] });
    const [failure] = envelopeOf(await callTool(d, "fz_plan")).failures;
    expect(failure.code).toBe("mcp-fz-unavailable");
    expect(failure.message).toBe(`could not run \`${program}\`: Permission denied (EACCES)`);
  });

  test("a working directory that does not exist", async () => {
    const missing = join(tempDir(), "gone");
    const d = startServer({ command: FAKE_FZ_COMMAND, cwd: missing });
    const [failure] = envelopeOf(await callTool(d, "fz_plan")).failures;
    expect(failure.code).toBe("mcp-fz-unavailable");
    expect(failure.message).toContain(missing);
  });
});

// These run on Windows too: there the tree is killed through `taskkill /T /F` (src/runner/kill-tree.ts).
describe("mcp-fz-timeout", () => {
  test(
    "a cargo-run style wrapper whose grandchild holds the pipes: killed, tree and all, within a second of the limit",
    async () => {
      const pidFile = join(tempDir(), "pids");
      // Long enough for three Node processes to start on a loaded machine; the holder would keep the pipes 60 s.
      const d = startServer({
        command: [process.execPath, CARGO_LIKE],
        env: { FZ_MCP_TIMEOUT_SECS: "4", FAKE_FZ_MODE: "grandchild-hang", FAKE_FZ_PIDFILE: pidFile },
      });
      await d.initialize();
      const sent = Date.now();
      const reply = d.request({ method: "tools/call", params: { name: "fz_plan", arguments: {} } }, 30_000);
      expect(await eventually(() => readPids(pidFile).length === 3)).toBe(true);
      const result = (await reply).result;
      const elapsed = Date.now() - sent;
      expect(elapsed).toBeGreaterThanOrEqual(3900);
      // Within a second of the limit, plus a margin for the round trip on a loaded machine.
      expect(elapsed).toBeLessThan(5500);
      expect(result.isError).toBe(true);
      const [failure] = JSON.parse(result.content[0].text).failures;
      expect(failure).toEqual({
        code: "mcp-fz-timeout",
        message: `fz did not finish within 4s and was killed: \`${process.execPath} ${CARGO_LIKE}\``,
      });
      const pids = readPids(pidFile);
      expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
    },
  );

  test("the spec's case: a 1 s limit, a grandchild holding the pipes, back in under 5 s", async () => {
    const pidFile = join(tempDir(), "pids");
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FZ_MCP_TIMEOUT_SECS: "1", FAKE_FZ_MODE: "grandchild-hang", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize();
    const sent = Date.now();
    const result = await callTool(d, "fz_doctor");
    expect(Date.now() - sent).toBeLessThan(5_000);
    expect(envelopeOf(result).failures[0].message).toBe(`fz did not finish within 1s and was killed: \`${FAKE_FZ_COMMAND.join(" ")}\``);
    const pids = readPids(pidFile);
    expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
  });

  test("a huge limit is a real limit, not Node's 1 ms clamp", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FZ_MCP_TIMEOUT_SECS: "9223372036000", FAKE_FZ_DELAY_MS: "300", FAKE_FZ_MODE: "echo-argv" } });
    const result = await callTool(d, "fz_plan");
    expect(envelopeOf(result).argv).toEqual(["plan", "--json", "--non-interactive"]);
  });

  test("0 means no limit", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FZ_MCP_TIMEOUT_SECS: "0", FAKE_FZ_DELAY_MS: "1500", FAKE_FZ_MODE: "echo-argv" } });
    expect(envelopeOf(await callTool(d, "fz_plan")).argv).toBeDefined();
  });
});

describe("fz_error_codes", () => {
  test("the whole catalogue, in-process, fz codes then the four mcp codes", async () => {
    const pidFile = join(tempDir(), "pids");
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize("2025-11-25");
    const result = await callTool(d, "fz_error_codes", {});
    expect(result.isError).toBe(false);
    const expected = {
      schema: 1,
      ok: true,
      failures: [],
      codes: [
        ...spec.fz.map((entry: object) => ({ ...entry, source: "fz" })),
        ...spec.mcp.map((entry: object) => ({ ...entry, source: "mcp" })),
      ],
    };
    expect(result.content[0].text).toBe(JSON.stringify(expected));
    expect(result.structuredContent).toEqual(expected);
    expect(readPids(pidFile)).toEqual([]);
  });
});
