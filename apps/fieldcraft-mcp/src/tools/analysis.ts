// mesh, solve, show_results, probe, reactions: from geometry to numbers.
import { z } from "zod";
import { VIEWER_TOOL_META } from "./viewer-link.js";
import { jsonResult, tool, type ToolRow } from "@mcp-wrappers/mcp-core";
import { defined, EDITS, engineOptions, MODEL_QUEUE, READS, type ToolDeps } from "./deps.js";
import { outcomeResult, stepFailure } from "./outcome.js";
import { ANALYSES, MESH_METHODS } from "./routes.js";
import { objectOf, oneResultOf, orFailure, resultOf, resultWith } from "./output-schemas.js";

/** A command's result, or the message of its failure (the follow-up queries of `mesh`). */
const orError = (schema: Record<string, unknown>) => ({ anyOf: [schema, objectOf({ error: { type: "string" } }, ["error"])] });

const paramsObject = z.record(z.string(), z.unknown());
const stepName = z.string().min(1).max(200).describe("Step name (model.step.create)");
const ids = (what: string) => z.array(z.number().int().positive()).max(1_000_000).describe(`${what} (1-based)`);
const point = z.tuple([z.number(), z.number(), z.number()]);

export function meshTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  const methods = catalogue.available(MESH_METHODS);
  if (methods.length === 0) return null;
  return tool({
    name: "mesh",
    title: "Mesh",
    description:
      `Runs a mesher (${methods.map((m) => `${m}: ${MESH_METHODS[m].command}`).join("; ")}) with \`params\` (list_commands ` +
      "gives each mesher's parameters) and replies with its result, model.info and mesh.quality.",
    input: z.object({
      method: z.enum(methods as [string, ...string[]]).describe("Mesher"),
      params: paramsObject.optional().describe("The mesher command's parameters"),
    }),
    outputSchema: orFailure(
      objectOf(
        {
          method: { type: "string" },
          command: { type: "string" },
          result: oneResultOf(catalogue, methods.map((m) => MESH_METHODS[m].command)),
          info: orError(resultOf(catalogue, "model.info")),
          quality: orError(resultOf(catalogue, "mesh.quality")),
        },
        ["method", "command", "result"],
      ),
    ),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    _meta: VIEWER_TOOL_META,
    run: async ({ method, params }, ctx) => {
      const command = MESH_METHODS[method].command;
      const options = engineOptions(ctx);
      const meshed = await backend.execute(command, params ?? {}, options);
      if (!meshed.ok) return outcomeResult(meshed);
      const reply: Record<string, unknown> = { method, command, result: meshed.result };
      for (const [key, id] of [["info", "model.info"], ["quality", "mesh.quality"]] as const) {
        if (!catalogue.has(id)) continue;
        const outcome = await backend.execute(id, {}, options);
        reply[key] = outcome.ok ? outcome.result : { error: outcome.error };
      }
      return jsonResult(reply);
    },
  });
}

export function solveTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  const analyses = catalogue.available(ANALYSES);
  if (analyses.length === 0) return null;
  return tool({
    name: "solve",
    title: "Solve",
    description:
      `Runs solve.<analysis> (${analyses.join(", ")}) on \`step\` with \`options\`: the solver's caps and settings ` +
      "(list_commands gives them). Reports progress while it runs.",
    input: z.object({
      analysis: z.enum(analyses as [string, ...string[]]).describe("Analysis"),
      step: stepName.optional(),
      options: paramsObject.optional().describe("Solver settings and caps, as the solve command's parameters"),
    }),
    outputSchema: orFailure(oneResultOf(catalogue, analyses.map((a) => ANALYSES[a].command))),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    run: async ({ analysis, step, options }, ctx) =>
      outcomeResult(await backend.execute(ANALYSES[analysis].command, defined({ ...(options ?? {}), step }), engineOptions(ctx))),
  });
}

