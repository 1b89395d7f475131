// fieldcraft-mcp --http: the seed's session through the SDK's Streamable HTTP client, two agents with
// their own engine sessions at once, and a 2026-07-28-only client over HTTP and over stdio.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpServerProcess, ModernHttpClient, ModernStdioClient, type ModernReply } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BIN, CORPUS, startRaw, tempDir } from "./helpers.js";
import { SEED_BATCH } from "../support/seed-session.js";

type Outcome = { isError: boolean; json: any; text: string; content: Array<{ type: string; mimeType?: string; data?: string }> };
type Caller = (name: string, args?: Record<string, unknown>) => Promise<Outcome>;

function outcomeOf(result: { content: Array<{ type: string; text?: string }>; isError?: boolean }): Outcome {
  const text = result.content.find((b) => b.type === "text")?.text ?? "";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { isError: result.isError === true, json, text, content: result.content };
}

function sdkCaller(client: Client): Caller {
  return async (name, args = {}) => outcomeOf((await client.callTool({ name, arguments: args }, undefined, { timeout: 300_000 })) as never);
}

function modernCaller(client: { request(m: string, p?: Record<string, unknown>): Promise<ModernReply> }): Caller {
  return async (name, args = {}) => {
    const reply = await client.request("tools/call", { name, arguments: args });
    expect(reply.message.error, JSON.stringify(reply.message.error)).toBeUndefined();
    expect(reply.message.result?.resultType).toBe("complete");
    return outcomeOf(reply.message.result as never);
  };
}

/** The seed's typical session, with the material's Young's modulus as a parameter; returns the largest displacement. */
async function seedSession(call: Caller, design: string, young = 210000): Promise<number> {
  const ok = (o: Outcome): Outcome => {
    expect(o.isError, o.text).toBe(false);
    return o;
  };
  expect(ok(await call("open", { path: design })).json.bodies.map((b: { name: string }) => b.name)).toEqual(["Steps"]);
  const faces = ok(await call("inspect_model")).json.bodies[0].faces.map((f: { name: string }) => f.name);
  expect(faces).toEqual(expect.arrayContaining(["F1:-x", "F1:+x"]));
  ok(await call("mesh", { method: "tet", params: { body: "Steps", tolerance: 0.5 } }));
  const batch = SEED_BATCH.map((c) =>
    c.command === "model.material.create" ? { ...c, params: { ...c.params, elastic: { type: "isotropic", young, poisson: 0.3 } } } : c,
  );
  expect(ok(await call("batch", { commands: batch })).json).toMatchObject({ ok: true, completed: batch.length });
  ok(await call("solve", { analysis: "static", step: "Load" }));
  const shown = ok(await call("show_results", { step: "Load", field: "displacement" })).json;
  expect(shown.contour.field).toBe("displacement");
  const max = shown.contour.range.max.value as number;
  // Beam theory for the stepped cantilever (as in typical-session.test.ts): same order, not equal.
  const I1 = (20 * 20 ** 3) / 12;
  const I2 = (20 * 10 ** 3) / 12;
  const beam = (1000 / young) * ((100 ** 3 - 50 ** 3) / 3 / I1 + 50 ** 3 / 3 / I2);
  expect(max).toBeGreaterThan(0.4 * beam);
  expect(max).toBeLessThan(3 * beam);
  const shot = ok(await call("screenshot", { view: "iso" }));
  const image = shot.content.find((b) => b.type === "image");
  expect(image?.mimeType).toBe("image/png");
  expect(Buffer.from(image!.data!, "base64").subarray(1, 4).toString("latin1")).toBe("PNG");
  return max;
}

function copyBlock(dir: string, name: string): string {
  fs.cpSync(path.join(CORPUS, "stepped-block"), path.join(dir, name), { recursive: true });
  return path.join(dir, name, "steps.solidcraft");
}

