import { defineProject } from "vitest/config";

// Packs and installs the real tarballs: slow-ish, so generous limits.
export default defineProject({
  test: { name: "@mcp-wrappers/packaging-checks", include: ["tests/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000 },
});
