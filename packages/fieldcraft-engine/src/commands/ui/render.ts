import { z } from "zod";
import { writeTextChecked } from "../../files/checked-io.js";
import { ModelError } from "../../model/errors.js";
import { meshFamily } from "../../mesh/types.js";
import { NODE_FIELDS } from "../../model/results.js";
import { clampSide, renderScene } from "../../render/index.js";
import { filePath, itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { cameraParam, turnCamera, viewParam } from "./camera-params.js";
import { modelScene } from "./scene.js";

const side = (which: string, fallback: number) =>
  z.number().finite().optional().describe(`Picture ${which} in pixels, clamped to 16..4096 (default ${fallback})`);

export const DEFAULT_RENDER_SIZE = { width: 1024, height: 768 } as const;

export const uiRenderCommand = defineCommand({
  id: "ui.render",
  label: "Render",
  description:
    "A CPU render of the model as a PNG (`png`, base64) and what it shows: the design or mesh framed by the kept camera, the set-up's symbols " +
    "(supports, prescribed displacements, forces, pressures; `sampled_symbols` lists definitions drawn with a sample of their nodes), and the " +
    "results on show (results.contour, or `field`/`step` here): deformed shape and contour bands with a legend. `view` or `camera` turn the kept " +
    "camera first (as ui.camera). `path` also writes the PNG there.",
  params: z
    .object({
      view: viewParam.optional(),
      camera: cameraParam.optional(),
      width: side("width", DEFAULT_RENDER_SIZE.width),
      height: side("height", DEFAULT_RENDER_SIZE.height),
      field: z.enum(NODE_FIELDS).optional().describe("Contour this nodal field (default: the contour on show, else none)"),
      step: itemName("Solved step whose results to draw (default: the contour's, else the last solved)").optional(),
      deformed: z.boolean().optional().describe("Draw the deformed shape when results are drawn (default true)"),
      scale: z.union([z.number().min(0).max(1e12), z.literal("auto")]).optional().describe('Deformation scale factor, 0 for the undeformed shape, or "auto" (largest displacement drawn as 10% of the model size)'),
      bands: z.number().int().min(2).max(64).optional().describe("Number of contour bands (default 10)"),
      path: filePath("Also write the PNG to this file").optional(),
    })
    .strict(),
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    if (params.view !== undefined && params.camera !== undefined) throw new ModelError("params: give `view` or `camera`, not both");
    const turned = params.view !== undefined || params.camera !== undefined;
    // A planar model with no camera kept yet is drawn in its plane (looking down z), not from the iso corner.
    const planar = ctx.model.mesh !== undefined && meshFamily(ctx.model.mesh.mesh).dimension === 2;
    const flat = planar && !turned && ctx.view.camera === undefined ? "top" : params.view;
    const camera = turnCamera(ctx.view, { view: flat, camera: params.camera });
    const { scene, step } = modelScene(ctx.model, ctx.view, params);
    const size = { width: clampSide(params.width, DEFAULT_RENDER_SIZE.width), height: clampSide(params.height, DEFAULT_RENDER_SIZE.height) };
    const { png, info } = renderScene(scene, { yaw: camera.yaw, pitch: camera.pitch, distance: camera.distance, view: camera.view }, size);
    const written = params.path !== undefined ? await writeTextChecked(ctx.files, params.path, "params.path", png) : undefined;
    const result = {
      png: Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString("base64"),
      mime_type: "image/png",
      ...info,
      step,
      ...(written !== undefined ? { path: written } : {}),
    };
    return turned ? { result, view: { ...ctx.view, camera } } : { result };
  },
});
