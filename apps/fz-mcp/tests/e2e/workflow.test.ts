import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, describe, expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

type Envelope = { schema: number; ok: boolean; failures: Array<{ code: string; message: string }>; [key: string]: any };

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(venture: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, "--cwd", venture, "--", process.execPath, FAKE_FZ],
    stderr: "pipe",
  });
  client = new Client({ name: "workflow-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** Calls a tool and checks the result's invariants: one text block, the same object structured, isError iff ok is false. */
async function call(c: Client, name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = (await c.callTool({ name, arguments: args })) as { content: Array<{ type: string; text: string }>; isError?: boolean; structuredContent?: unknown };
  expect(result.content).toHaveLength(1);
  const envelope = JSON.parse(result.content[0].text) as Envelope;
  expect(result.structuredContent).toEqual(envelope);
  expect(result.isError).toBe(envelope.ok === false);
  expect(envelope.schema).toBe(1);
  return envelope;
}

const codes = (envelope: Envelope) => envelope.failures.map((failure) => failure.code);

describe("an agent's whole workflow through fz-mcp, with the SDK Client", () => {
  test("init → add → plan → deploy → verify → edit → drift → plan → deploy → verify", async () => {
    const venture = tempDir("venture-");
    const c = await connect(venture);
    expect(c.getServerVersion()).toMatchObject({ name: "cratefield-fz", version: (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version });
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toContain("fz_deploy");

    const init = await call(c, "fz_init", { name: "acme", host: "acme.example" });
    expect(init).toEqual({ schema: 1, ok: true, failures: [], name: "acme", host: "acme.example", manifest: "venture.json" });
    expect(JSON.parse(readFileSync(join(venture, "venture.json"), "utf8"))).toMatchObject({ name: "acme", host: "acme.example", modules: [] });
    expect(codes(await call(c, "fz_init", { name: "acme", host: "acme.example" }))).toEqual(["manifest-exists"]);

    expect(await call(c, "fz_add", { module: "waitlist" })).toMatchObject({ ok: true, changed: true, module: "waitlist" });
    expect(await call(c, "fz_add", { module: "waitlist" })).toMatchObject({ ok: true, changed: false });
    expect(codes(await call(c, "fz_add", { module: "nope" }))).toEqual(["module-unknown"]);

    expect(codes(await call(c, "fz_verify"))).toEqual(["not-deployed"]);

    const plan = await call(c, "fz_plan");
    expect(plan).toMatchObject({ ok: true, venture: "acme", modules: ["waitlist"], modules_added: ["waitlist"], modules_removed: [] });
    expect(plan.digest).toMatch(/^[0-9a-f]{64}$/);

    expect(codes(await call(c, "fz_deploy"))).toEqual(["deploy-plan-required"]);
    expect(codes(await call(c, "fz_deploy", { plan: "0".repeat(64) }))).toEqual(["stale-plan"]);

    const deploy = await call(c, "fz_deploy", { plan: plan.digest });
    expect(deploy).toMatchObject({ ok: true, changed: true, digest: plan.digest, modules_added: ["waitlist"], record: ".harness-deploy.json" });
    const record = JSON.parse(readFileSync(join(venture, ".harness-deploy.json"), "utf8"));
    expect(record.digest).toBe(plan.digest);
    expect(await call(c, "fz_deploy", { plan: plan.digest })).toMatchObject({ ok: true, changed: false });

    expect(await call(c, "fz_verify")).toEqual({ schema: 1, ok: true, failures: [] });

    // The operator edits the manifest by hand: a new module with config.
    const manifestPath = join(venture, "venture.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.modules.push({ slug: "cms", config: { drafts: false } });
    writeFileSync(manifestPath, JSON.stringify(manifest));

    const drift = await call(c, "fz_verify");
    expect(drift.ok).toBe(false);
    expect(codes(drift)).toEqual(["composition-drift", "config-drift"]);
    expect(codes(await call(c, "fz_deploy", { plan: plan.digest }))).toEqual(["stale-plan"]);

    const replan = await call(c, "fz_plan");
    expect(replan).toMatchObject({ ok: true, modules: ["cms", "waitlist"], modules_added: ["cms"], modules_removed: [], baseline: { source: "deploy-record", modules: ["waitlist"] } });
    expect(replan.digest).not.toBe(plan.digest);

    const redeploy = await call(c, "fz_deploy", { plan: replan.digest });
    expect(redeploy).toMatchObject({ ok: true, changed: true, digest: replan.digest, modules_added: ["cms"] });
    expect(await call(c, "fz_verify")).toEqual({ schema: 1, ok: true, failures: [] });

    // Removing a module needs the second consent.
    manifest.modules = manifest.modules.filter((entry: { slug: string }) => entry.slug !== "waitlist");
    writeFileSync(manifestPath, JSON.stringify(manifest));
    const shrink = await call(c, "fz_plan");
    expect(shrink.modules_removed).toEqual(["waitlist"]);
    expect(codes(await call(c, "fz_deploy", { plan: shrink.digest }))).toEqual(["destructive-change-unauthorized"]);
    expect(await call(c, "fz_deploy", { plan: shrink.digest, i_am_removing_modules: true })).toMatchObject({ ok: true, modules_removed: ["waitlist"] });
    expect(await call(c, "fz_verify")).toMatchObject({ ok: true });

    const catalogue = await call(c, "fz_error_codes");
    const known = new Set(catalogue.codes.map((entry: { code: string }) => entry.code));
    for (const code of ["manifest-exists", "module-unknown", "not-deployed", "stale-plan", "composition-drift", "destructive-change-unauthorized"]) {
      expect(known.has(code)).toBe(true);
    }
  });

  test("the digest is the sha256 of the canonical destination state (checked independently)", async () => {
    const venture = tempDir("venture-");
    const c = await connect(venture);
    await call(c, "fz_init", { name: "acme", host: "acme.example" });
    await call(c, "fz_add", { module: "waitlist" });
    const plan = await call(c, "fz_plan");
    const destination =
      '{"config":{},"cors_origins":["https://acme.example"],"env":"development","host":"acme.example","modules":["waitlist"],"public_url":null,"seed_sql":null,"selected":[{"config":{},"slug":"waitlist"}],"venture":"acme"}';
    expect(plan.digest).toBe(createHash("sha256").update(destination).digest("hex"));
  });
});
