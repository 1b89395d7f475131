// The real binaries: `fieldcraft --control 0 --view 0` (the page's URL read from its stderr) and
// `fieldcraft-mcp --connect` through the SDK's stdio client, as an agent's host would run them.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, "../../../..");
export const APP_CLI = path.join(REPO, "apps/fieldcraft/dist/cli.js");
export const MCP_CLI = path.join(REPO, "apps/fieldcraft-mcp/dist/cli.js");
export const BUILT = existsSync(APP_CLI) && existsSync(MCP_CLI);

export interface RunningApp {
  child: ChildProcess;
  url: string;
  origin: string;
  token: string;
  controlPort: number;
  stderr: () => string;
  stop(): Promise<void>;
}

export async function startApp(extra: string[] = []): Promise<RunningApp> {
  const child = spawn(process.execPath, [APP_CLI, "--control", "0", "--view", "0", ...extra], { stdio: ["ignore", "ignore", "pipe"] });
  let err = "";
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (d: string) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app printed no viewer URL: ${err}`)), 20_000);
    const look = () => {
      const m = /viewer: open (\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stderr!.on("data", look);
    child.once("exit", (code) => reject(new Error(`the app exited (${code}): ${err}`)));
  });
  const controlPort = Number(/listening on 127\.0\.0\.1:(\d+)/.exec(err)![1]);
  const u = new URL(url);
  return {
    child,
    url,
    origin: u.origin,
    token: u.searchParams.get("token")!,
    controlPort,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** An MCP client on `fieldcraft-mcp` (bridged with `--connect HOST:PORT`, or headless without). */
export async function startMcp(connect?: number): Promise<Client> {
  const client = new Client({ name: "viewer-tests", version: "1.0.0" });
  const args = [MCP_CLI, ...(connect !== undefined ? ["--connect", `127.0.0.1:${connect}`] : [])];
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: "ignore" }));
  return client;
}

/** Calls a tool and fails loudly on a tool error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 })) as any;
  if (r.isError) throw new Error(`${name}: ${r.content?.[0]?.text}`);
  return r;
}

export function structured(r: any): any {
  if (r.structuredContent) return r.structuredContent;
  const text = r.content?.find((c: any) => c.type === "text")?.text;
  return text ? JSON.parse(text) : null;
}
