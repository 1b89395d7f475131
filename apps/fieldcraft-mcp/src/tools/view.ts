// screenshot, select, selection: pictures of the model and the app's viewport selection.
import { z } from "zod";
import { imageResult, tool, type ToolRow } from "@mcp-wrappers/mcp-core";
import { defined, EDITS, engineOptions, MODEL_QUEUE, READS, type ToolDeps } from "./deps.js";
import { failureResult, outcomeResult, stepFailure } from "./outcome.js";
import { clampSide, MAX_SIDE, MIN_SIDE, pngSize } from "./png-size.js";
import { ANY_OBJECT, objectOf, orFailure, propertyOf, resultOf, resultWithout } from "./output-schemas.js";

const NEEDS_APP = "needs the running app: start the server with --connect HOST:PORT to `fieldcraft --control PORT`; a headless session has no window";

export function screenshotTool({ backend, catalogue }: ToolDeps): ToolRow | null {
  if (!catalogue.has("ui.render") && !backend.hasUi) return null;
  const views = catalogue.enumOf("ui.camera", "view");
  const view = views.length > 0 ? z.enum(views as [string, ...string[]]) : z.string().min(1).max(50);
  const side = (which: string) =>
    z.number().positive().max(1e9).optional().describe(`Picture ${which} in pixels (clamped to ${MIN_SIDE}..${MAX_SIDE})`);
  return tool({
    name: "screenshot",
    title: "Screenshot",
    description:
      "A PNG picture of the model and a text block saying what it shows. Headless: a CPU render framing the model, the " +
      "geometry, the analysis set-up's symbols and the results display. Bridged: the app window (`source: \"window\"`, the " +
      "default there) or a model render with the app's camera (`source: \"model\"`). `view` turns the camera to a standard " +
      "view first; `camera` {yaw, pitch, distance?} to any orientation in degrees (yaw 0 looks along +Y, -45 is the iso " +
      "view's; pitch is the elevation, clamped to ±90) and model units. Give one of the two; the orientation is kept for " +
      "the next picture. `path` also writes the PNG there.",
    input: z.object({
      view: view.optional().describe("Standard view"),
      camera: z
        .object({
          yaw: z.number().finite().describe("Degrees about the vertical; 0 looks along +Y"),
          pitch: z.number().finite().describe("Elevation in degrees, clamped to ±90"),
          distance: z.number().positive().finite().optional().describe("Camera distance in model units (default: framed)"),
        })
        .optional(),
      source: z.enum(["window", "model"]).optional().describe("What to picture (headless: model only)"),
      width: side("width"),
      height: side("height"),
      path: z.string().min(1).max(4096).optional().describe("Also write the PNG to this file"),
      datums: z.boolean().optional().describe("Draw the datum planes, translucent, outlined and named (model renders)"),
    }),
    // The structured description beside the image: what the picture command says it drew, without the PNG.
    outputSchema: orFailure(
      objectOf(
        {
          source: { type: "string", enum: ["window", "model"] },
          command: { type: "string", enum: ["ui.capture", "ui.render"] },
          width: { type: "integer" },
          height: { type: "integer" },
          view: { type: "string" },
          camera: propertyOf(catalogue, "ui.camera", "camera"),
          path: { type: "string" },
          shows: {
            anyOf: (["ui.render", "ui.capture"] as const).filter((id) => catalogue.has(id)).map((id) => resultWithout(catalogue, id, ["png"])),
          },
        },
        ["source", "command", "shows"],
      ),
    ),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    run: async (args, ctx) => {
      if (args.view !== undefined && args.camera !== undefined) return failureResult("give `view` or `camera`, not both");
      const source = args.source ?? (backend.hasUi ? "window" : "model");
      if (source === "window" && !backend.hasUi) return failureResult(`screenshot {source: "window"} ${NEEDS_APP}; use source "model"`);
      const options = engineOptions(ctx);
      const orientation = args.view !== undefined ? { view: args.view } : args.camera;
      let camera: unknown;
      if (orientation !== undefined) {
        const turned = await backend.execute("ui.camera", orientation, options);
        if (!turned.ok) return stepFailure("ui.camera", turned);
        // ui.camera answers `{ camera: {...} }` (its declared result); the description carries the camera itself.
        camera = (turned.result as { camera: unknown }).camera;
      }
      const params = defined({
        width: args.width === undefined ? undefined : clampSide(args.width),
        height: args.height === undefined ? undefined : clampSide(args.height),
        path: args.path,
        datums: source === "model" ? args.datums : undefined,
      });
      const command = source === "window" ? "ui.capture" : "ui.render";
      const captured = await backend.capture({ command, params }, options);
      if (!captured.ok) return stepFailure(command, captured);
      const size = pngSize(captured.png);
      const description = {
        source,
        command,
        ...(size ?? {}),
        ...(args.view === undefined ? {} : { view: args.view }),
        ...(camera === undefined ? {} : { camera }),
        ...(args.path === undefined ? {} : { path: args.path }),
        shows: captured.result,
      };
      return imageResult(captured.png, description);
    },
  });
}

