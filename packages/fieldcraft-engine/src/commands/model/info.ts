import { defineCommand } from "../types.js";
import { noParams } from "../params.js";
import { modelInfo, modelInfoResult } from "./summary.js";

export const modelInfoCommand = defineCommand({
  id: "model.info",
  label: "Model information",
  description: "Counts (bodies, nodes, elements, definitions), the unit system, the design and mesh, and every definition.",
  params: noParams,
  result: modelInfoResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run: (ctx) => ({ result: modelInfo(ctx.model, ctx.file) }),
});
