import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@mcp-wrappers/fieldcraft-mcp", include: ["tests/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000 },
});
