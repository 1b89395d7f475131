import { defineConfig } from "tsup";

// The Node side only; the page (src/page) is bundled into dist/viewer.html by src/build/bundle-page.ts.
export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: false,
});
