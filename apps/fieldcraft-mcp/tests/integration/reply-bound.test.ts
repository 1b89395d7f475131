// Replies are bounded (64 MiB): a batch whose results would outgrow V8's largest string is refused
// with a message naming the bound and what to narrow, and the server keeps serving.
import { afterAll, beforeAll, expect, test } from "vitest";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";

let server: SteppedBlockServer;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-reply-");
  expect((await call(server.client, "open", { path: server.design })).isError).toBe(false);
  const meshed = await call(server.client, "mesh", { method: "tet", params: { body: "Steps" } });
  expect(meshed.isError, meshed.text).toBe(false);
  const setup = await call(server.client, "batch", { commands: SETUP });
  expect(setup.isError, setup.text).toBe(false);
  const solved = await call(server.client, "solve", { analysis: "static", step: "Load" }, 300_000);
  expect(solved.isError, solved.text).toBe(false);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

test("a batch of 1000 solve.probe calls over 2000 nodes each is refused at the bound, not crashed on", async () => {
  const nodes = Array.from({ length: 2000 }, (_, i) => i + 1);
  const commands = Array.from({ length: 1000 }, () => ({ command: "solve.probe", params: { nodes } }));
  const outcome = await call(server.client, "batch", { commands }, 300_000);
  expect(outcome.isError).toBe(true);
  expect(outcome.json.ok).toBe(false);
  expect(outcome.json.results).toEqual([]);
  expect(outcome.json.failed.command).toBe("solve.probe");
  expect(outcome.json.failed.index).toBeLessThan(1000);
  expect(outcome.json.failed.error).toMatch(/over the 64 MiB bound; split the batch, or narrow what each step returns/);
  expect(outcome.text.length).toBeLessThan(64 * 1024);
  // Still serving, and a probe that fits is answered.
  const one = await call(server.client, "probe", { nodes: [1, 2, 3] });
  expect(one.isError, one.text).toBe(false);
  expect(one.json.nodes).toHaveLength(3);
}, 600_000);
