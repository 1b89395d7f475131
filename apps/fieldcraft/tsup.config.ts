import { defineConfig } from "tsup";

export default defineConfig({
  // The engine worker is its own file beside the app: src/serve.ts starts it from there.
  entry: { cli: "src/cli.ts", "session-worker": "src/worker/entry.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: false,
});