export function selectTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "select",
    title: "Select in the viewport",
    description:
      "Changes the viewport selection (ui.select) and returns it: the app's window when bridged, the MCP App view's when headless " +
      "(where only items by name or id can be given; `at`/`box` pick pixels of the app's window).",
    input: z.object({
      filter: z.string().max(100).optional().describe("What can be picked: geometry, nodes, elements, faces, ..."),
      box_mode: z.string().max(100).optional().describe("Box selection rule (inside, crossing)"),
      mode: z.string().max(100).optional().describe("replace, add or remove"),
      clear: z.boolean().optional().describe("Clear the selection first"),
      geometry: z.array(z.record(z.string(), z.unknown())).max(100_000).optional().describe("Geometry items {body, face?|edge?}"),
      nodes: z.array(z.number().int().nonnegative()).max(1_000_000).optional().describe("Node ids"),
      elements: z.array(z.number().int().nonnegative()).max(1_000_000).optional().describe("Element ids"),
      faces: z.array(z.object({ element: z.number().int().positive(), face: z.number().int().positive() }).loose()).max(1_000_000).optional().describe("Element faces (1-based element id and face number)"),
      at: z.array(z.number()).max(3).optional().describe("Pick at a viewport pixel [x, y]"),
      box: z.array(z.number()).max(4).optional().describe("Pick inside a viewport box [x0, y0, x1, y1]"),
    }),
    outputSchema: orFailure(catalogue.has("ui.select") ? resultOf(catalogue, "ui.select") : ANY_OBJECT),
    annotations: EDITS,
    queue: MODEL_QUEUE,
    run: async (args, ctx) => {
      if (!backend.hasUi && (args.at !== undefined || args.box !== undefined)) {
        return failureResult(`select {at | box} ${NEEDS_APP}; headless, give the items: geometry [{body, face}], nodes, elements or faces`);
      }
      if (!catalogue.has("ui.select")) return failureResult(`select ${NEEDS_APP}`);
      return outcomeResult(await backend.execute("ui.select", defined(args), engineOptions(ctx)));
    },
  });
}

export function selectionTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "selection",
    title: "Viewport selection",
    description: "The viewport selection (ui.selection: the app's window when bridged, the MCP App view's when headless), with `params`, the selection as a set's members for model.set.create.",
    input: z.object({}),
    outputSchema: orFailure(catalogue.has("ui.selection") ? resultOf(catalogue, "ui.selection") : ANY_OBJECT),
    annotations: READS,
    queue: MODEL_QUEUE,
    run: async (_args, ctx) => {
      if (!catalogue.has("ui.selection")) return failureResult(`selection ${NEEDS_APP}`);
      return outcomeResult(await backend.execute("ui.selection", {}, engineOptions(ctx)));
    },
  });
}
