import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@mcp-wrappers/wire", include: ["tests/**/*.test.ts"] },
});
