#!/usr/bin/env node
/**
 * The example server the tests spawn: an echo tool, a slow tool (abortable, reports progress),
 * a tool that throws, a structured tool with an output schema, a memory probe, and a resource.
 * Flags: --batch=<n>|none (default none), --arguments=json-rpc-error|result (default json-rpc-error);
 * --max-result=N (policies.maxResultLength);
 * --http=[HOST:]PORT serves Streamable HTTP instead of stdio with a generated token told on stderr
 * (--http-token-file=FILE or --http-no-auth instead; --http-max-sessions=N, --http-idle-ms=MS,
 * --http-headers-ms=MS, --http-body-ms=MS, --http-max-pending=N, --http-max-connections=N, --http-bodies-bytes=N); its address goes to stderr.
 */
import { z } from "zod";
import {
  defineServer, errorResult, jsonResult, parseListenAddress, provideHttpAuth, routeConsoleToStderr, runHttp, serveStdio,
  textResult, tool, type HttpEndpoint, type InvalidArgumentsPolicy, type ListenAddress, type ServerPolicies,
} from "../index.js";

routeConsoleToStderr();

const echo = tool({
  name: "echo",
  title: "Echo",
  description: "Returns its `text` unchanged.",
  input: z.object({ text: z.string().describe("What to echo.") }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args) => textResult(args.text),
});

const slow = tool({
  name: "slow",
  title: "Slow",
  description: "Waits `ms` milliseconds (reporting progress every `step_ms`), then says so. Cancellable.",
  input: z.object({
    ms: z.number().int().min(0).max(600_000),
    step_ms: z.number().int().min(10).max(60_000).default(100),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  queue: undefined,
  run: async (args, ctx) => {
    const started = Date.now();
    let steps = 0;
    const total = Math.max(1, Math.ceil(args.ms / args.step_ms));
    while (Date.now() - started < args.ms) {
      await sleep(Math.min(args.step_ms, args.ms - (Date.now() - started)), ctx.signal);
      if (ctx.signal.aborted) return errorResult("cancelled");
      steps++;
      ctx.progress({ progress: Math.min(steps, total), total, message: `waited ${Date.now() - started} ms` });
      ctx.log?.("debug", { step: steps, waitedMs: Date.now() - started }, "slow"); // sent only to a 2026-07-28 request that asked for debug
    }
    return textResult(`slept ${args.ms} ms`);
  },
});

const fail = tool({
  name: "fail",
  title: "Fail",
  description: "Throws an exception with `message`, to show that a tool failure is a result, not a protocol error.",
  input: z.object({ message: z.string().default("deliberate failure") }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args) => {
    throw new Error(args.message);
  },
});

const measure = tool({
  name: "measure",
  title: "Measure",
  description: "Length and word count of `text`, as structured output.",
  input: z.object({ text: z.string(), unit: z.enum(["chars", "bytes"]).default("chars") }),
  outputSchema: z.object({ length: z.number().int(), words: z.number().int(), unit: z.enum(["chars", "bytes"]) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args) =>
    jsonResult({
      length: args.unit === "bytes" ? Buffer.byteLength(args.text) : [...args.text].length,
      words: args.text.split(/\s+/).filter(Boolean).length,
      unit: args.unit,
    }),
});

const memory = tool({
  name: "memory",
  title: "Memory",
  description: "The server's own memory use in bytes (rss, heapUsed), for tests measuring bounded memory.",
  input: z.object({}),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: () => {
    // Collect first when the process allows it (node --expose-gc), so the numbers are what is still held.
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return jsonResult({
      rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers,
      sessions: endpoint?.sessionCount ?? 0,
    });
  },
});

const flood = tool({
  name: "flood",
  title: "Flood",
  description: "Sends `count` progress notifications of `pad` characters each as fast as it can, then says how long it took.",
  input: z.object({ count: z.number().int().min(1).max(10_000_000), pad: z.number().int().min(0).max(1_000_000).default(1000) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const started = Date.now();
    const message = "x".repeat(args.pad);
    for (let i = 1; i <= args.count; i++) {
      if (ctx.signal.aborted) return errorResult("cancelled");
      ctx.progress({ progress: i, total: args.count, message });
      if (i % 1000 === 0) await new Promise((r) => setImmediate(r));
    }
    return textResult(`flooded ${args.count} in ${Date.now() - started} ms`);
  },
});

let endpoint: HttpEndpoint | undefined;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

const TOOLS = [echo, slow, fail, measure, memory, flood];

/** Reads `--name=value` flags into the two policies the conformance suite exercises both ways. */
function policiesFrom(argv: readonly string[]): ServerPolicies {
  const flags = new Map(argv.filter((a) => a.startsWith("--")).map((a) => {
    const [k, v = ""] = a.slice(2).split("=", 2);
    return [k!, v] as const;
  }));
  const batchFlag = flags.get("batch") ?? "none";
  const batch = batchFlag === "none" ? false : { maxMessages: Number(batchFlag) };
  if (batch !== false && !(Number.isInteger(batch.maxMessages) && batch.maxMessages > 0)) {
    process.stderr.write(`echo-server: --batch must be a positive integer or none (got ${batchFlag})\n`);
    process.exit(2);
  }
  const argFlag = flags.get("arguments") ?? "json-rpc-error";
  const invalidArguments: InvalidArgumentsPolicy =
    argFlag === "result" ? (row, message) => errorResult(`Invalid arguments for tool \`${row.name}\`: ${message}`) : "json-rpc-error";
  const maxResult = flags.get("max-result");
  return { batch, invalidArguments, ...(maxResult === undefined ? {} : { maxResultLength: Number(maxResult) }) };
}

const server = defineServer({
  name: "mcp-core-echo",
  title: "mcp-core example",
  version: "0.1.0",
  instructions:
    "Example server of @mcp-wrappers/mcp-core. `echo` returns its text; `slow` waits and reports progress; " +
    "`fail` shows a tool failure as an isError result; `measure` returns structured output; " +
    "the resource example://about describes the server.",
  tools: TOOLS,
  resources: [
    {
      uri: "example://about",
      name: "about",
      title: "About this server",
      description: "What the example server is, as JSON.",
      mimeType: "application/json",
      read: () => ({ json: { name: "mcp-core-echo", tools: TOOLS.map((t) => t.name) } }),
    },
  ],
  policies: policiesFrom(process.argv.slice(2)),
});

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const http = flag("http");
if (http === undefined) {
  await serveStdio(server);
} else {
  const address = parseListenAddress(http);
  const auth = "error" in address ? address : provideHttpAuth({ address, tokenFile: flag("http-token-file"), noAuth: argv.includes("--http-no-auth"), name: "echo-server" });
  if ("error" in auth) {
    process.stderr.write(`echo-server: ${auth.error}\n`);
    process.exit(2);
  }
  if (auth.notice !== undefined) process.stderr.write(auth.notice + "\n");
  const number = (name: string): number | undefined => (flag(name) === undefined ? undefined : Number(flag(name)));
  endpoint = await runHttp(server, {
    ...(address as ListenAddress), token: auth.token, unauthenticated: auth.unauthenticated, diagnosticName: "echo-server",
    maxSessions: number("http-max-sessions"), sessionIdleMs: number("http-idle-ms"),
    headersTimeoutMs: number("http-headers-ms"), bodyTimeoutMs: number("http-body-ms"),
    maxPendingConnections: number("http-max-pending"), maxConnections: number("http-max-connections"), maxBodyBytesInFlight: number("http-bodies-bytes"),
  });
}
