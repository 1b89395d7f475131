// inspect_model, check_model, undo, redo: what the model holds and moving through its history.
import { z } from "zod";
import { VIEWER_TOOL_META } from "./viewer-link.js";
import { jsonResult, tool, type ToolRow } from "@mcp-wrappers/mcp-core";
import { EDITS, engineOptions, MODEL_QUEUE, READS, type ToolDeps } from "./deps.js";
import { outcomeResult, stepFailure } from "./outcome.js";
import { objectOf, orFailure, propertyOf, resultOf, resultWithout } from "./output-schemas.js";

const none = z.object({});

export function inspectModelTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "inspect_model",
    title: "Inspect the model",
    description:
      "model.info (counts, units, definitions), model.activity (the step table) and geometry.bodies (bodies with measures, " +
      "persistent face names — sets name them as {body, face} — and edge names `<face>|<face>` with lengths — sets name " +
      "them as {body, edge}).",
    input: none,
    outputSchema: orFailure(
      objectOf(
        {
          info: resultOf(catalogue, "model.info"),
          activity: resultOf(catalogue, "model.activity"),
          bodies: catalogue.has("geometry.bodies") ? propertyOf(catalogue, "geometry.bodies", "bodies") : { type: "array", items: {} },
          geometry: resultWithout(catalogue, "geometry.bodies", ["bodies"]),
          notes: { type: "array", items: { type: "string" }, description: "Commands that could not answer (e.g. geometry.bodies without a design)" },
        },
        ["info", "bodies"],
      ),
    ),
    annotations: READS,
    queue: MODEL_QUEUE,
    _meta: VIEWER_TOOL_META,
    run: async (_args, ctx) => {
      const options = engineOptions(ctx);
      const info = await backend.execute("model.info", {}, options);
      if (!info.ok) return stepFailure("model.info", info);
      const reply: Record<string, unknown> = { info: info.result };
      const notes: string[] = [];
      for (const [key, command] of [["activity", "model.activity"], ["geometry", "geometry.bodies"]] as const) {
        if (!catalogue.has(command)) continue;
        const outcome = await backend.execute(command, {}, options);
        if (outcome.ok) reply[key] = outcome.result;
        else notes.push(`${command}: ${outcome.error}`);
      }
      // The bodies list sits at the top of the reply, where an agent looks for face names first.
      // geometry.bodies declares `{bodies, ...}` (its result schema in the catalogue).
      const geometry = reply.geometry as { bodies: unknown[] } | undefined;
      if (geometry === undefined) {
        reply.bodies = [];
      } else {
        const { bodies, ...rest } = geometry;
        reply.bodies = bodies;
        if (Object.keys(rest).length > 0) reply.geometry = rest;
        else delete reply.geometry;
      }
      if (notes.length > 0) reply.notes = notes;
      return jsonResult(reply);
    },
  });
}

export function checkModelTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "check_model",
    title: "Check the model",
    description: "model.check: errors and warnings, each naming its item (among them mesh pieces that share no node and no tie, and the rigid motions or temperatures a step leaves free, by body), and `progress`: the setup checklist with the next stage and its command.",
    input: none,
    outputSchema: orFailure(resultOf(catalogue, "model.check")),
    annotations: READS,
    queue: MODEL_QUEUE,
    run: async (_args, ctx) => outcomeResult(await backend.execute("model.check", {}, engineOptions(ctx))),
  });
}

function historyTool(name: "undo" | "redo", command: string, description: string) {
  return ({ backend, catalogue }: ToolDeps): ToolRow =>
    tool({
      name,
      title: name === "undo" ? "Undo" : "Redo",
      description,
      input: none,
      outputSchema: orFailure(resultOf(catalogue, command)),
      annotations: EDITS,
      queue: MODEL_QUEUE,
      run: async (_args, ctx) => outcomeResult(await backend.execute(command, {}, engineOptions(ctx))),
    });
}

export const undoTool = historyTool("undo", "edit.undo", "edit.undo: takes back the last change to the model.");
export const redoTool = historyTool("redo", "edit.redo", "edit.redo: applies again the change undo took back.");
