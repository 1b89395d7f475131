import { z } from "zod";
import { SAMPLES, buildSample } from "../../files/samples/index.js";
import { modelInfo } from "../model/summary.js";
import { defineCommand } from "../types.js";
import { countsResult, meshInfoResult } from "../result-parts.js";

export const fileSampleCommand = defineCommand({
  id: "file.sample",
  label: "Open sample",
  description: "Opens a model that ships with the engine, set up and ready to solve: " + SAMPLES.map((s) => `${s.name} (${s.description})`).join("; "),
  params: z.object({ name: z.enum(SAMPLES.map((s) => s.name) as [string, ...string[]]).describe("Sample name") }).strict(),
  result: z.object({ sample: z.enum(SAMPLES.map((s) => s.name) as [string, ...string[]]), description: z.string(), counts: countsResult, mesh: meshInfoResult }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const sample = SAMPLES.find((s) => s.name === params.name)!;
    const model = buildSample(sample, ctx.caps);
    const info = modelInfo(model, undefined);
    return { result: { sample: sample.name, description: sample.description, counts: info.counts, mesh: info.mesh }, model, file: null, view: {} };
  },
});
