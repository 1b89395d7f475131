// Issue #33 items 0 and 4 on fz-mcp --http: authenticated by default, and one bound on fz children
// across every session (each HTTP session has its own queue, so 200 sessions once meant 200 fz).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpServerProcess } from "@mcp-wrappers/mcp-core/testing";
import { describe, expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

const envelope = (result: unknown) => JSON.parse((result as { content: Array<{ text: string }> }).content[0]!.text);

/** The most fz runs alive at once, from the fake fz's start/end log. */
function peakConcurrency(log: string): number {
  const events = readFileSync(log, "utf8").trim().split("\n").map((line) => {
    const [kind, , at] = line.split(" ");
    return { delta: kind === "start" ? 1 : -1, at: Number(at) };
  });
  events.sort((a, b) => a.at - b.at || a.delta - b.delta); // an end and a start in the same millisecond do not overlap
  let now = 0;
  let peak = 0;
  for (const e of events) peak = Math.max(peak, (now += e.delta));
  return peak;
}

async function client(server: HttpServerProcess): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const c = new Client({ name: "fz-http-limits", version: "1" });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.authHeaders } });
  await c.connect(transport);
  return { client: c, transport };
}

describe("fz-mcp --http", () => {
  test("is authenticated by default: a generated token in a 0600 file, 401 without it", async () => {
    const server = await HttpServerProcess.spawn({ command: process.execPath, args: [CLI, "--cwd", tempDir(), "--http", "127.0.0.1:0", "--", process.execPath, FAKE_FZ] });
    try {
      expect(server.token).toMatch(/^[0-9a-f]{64}$/);
      const file = /also in (\S+), mode 0600/.exec(server.stderr)?.[1];
      expect(statSync(file!).mode & 0o777).toBe(0o600);
      const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
      const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
      expect((await fetch(server.url, { method: "POST", headers, body: init })).status).toBe(401);
      expect((await fetch(server.url, { method: "POST", headers: { ...headers, ...server.authHeaders }, body: init })).status).toBe(200);
      expect(server.stdout).toBe("");
    } finally {
      await server.stop();
    }
  });

  test("with --fz-concurrency 2 --fz-queue 3, six sessions calling at once: at most 2 fz run, 3 wait, 1 is turned away, nothing else lost", async () => {
    const dir = tempDir();
    const log = join(dir, "runs.log");
    const server = await HttpServerProcess.spawn({
      command: process.execPath,
      args: [CLI, "--cwd", dir, "--http", "127.0.0.1:0", "--fz-concurrency", "2", "--fz-queue", "3", "--", process.execPath, FAKE_FZ],
      env: { ...process.env, FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "1500", FAKE_FZ_LOG: log },
    });
    try {
      const clients = await Promise.all(Array.from({ length: 6 }, () => client(server)));
      const results = await Promise.all(clients.map(({ client: c }, i) => c.callTool({ name: "fz_plan", arguments: { manifest: `m${i}.json` } }, undefined, { timeout: 60_000 })));
      const envelopes = results.map(envelope);
      const served = envelopes.filter((e) => e.ok === true);
      const refused = envelopes.filter((e) => e.ok === false);
      expect(served).toHaveLength(5);
      expect(refused).toHaveLength(1);
      expect(refused[0].failures[0].code).toBe("mcp-fz-unavailable");
      expect(refused[0].failures[0].message).toContain("fz was not started: 2 fz calls are running and 3 waiting");
      expect(refused[0].failures[0].message).toContain("--fz-concurrency");
      // Every served call ran its own fz with its own arguments.
      expect(new Set(served.map((e) => (e.argv as string[]).join(" "))).size).toBe(5);
      expect(peakConcurrency(log)).toBe(2);
      // The server still serves after the burst.
      const again = await clients[0]!.client.callTool({ name: "fz_verify", arguments: {} });
      expect(envelope(again).ok).toBe(true);
      for (const { client: c, transport } of clients) {
        await transport.terminateSession();
        await c.close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});
