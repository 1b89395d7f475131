// Results serialised ahead of time (in a worker thread) are spliced into the reply: the same bytes as jsonResult
// in every era, bounded like any result, and the protocol answers pings while a large one is being made.
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  defineServer, jsonResult, jsonResultParts, jsonTextResultParts, partsTransferList, preserializedResult, serveStdio, tool, type ServerSpec, type ToolResult,
} from "../src/index.js";
import { RawDriver, modernRequest } from "../src/testing/index.js";
import { serveHttp } from "../src/http/index.js";

const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const MODERN = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };

const VALUE = { ok: true, text: 'quotes " and \\ and é and \u2028', bytes: Uint8Array.from([1, 2, 250]), list: [1, { a: null }] };

/** Tools returning the same value: as a value (jsonResult), and as pieces made ahead, as text and as bytes. */
function rows(value: unknown, isError = false) {
  const run = (result: () => ToolResult) => tool({ name: `t${Math.random().toString(36).slice(2, 8)}`, description: "d", input: z.object({}), annotations: hints, run: result });
  return {
    plain: run(() => jsonResult(value, { isError })),
    spliced: run(() => preserializedResult(jsonResultParts(value, { isError }))),
    bytes: run(() => preserializedResult(jsonResultParts(value, { isError, bytes: true }))),
  };
}

