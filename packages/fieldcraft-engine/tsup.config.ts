import { defineConfig } from "tsup";

export default defineConfig({
  // fem-worker.js: the kernel pool's worker entry, loaded from beside index.js (src/fem/parallel/pool.ts).
  entry: { index: "src/index.ts", "fem-worker": "src/fem/parallel/worker.ts" },
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: false,
});