let dir: string;
let server: HttpServerProcess;
beforeAll(async () => {
  dir = tempDir("fc-mcp-http-");
  server = await HttpServerProcess.spawn({
    command: process.execPath,
    args: [BIN, "--http", "127.0.0.1:0", "--automation-read-root", dir, "--automation-write-root", dir, "--http-max-sessions", "4"],
    cwd: dir,
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(143);
  expect(server.stdout).toBe("");
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sdkClient(): Promise<Client> {
  const client = new Client({ name: "fc-http-agent", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.authHeaders } }));
  return client;
}

/** Ends the client's session on the server (DELETE), then closes it. */
async function endClient(client: Client): Promise<void> {
  await (client.transport as StreamableHTTPClientTransport).terminateSession();
  await client.close();
}

describe("fieldcraft-mcp over Streamable HTTP", () => {
  test("the startup note names the sessions and the roots", () => {
    expect(server.stderr).toContain("up to 4 headless sessions over HTTP");
    expect(server.stderr).toContain(`reads inside ${dir}`);
  });

  test("two agents build different models at the same time, and neither sees the other's", async () => {
    const [a, b] = await Promise.all([sdkClient(), sdkClient()]);
    const designA = copyBlock(dir, "a");
    const designB = copyBlock(dir, "b");
    // Steel for A, a material three times softer for B: linear statics, same mesh, so exactly 3x the displacement.
    const [maxA, maxB] = await Promise.all([seedSession(sdkCaller(a), designA, 210000), seedSession(sdkCaller(b), designB, 70000)]);
    expect(maxB / maxA).toBeCloseTo(3, 6);
    const modelA = JSON.parse(((await a.readResource({ uri: "fieldcraft://model" })).contents[0] as { text: string }).text);
    const modelB = JSON.parse(((await b.readResource({ uri: "fieldcraft://model" })).contents[0] as { text: string }).text);
    const young = (m: unknown) => JSON.stringify(m).match(/"young":(\d+)/g);
    expect(young(modelA)).toEqual(['"young":210000']);
    expect(young(modelB)).toEqual(['"young":70000']);
    // A third agent starts empty.
    const c = await sdkClient();
    const empty = outcomeOf((await c.callTool({ name: "show_results", arguments: { step: "Load" } })) as never);
    expect(empty.isError).toBe(true);
    await Promise.all([endClient(a), endClient(b), endClient(c)]);
  }, 600_000);

  test("confinement holds for every session: a path outside the root is refused", async () => {
    const client = await sdkClient();
    const outside = outcomeOf((await client.callTool({ name: "open", arguments: { path: path.join(CORPUS, "stepped-block", "steps.solidcraft") } })) as never);
    expect(outside.isError).toBe(true);
    expect(outside.text).toMatch(/outside|root|confin/i);
    await endClient(client);
  });

  test("sessions are capped (--http-max-sessions 4): a newcomer evicts the least recently used idle one, and DELETE ends one", async () => {
    const init = () =>
      fetch(server.url, {
        method: "POST",
        headers: { ...server.authHeaders, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "cap", version: "1" } } }),
      });
    const ping = async (id: string) =>
      (await fetch(server.url, {
        method: "POST",
        headers: { ...server.authHeaders, "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Mcp-Session-Id": id },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
      })).status;
    const opened: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await init();
      expect(response.status).toBe(200);
      opened.push(response.headers.get("mcp-session-id")!);
    }
    // The fifth made room by ending the first (the oldest idle one); the other four answer.
    expect(await ping(opened[0]!)).toBe(404);
    for (const id of opened.slice(1)) expect(await ping(id)).toBe(200);
    const deleted = await fetch(server.url, { method: "DELETE", headers: { ...server.authHeaders, "Mcp-Session-Id": opened[1]! } });
    expect(deleted.status).toBe(200);
    expect(await ping(opened[1]!)).toBe(404);
    for (const id of opened.slice(2)) await fetch(server.url, { method: "DELETE", headers: { ...server.authHeaders, "Mcp-Session-Id": id } });
  });

  test("a 2026-07-28-only client runs the seed's session over HTTP", async () => {
    const modern = new ModernHttpClient(server.url, { token: server.token });
    const discover = await modern.request("server/discover");
    expect(discover.message.result).toMatchObject({ resultType: "complete", supportedVersions: expect.arrayContaining(["2026-07-28"]) });
    await seedSession(modernCaller(modern), copyBlock(dir, "modern-http"));
  }, 300_000);
});

describe("fieldcraft-mcp on stdio, to a 2026-07-28-only client", () => {
  test("the seed's session without initialize; progress of the solve on its token", async () => {
    const own = tempDir("fc-mcp-modern-");
    const driver = startRaw([], own);
    try {
      const modern = new ModernStdioClient(driver);
      const discover = await modern.request("server/discover");
      expect(discover.message.result).toMatchObject({ resultType: "complete", capabilities: { tools: {} } });
      await seedSession(modernCaller(modern), copyBlock(own, "block"));
      const solved = await modern.request("tools/call", { name: "solve", arguments: { analysis: "static", step: "Load" } }, { progressToken: "s1" });
      expect(solved.message.result?.resultType).toBe("complete");
      expect(solved.notifications.filter((n) => n.method === "notifications/progress").length).toBeGreaterThan(0);
      expect(driver.violations).toEqual([]);
    } finally {
      await driver.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  }, 300_000);
});
