import { checkModel } from "../../model/check.js";
import { noParams } from "../params.js";
import { defineCommand } from "../types.js";
import { checkReportResult } from "../result-parts.js";

export const modelCheckCommand = defineCommand({
  id: "model.check",
  label: "Check model",
  description: "Errors and warnings, each naming its item (among them mesh pieces that share no node and no tie, and the rigid motions or temperatures a step leaves free, by body), and `progress`: the set-up checklist with the next stage and its command.",
  params: noParams,
  result: checkReportResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run: (ctx) => ({ result: checkModel(ctx.model) }),
});
