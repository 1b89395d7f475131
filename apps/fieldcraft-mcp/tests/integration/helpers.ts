// Starting the built binary and talking to it the way a client does: the SDK Client over stdio, or raw lines.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { RawDriver } from "@mcp-wrappers/mcp-core/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
export const BIN = path.resolve(here, "../../dist/cli.js");
export const CORPUS = path.resolve(here, "../../../../packages/fieldcraft-engine/tests/corpus");

export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export interface Started {
  client: Client;
  stderr: () => string;
  close: () => Promise<void>;
}

/** Autosaves of test servers go to a temp folder, never the user's recovery folder. */
const TEST_RECOVERY = { FIELDCRAFT_RECOVERY_DIR: path.join(os.tmpdir(), "fieldcraft-mcp-tests-recovery") };

/**
 * The SDK Client on the built server. Its tool list is read first, so the Client checks every later
 * `structuredContent` against the tool's `outputSchema` (a mismatch throws), and the engine checks every
 * command result against its declared schema (FIELDCRAFT_CHECK_RESULTS).
 */
export async function startClient(args: string[] = [], cwd?: string, env?: Record<string, string>): Promise<Started> {
  const fullEnv = { ...(env ?? { ...getDefaultEnvironment(), ...TEST_RECOVERY }), FIELDCRAFT_CHECK_RESULTS: "1" };
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], cwd, stderr: "pipe", env: fullEnv });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client({ name: "fieldcraft-mcp-tests", version: "1" });
  await client.connect(transport);
  await client.listTools();
  return { client, stderr: () => stderr, close: () => client.close() };
}

export function startRaw(args: string[] = [], cwd?: string): RawDriver {
  return RawDriver.spawn({ command: process.execPath, args: [BIN, ...args], cwd, env: { ...process.env, ...TEST_RECOVERY } });
}

export interface CallOutcome {
  isError: boolean;
  text: string;
  json: any;
  content: any[];
}

/** Calls a tool and reads its first text block as JSON where it is JSON. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}, timeout = 120_000): Promise<CallOutcome> {
  const result = (await client.callTool({ name, arguments: args }, undefined, { timeout })) as { content: any[]; isError?: boolean };
  const textBlock = result.content.find((block) => block.type === "text");
  const text = textBlock?.text ?? "";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { isError: result.isError === true, text, json, content: result.content };
}

/** Every file below a folder (links listed, not followed), for proving nothing was written where it must not be. */
export function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      out.push(path.relative(dir, full));
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out.sort();
}

export { symlinksAvailable } from "../support/links.js";

/** A headless server whose working folder holds a fresh copy of the corpus' stepped block. */
export interface SteppedBlockServer extends Started {
  dir: string;
  design: string;
}

export async function serveSteppedBlockCopy(prefix: string): Promise<SteppedBlockServer> {
  const dir = tempDir(prefix);
  fs.cpSync(path.join(CORPUS, "stepped-block"), path.join(dir, "stepped-block"), { recursive: true });
  const started = await startClient([], dir);
  return {
    ...started,
    dir,
    design: path.join(dir, "stepped-block", "steps.solidcraft"),
    close: async () => {
      await started.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The opened `Steps` design meshed and given what a deck needs (set, material, section, a static step). */
export async function meshAndSetUpSteps(client: Client): Promise<void> {
  const mesh = await call(client, "mesh", { method: "tet", params: { body: "Steps" } });
  if (mesh.isError) throw new Error(`mesh: ${mesh.text}`);
  const setup = await call(client, "batch", {
    commands: [
      { command: "model.set.create", params: { name: "all", geometry: [{ body: "Steps" }] } },
      { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
      { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
      { command: "model.step.create", params: { name: "Load", procedure: { type: "static" } } },
    ],
  });
  if (setup.isError) throw new Error(`set-up: ${setup.text}`);
}