export function showResultsTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  if (!catalogue.has("results.contour")) return null;
  const fields = catalogue.enumOf("results.contour", "field");
  const field = fields.length > 0 ? z.enum(fields as [string, ...string[]]) : z.string().min(1).max(100);
  return tool({
    name: "show_results",
    title: "Show results",
    description:
      "Puts a result on display with results.contour and replies with its range (smallest and largest value and their " +
      "nodes: `field: \"displacement\"` gives the largest displacement). `deformed: false` draws the undeformed mesh; " +
      "`scale` is a factor (0 for the undeformed shape) or \"auto\". `mode`, `frame` and `time` pick a mode or frame where " +
      "the analysis has them.",
    input: z.object({
      step: stepName.optional(),
      field: field.optional().describe("Result field"),
      bands: z.number().int().min(2).max(64).optional().describe("Number of contour bands"),
      deformed: z.boolean().optional().describe("Draw the deformed shape (default true)"),
      scale: z.union([z.number().nonnegative(), z.literal("auto")]).optional().describe("Deformation scale factor, or \"auto\""),
      mode: z.number().int().nonnegative().optional().describe("Mode number (frequency results)"),
      frame: z.number().int().nonnegative().optional().describe("Frame number (transient results)"),
      time: z.number().nonnegative().optional().describe("Time of the frame to show (transient results)"),
    }),
    // results.contour's declared result, plus the mode and frame lists where the engine has them.
    outputSchema: orFailure(
      resultWith(
        catalogue,
        "results.contour",
        Object.fromEntries(
          (
            [
              ["modes", "results.modes"],
              ["frames", "results.frames"],
            ] as const
          )
            .filter(([, id]) => catalogue.has(id))
            .map(([key, id]) => [key, resultOf(catalogue, id)]),
        ),
      ),
    ),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    _meta: VIEWER_TOOL_META,
    run: async (args, ctx) => {
      const options = engineOptions(ctx);
      const contour = await backend.execute("results.contour", defined(args), options);
      if (!contour.ok) return outcomeResult(contour);
      // results.contour answers `{ contour: {...} }`, as its declared result schema says.
      const reply: Record<string, unknown> = { ...(contour.result as Record<string, unknown>) };
      // Modes and frames are listed by their own commands, when the engine has them and the call asks for one.
      for (const [key, command, wanted] of [
        ["modes", "results.modes", args.mode !== undefined],
        ["frames", "results.frames", args.frame !== undefined || args.time !== undefined],
      ] as const) {
        if (!wanted || !catalogue.has(command)) continue;
        const listed = await backend.execute(command, defined({ step: args.step }), options);
        if (!listed.ok) return stepFailure(command, listed);
        reply[key] = listed.result;
      }
      return jsonResult(reply);
    },
  });
}

export function probeTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  if (!catalogue.has("solve.probe")) return null;
  return tool({
    name: "probe",
    title: "Probe results",
    description:
      "solve.probe: stored results at nodes or elements; `points`: the element holding each point on any mesh kind (planar meshes lie in z = 0) and every field interpolated there, or `outside` with the nearest node; `near`: the nearest node of a point or points; `set`: a set's node and element ids, `limit` from `offset`; `forces`: each node's applied load plus reaction. points, near and set need only a mesh.",
    input: z.object({
      step: stepName.optional(),
      nodes: ids("Node ids").optional(),
      elements: ids("Element ids").optional(),
      points: z.array(point).min(1).max(100_000).optional().describe("Points [x, y, z] to interpolate at"),
      near: z.union([point, z.array(point).min(1).max(100_000)]).optional().describe("A point [x, y, z] or points: the nearest node of each"),
      set: z.string().min(1).max(200).optional().describe("A set whose node and element ids to list"),
      offset: z.number().int().nonnegative().optional().describe("With `set`: position of the first id listed (default 0)"),
      limit: z.number().int().positive().max(100_000).optional().describe("With `set`: ids listed of each kind (default 1000)"),
      forces: z.boolean().optional().describe("Add each reported node's force: applied load plus reaction"),
      mode: z.number().int().positive().optional().describe("Mode number"),
      frame: z.number().int().nonnegative().optional().describe("Frame number"),
      time: z.number().nonnegative().optional().describe("Time of the frame to read (explicit results: the nearest frame)"),
    }),
    outputSchema: orFailure(resultOf(catalogue, "solve.probe")),
    annotations: READS,
    queue: MODEL_QUEUE,
    run: async (args, ctx) => outcomeResult(await backend.execute("solve.probe", defined(args), engineOptions(ctx))),
  });
}

export function reactionsTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  if (!catalogue.has("results.reactions")) return null;
  return tool({
    name: "reactions",
    title: "Reactions",
    description: "results.reactions: reaction force and moment per node set and in total; `about` is the moment's reference point; explicit results: `frame` or `time`.",
    input: z.object({
      step: stepName.optional(),
      sets: z.array(z.string().min(1).max(200)).max(10_000).optional().describe("Node sets (default: every constrained set)"),
      about: point.optional().describe("Reference point of the moments [x, y, z]"),
      frame: z.number().int().nonnegative().optional().describe("Explicit results: the frame whose reactions to sum"),
      time: z.number().nonnegative().optional().describe("Explicit results: the time of the frame (the nearest frame)"),
    }),
    outputSchema: orFailure(resultOf(catalogue, "results.reactions")),
    annotations: READS,
    queue: MODEL_QUEUE,
    run: async (args, ctx) => outcomeResult(await backend.execute("results.reactions", defined(args), engineOptions(ctx))),
  });
}
