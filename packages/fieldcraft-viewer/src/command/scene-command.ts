// ui.scene: the view scene as a command row, so every host of an engine session (the app, the MCP server
// headless or bridged through the control channel) serves the same bytes. Read-only; base64 in JSON.
import { z } from "zod";
import { defineCommand, modelDigest } from "@mcp-wrappers/fieldcraft-engine";
import { encodeScene } from "../scene/build.js";

export const uiSceneCommand = defineCommand({
  id: "ui.scene",
  label: "View scene",
  description:
    "The model as the web viewer draws it: the outer surface (positions and triangles), feature edges, set-up symbols, the results on " +
    "show (contour values and displacements per surface vertex) and the selection, as one binary frame (base64 in `scene`; format " +
    "fieldcraft-view/1, see packages/fieldcraft-viewer). For viewers; an agent wants ui.render or model.info.",
  params: z.object({}).strict(),
  result: z.object({
    format: z.literal("fieldcraft-view/1"),
    bytes: z.number().int().positive().describe("Length of the binary frame"),
    scene: z.string().describe("The frame, base64 (fieldcraft-view/1)"),
  }),
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx) {
    const bytes = encodeScene({ model: ctx.model, view: ctx.view, digest: modelDigest(ctx.model) });
    return { result: { format: "fieldcraft-view/1" as const, bytes: bytes.byteLength, scene: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64") } };
  },
});
