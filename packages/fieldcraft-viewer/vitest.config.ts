import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@mcp-wrappers/fieldcraft-viewer", include: ["tests/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 },
});
