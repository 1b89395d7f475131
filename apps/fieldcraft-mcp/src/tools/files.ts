// open, save, write_deck: files in and out (each path confined by the roots when they are given).
import { z } from "zod";
import { tool, type ToolRow } from "@mcp-wrappers/mcp-core";
import { defined, EDITS, engineOptions, MODEL_QUEUE, WRITES_FILES, type ToolDeps } from "./deps.js";
import { failureResult, outcomeResult } from "./outcome.js";
import { OPENERS } from "./routes.js";
import { oneResultOf, orFailure, resultOf } from "./output-schemas.js";

const path = (what: string) => z.string().min(1).max(4096).describe(what);

export function openTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  const extensions = catalogue.available(OPENERS);
  if (extensions.length === 0) return null;
  const list = extensions.join(", ");
  return tool({
    name: "open",
    title: "Open a file",
    description:
      `Opens a file by its extension (${extensions.map((e) => `${e}: ${OPENERS[e].command}`).join("; ")}). For a design, ` +
      "`model` is `keep` (default: the mesh and definitions stay, as a reopen after an edit wants) or `new` (a new model " +
      "with the design); the reply's `related` is false when the design has none of the bodies the model refers to, and " +
      "`stale` lists the mesh bodies and sets that no longer resolve. A design in another length unit than the model's opens " +
      "with its lengths converted (`converted` says from what). For a part (.stl, .3mf), `units` is the unit the file's " +
      "numbers are in (STL: default mm; 3MF: default its own `unit` attribute); they are converted into the model's.",
    input: z.object({
      path: path(`File to open (${list})`),
      model: z.enum(["keep", "new"]).optional().describe("For a design: keep the model's mesh and definitions (default) or start a new model"),
      units: z.enum(["um", "mm", "cm", "in", "ft", "m"]).optional().describe("For a part (.stl, .3mf): the unit the file's numbers are in"),
    }),
    outputSchema: orFailure(oneResultOf(catalogue, extensions.map((e) => OPENERS[e].command))),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    run: async ({ path: file, model, units }, ctx) => {
      const extension = extensions.find((e) => file.toLowerCase().endsWith(e));
      if (extension === undefined) return failureResult(`cannot open ${file}: the extension must be one of ${list}`);
      const route = OPENERS[extension];
      if (model !== undefined && route.kind !== "design") {
        return failureResult(`\`model\` applies to a design (.solidcraft); ${file} is a ${route.kind} file`);
      }
      if (units !== undefined && route.kind !== "mesh") {
        return failureResult(`\`units\` applies to a part (.stl, .3mf); a design (.solidcraft) says its own units and is converted into the model's`);
      }
      return outcomeResult(await backend.execute(route.command, defined({ path: file, model, units }), engineOptions(ctx)));
    },
  });
}

export function saveTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "save",
    title: "Save the model",
    description: "file.save: writes the model, results included, to `path`, or to its own file when `path` is left out; it opens again solved.",
    input: z.object({ path: path("Where to write the .fieldcraft model").optional() }),
    outputSchema: orFailure(resultOf(catalogue, "file.save")),
    annotations: WRITES_FILES,
    queue: MODEL_QUEUE,
    run: async ({ path: file }, ctx) => outcomeResult(await backend.execute("file.save", defined({ path: file }), engineOptions(ctx))),
  });
}

export function writeDeckTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  const formats = catalogue.enumOf("deck.write", "format");
  if (formats.length === 0) return null;
  return tool({
    name: "write_deck",
    title: "Write a solver deck",
    description: `deck.write: writes the model as a solver input deck (${formats.join(", ")}) to \`path\`; \`steps\` limits it to those steps.`,
    input: z.object({
      format: z.enum(formats as [string, ...string[]]).describe("Deck format"),
      path: path("Where to write the deck"),
      steps: z.array(z.string().min(1).max(200)).max(1000).optional().describe("Steps to include (default: all)"),
    }),
    outputSchema: orFailure(resultOf(catalogue, "deck.write")),
    annotations: WRITES_FILES,
    queue: MODEL_QUEUE,
    run: async (args, ctx) => outcomeResult(await backend.execute("deck.write", defined(args), engineOptions(ctx))),
  });
}
