import { describe, expect, test } from "vitest";
import { withEcho } from "./helpers.js";

describe("example server basics", () => {
  test("initialize, ping, tools/list and an echo call", async () => {
    await withEcho([], async (d) => {
      const init = await d.initialize("2025-06-18");
      expect(init.result.protocolVersion).toBe("2025-06-18");
      expect(await d.request({ method: "ping" })).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
      const list = await d.request({ method: "tools/list" });
      expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(["echo", "slow", "fail", "measure", "memory"]);
      const call = await d.request({ method: "tools/call", params: { name: "echo", arguments: { text: "héllo" } } });
      expect(call.result).toEqual({ content: [{ type: "text", text: "héllo" }] });
    });
  });
});
