import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { BIN, startRaw, tempDir } from "./helpers.js";

// The flags as the seed gives them: exit 2 with an error for a bad start, a headless session otherwise.
const dir = tempDir("fc-mcp-start-");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd: dir, input: "", encoding: "utf8", timeout: 60_000 });
}

describe("a bad start stops with exit 2 and says why on stderr", () => {
  test.each([
    ["a missing read root", ["--automation-read-root", "does-not-exist"], "no such folder"],
    ["a root that is a file", ["--automation-write-root=file.txt"], "not a folder"],
    ["a flag given twice", ["--automation-read-root", ".", "--automation-read-root=."], "more than once"],
    ["--connect with a root", ["--connect", "127.0.0.1:7070", "--automation-read-root", "."], "not be confined"],
    ["an unknown flag", ["--verbose"], "--verbose"],
    ["a malformed --connect", ["--connect", "nowhere"], "HOST:PORT"],
  ])("%s", (_what, args, says) => {
    fs.writeFileSync(path.join(dir, "file.txt"), "x");
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(says);
  });
});

test("--help prints the usage and exits 0", () => {
  const result = run(["--help"]);
  expect(result.status).toBe(0);
  expect(result.stdout).toContain("--automation-write-root");
  expect(result.stdout).toContain("--connect HOST:PORT");
});

test("--version prints the package's version, the one serverInfo reports", async () => {
  const version = (JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;
  const result = run(["--version"]);
  expect(result.status).toBe(0);
  expect(result.stdout).toBe(`fieldcraft-mcp ${version}\n`);
  const d = startRaw([], dir);
  try {
    const init = await d.initialize("2025-06-18");
    expect(init.result.serverInfo.version).toBe(version);
  } finally {
    await d.close();
  }
});

test("the `mcp` word and --headless start the same headless server", async () => {
  const d = startRaw(["mcp", "--headless"], dir);
  try {
    const init = await d.initialize("2025-06-18");
    expect(init.result.serverInfo.name).toBe("fieldcraft");
  } finally {
    await d.close();
  }
});

test("--connect to a port where no app listens gives a headless session and a note on stderr", async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const d = startRaw(["--connect", `127.0.0.1:${port}`], dir);
  try {
    await d.initialize("2025-06-18");
    const reply = await d.request({ method: "tools/call", params: { name: "select", arguments: { at: [1, 1] } } });
    expect(reply.result.isError).toBe(true);
    expect(d.stderr).toContain("headless");
  } finally {
    await d.close();
  }
}, 60_000);
