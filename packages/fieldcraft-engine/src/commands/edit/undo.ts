import { ModelError } from "../../model/errors.js";
import { noParams } from "../params.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const editUndoCommand = defineCommand({
  id: "edit.undo",
  label: "Undo",
  description: "Takes back the most recent change to the model (commands that only read or write files are not changes).",
  params: noParams,
  result: z.object({ undone: z.string(), undo_left: z.number().int().nonnegative(), redo_available: z.number().int().nonnegative() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx) {
    const [label] = ctx.history.undo;
    if (label === undefined) throw new ModelError("nothing to undo");
    return { result: { undone: label, undo_left: ctx.history.undo.length - 1, redo_available: ctx.history.redo.length + 1 }, travel: "undo" };
  },
});
