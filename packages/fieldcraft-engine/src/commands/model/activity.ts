import { defineCommand } from "../types.js";
import { noParams } from "../params.js";
import { activity, activityResult } from "./summary.js";

export const modelActivityCommand = defineCommand({
  id: "model.activity",
  label: "Step table",
  description: "The analysis steps in order: procedure, the boundary conditions and loads each holds, and whether it is solved.",
  params: noParams,
  result: activityResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run: (ctx) => ({ result: activity(ctx.model) }),
});
