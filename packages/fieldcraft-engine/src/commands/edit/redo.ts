import { ModelError } from "../../model/errors.js";
import { noParams } from "../params.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const editRedoCommand = defineCommand({
  id: "edit.redo",
  label: "Redo",
  description: "Applies again the change the last edit.undo took back.",
  params: noParams,
  result: z.object({ redone: z.string(), redo_left: z.number().int().nonnegative() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx) {
    const [label] = ctx.history.redo;
    if (label === undefined) throw new ModelError("nothing to redo");
    return { result: { redone: label, redo_left: ctx.history.redo.length - 1 }, travel: "redo" };
  },
});
