import { defineConfig } from "vitest/config";

// One run over every workspace project, so CI reads a single closing summary line.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "packaging"],
    reporters: ["default", "./tools/summary-reporter.ts"],
  },
});