/** Serves over in-memory streams and keeps every stdout line as written. */
function serve(spec: Partial<ServerSpec> & Pick<ServerSpec, "tools">) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: string[] = [];
  let tail = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (text: string) => {
    const parts = (tail + text).split("\n");
    tail = parts.pop()!;
    lines.push(...parts);
  });
  void serveStdio(defineServer({ name: "t", version: "1", instructions: "test", ...spec }), { stdin, stdout, stderr: new PassThrough(), exitOnEnd: false });
  const call = async (id: number, message: object): Promise<string> => {
    stdin.write(JSON.stringify({ jsonrpc: "2.0", id, ...message }) + "\n");
    for (let i = 0; i < 500; i++) {
      const found = lines.find((line) => line.startsWith(`{"jsonrpc":"2.0","id":${id},`));
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no reply to ${id}: ${lines.join("\n")}`);
  };
  return { call, end: () => stdin.end() };
}

describe("pieces made ahead", () => {
  test("read in-process, a preserialized result is the jsonResult of the same value", () => {
    for (const [isError, bytes] of [[false, false], [true, false], [false, true], [true, true]] as const) {
      const made = jsonResult(VALUE, { isError });
      const ahead = preserializedResult(jsonResultParts(VALUE, { isError, bytes }));
      expect(ahead.content).toEqual(made.content);
      expect(ahead.structuredContent).toEqual(made.structuredContent);
      expect(ahead.isError).toBe(made.isError);
      expect(JSON.stringify(ahead)).toBe(JSON.stringify(made));
    }
    // Arrays and scalars are text only, as with jsonResult.
    expect(jsonResultParts([1, 2]).structuredJson).toBeUndefined();
    expect(preserializedResult(jsonTextResultParts("[1,2]", { structured: false })).content).toEqual([{ type: "text", text: "[1,2]" }]);
  });

  test("the pieces cross a worker boundary: strings cloned, bytes moved (each owns its memory)", () => {
    const parts = jsonResultParts(VALUE);
    expect(structuredClone(parts)).toEqual(parts);
    expect(Object.values(parts).every((v) => typeof v === "string" || typeof v === "boolean")).toBe(true);
    const big = jsonResultParts({ rows: Array.from({ length: 1000 }, (_, i) => ({ i })) }, { bytes: true });
    const transfer = partsTransferList(big);
    expect(transfer).toHaveLength(2);
    const text = Buffer.from(big.textJson as Uint8Array).toString();
    const moved = structuredClone(big, { transfer });
    expect(Buffer.from(moved.textJson as Uint8Array).toString()).toBe(text);
    expect((big.textJson as Uint8Array).byteLength).toBe(0); // moved, not copied
  });

  test("the reply line is byte for byte jsonResult's, in each era (no structuredContent before 2025-06-18; resultType and _meta in 2026-07-28)", async () => {
    for (const isError of [false, true]) {
      for (const version of ["2024-11-05", "2025-06-18", "2025-11-25", "modern"]) {
        const { plain, spliced, bytes } = rows(VALUE, isError);
        const s = serve({ tools: [plain, spliced, bytes] });
        const meta = version === "modern" ? { _meta: MODERN } : {};
        if (version !== "modern") await s.call(1, { method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "c", version: "0" } } });
        const a = await s.call(2, { method: "tools/call", params: { name: plain.name, arguments: {}, ...meta } });
        const b = await s.call(3, { method: "tools/call", params: { name: spliced.name, arguments: {}, ...meta } });
        const c = await s.call(4, { method: "tools/call", params: { name: bytes.name, arguments: {}, ...meta } });
        expect(b.replace('"id":3', '"id":2'), `${version} isError=${isError}`).toBe(a);
        expect(c.replace('"id":4', '"id":2'), `${version} isError=${isError}, bytes`).toBe(a);
        const result = JSON.parse(b).result;
        expect("structuredContent" in result).toBe(version !== "2024-11-05");
        expect(result.resultType === "complete").toBe(version === "modern");
        s.end();
      }
    }
  });

  test("a result over policies.maxResultLength is an error naming the bound, made ahead or not; the server keeps serving", async () => {
    const big = { rows: Array.from({ length: 2000 }, (_, i) => ({ i, name: `row ${i}` })) };
    const { plain, spliced, bytes } = rows(big);
    const small = rows({ fits: true });
    const s = serve({ tools: [plain, spliced, bytes, small.spliced], policies: { maxResultLength: 16 * 1024 } });
    await s.call(1, { method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "0" } } });
    for (const [id, name] of [[2, plain.name], [3, spliced.name], [5, bytes.name]] as const) {
      const result = JSON.parse(await s.call(id, { method: "tools/call", params: { name, arguments: {} } })).result;
      expect(result.isError).toBe(true);
      expect(result.content[0].text).toMatch(/^the tool's result takes 1 MiB of JSON, over this server's 1 MiB bound on one result; ask for less/);
    }
    const fits = JSON.parse(await s.call(4, { method: "tools/call", params: { name: small.spliced.name, arguments: {} } })).result;
    expect(fits.structuredContent).toEqual({ fits: true });
    expect(() => defineServer({ name: "t", version: "1", instructions: "", tools: [], policies: { maxResultLength: 0 } })).toThrow(/maxResultLength/);
    s.end();
  });
});

describe("over HTTP", () => {
  test("a JSON answer and an SSE answer carry the byte pieces exactly as jsonResult's reply, with the right Content-Length", async () => {
    const { plain, bytes } = rows(VALUE);
    // The same, sending a progress notification first: the answer becomes an SSE stream.
    const streamed = tool({
      name: "streamed", description: "d", input: z.object({}), annotations: hints,
      run: (_args, ctx) => {
        ctx.progress({ progress: 1, total: 1 });
        return preserializedResult(jsonResultParts(VALUE, { bytes: true }));
      },
    });
    const endpoint = await serveHttp(defineServer({ name: "t", version: "1", instructions: "test", tools: [plain, bytes, streamed] }), { port: 0, unauthenticated: true, log: () => {} });
    try {
      const post = async (name: string, progressToken?: number) => {
        const body = modernRequest("tools/call", { name, arguments: {} }, { id: 7, ...(progressToken === undefined ? {} : { progressToken }) });
        const response = await fetch(endpoint.url, {
          method: "POST",
          body: JSON.stringify(body),
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": name },
        });
        const bytesRead = Buffer.from(await response.arrayBuffer());
        return { type: response.headers.get("content-type") ?? "", length: response.headers.get("content-length"), text: bytesRead.toString("utf8"), size: bytesRead.length };
      };
      const a = await post(plain.name);
      const b = await post(bytes.name);
      expect(JSON.parse(a.text).result.structuredContent.text).toBe(VALUE.text);
      expect(b.type).toMatch(/^application\/json/);
      expect(b.text).toBe(a.text);
      expect(Number(b.length)).toBe(b.size);
      const c = await post("streamed", 1);
      expect(c.type).toMatch(/^text\/event-stream/);
      const events = c.text.split("\n\n").filter((e) => e.includes("data: ")).map((e) => e.slice(e.indexOf("data: ") + 6));
      expect(events.at(-1)).toBe(a.text);
    } finally {
      await endpoint.close();
    }
  });
});

const BIG_SERVER = fileURLToPath(new URL("./fixtures/big-reply-server.ts", import.meta.url));
/** ~40 MB of JSON (structured and text): a reply the protocol's thread would take a while to serialise. */
const ROWS = 200_000;

/**
 * Pings every 20 ms while `id` runs; each wait is counted until its reply or until the big reply's first bytes
 * arrive, whichever is first: a ping queued behind the big line in the pipe waits for the client reading it, not
 * for the server. Arrival is taken from stdout's chunks before the driver parses them.
 */
async function pingsWhile(d: RawDriver, id: string, call: object) {
  const arrived = new Map<string, number>();
  let bigAt = Number.POSITIVE_INFINITY;
  let carry = "";
  d.child.stdout!.prependListener("data", (text: string) => {
    const now = performance.now();
    const seen = carry + text;
    if (bigAt === Number.POSITIVE_INFINITY && seen.includes(`"id":"${id}"`)) bigAt = now;
    for (const m of seen.matchAll(/"id":"(ping-\d+)"/g)) if (!arrived.has(m[1]!)) arrived.set(m[1]!, now);
    carry = text.slice(-64);
  });
  const started = performance.now();
  const reply = d.request({ method: "tools/call", id, params: call } as never, 120_000);
  let done = false;
  void reply.finally(() => (done = true));
  const waits: number[] = [];
  for (let n = 0; !done; n++) {
    const sent = performance.now();
    await d.request({ method: "ping", id: `ping-${n}` }, 120_000);
    waits.push(Math.min(arrived.get(`ping-${n}`) ?? Number.POSITIVE_INFINITY, bigAt) - sent);
    await new Promise((r) => setTimeout(r, Math.max(0, 20 - (performance.now() - sent))));
  }
  const result = ((await reply) as { result: { structuredContent: { count: number } } }).result;
  return { waits, max: Math.max(...waits), workMs: bigAt - started, count: result.structuredContent.count };
}

test("pings are answered while a ~40 MB result is serialised in a worker, and the big reply arrives whole", async () => {
  const d = RawDriver.spawn({ command: process.execPath, args: ["--import", "tsx", BIG_SERVER] });
  try {
    await d.initialize("2025-11-25", 60_000);
    const measured = await pingsWhile(d, "big", { name: "big_worker", arguments: { rows: ROWS } });
    expect(measured.count).toBe(ROWS);
    const shown = `ping waits ${measured.waits.map(Math.round).join(", ")} over ${Math.round(measured.workMs)} ms until the reply`;
    expect(measured.waits.length, shown).toBeGreaterThanOrEqual(3);
    // Generous for a loaded 2-core machine: the loop itself answers in a millisecond or two.
    expect(measured.max, shown).toBeLessThan(250);
    expect(d.violations).toEqual([]);
  } finally {
    await d.close(10_000);
  }
}, 120_000);
