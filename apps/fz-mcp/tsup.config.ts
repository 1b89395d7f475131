import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/cli.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: false,
  sourcemap: true,
  clean: true,
  splitting: false,
});
