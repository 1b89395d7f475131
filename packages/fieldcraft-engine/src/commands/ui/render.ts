import { z } from "zod";
import { writeTextChecked } from "../../files/checked-io.js";
import { ModelError } from "../../model/errors.js";
import { meshFamily } from "../../mesh/types.js";
import { NODE_FIELDS } from "../../model/results.js";
import { clampSide, renderScene, revolveScene } from "../../render/index.js";
import { filePath, itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { cameraParam, turnCamera, viewParam } from "./camera-params.js";
import { bytes, vec3 } from "../result-parts.js";
import { modelScene } from "./scene.js";
import { datumScene } from "./datum-scene.js";
import { frameParams } from "../frame-params.js";

const side = (which: string, fallback: number) =>
  z.number().finite().optional().describe(`Picture ${which} in pixels, clamped to 16..4096 (default ${fallback})`);

export const DEFAULT_RENDER_SIZE = { width: 1024, height: 768 } as const;

const symbolReport = z.object({ name: z.string(), kind: z.string(), count: z.number().int().nonnegative(), drawn: z.number().int().nonnegative() });

export const renderResult = z.object({
  png: bytes("The picture: PNG bytes (base64 in JSON)", "image/png"),
  mime_type: z.literal("image/png"),
  view: z.string().nullable(),
  camera: z.object({ yaw: z.number(), pitch: z.number(), distance: z.number(), target: vec3 }),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  pixels_per_unit: z.number(),
  source: z.enum(["mesh", "design", "empty"]),
  field: z
    .object({
      name: z.string(),
      unit: z.string().nullable(),
      min: z.number(),
      max: z.number(),
      min_node: z.number().int(),
      max_node: z.number().int(),
      bands: z.number().int(),
    })
    .nullable(),
  deformation: z.object({ scale: z.number(), max_displacement: z.number() }).nullable(),
  vectors: z
    .object({ name: z.string(), arrows: z.number().int().nonnegative(), max: z.number() })
    .nullable()
    .optional()
    .describe("Arrows drawn at sampled nodes (a flow's velocity field): how many, and the largest magnitude (the longest arrow)"),
  legend: z.object({ left: z.number(), top: z.number(), width: z.number(), height: z.number() }).nullable(),
  symbols: z.array(symbolReport),
  sampled_symbols: z.array(symbolReport).describe("Definitions drawn with a sample of their nodes or facets"),
  triangles: z.number().int().nonnegative(),
  datums: z.array(z.string()).optional().describe("The datum planes drawn (when asked with `datums`)"),
  step: z.string().nullable().describe("The step whose results are drawn, or null"),
  path: z.string().optional().describe("Where the PNG was also written"),
});

export const uiRenderCommand = defineCommand({
  id: "ui.render",
  label: "Render",
  description:
    "A CPU render of the model as a PNG (`png`: bytes in process, base64 once in JSON) and what it shows: the design or mesh framed by the kept camera, the set-up's symbols " +
    "(supports, prescribed displacements, forces, pressures, reference points with spokes to their coupled faces; `sampled_symbols` lists definitions drawn with a sample of their nodes), and the " +
    "results on show (results.contour, or `field`/`step` here): deformed shape and contour bands with a legend; a flow's velocity field also as arrows at sampled nodes, drawn over the surface. `view` or `camera` turn the kept " +
    "camera first (as ui.camera). `datums: true` draws the datum planes. `path` also writes the PNG there.",
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
      ...frameParams,
      path: filePath("Also write the PNG to this file").optional(),
      datums: z.boolean().optional().describe("Draw the datum planes: translucent over the model's extent, outlined and named (default false)"),
      revolve: z.number().min(1).max(360).optional().describe("Axisymmetric (CAX) models: draw the section revolved about the y axis through this many degrees (360: the whole body)"),
    })
    .strict(),
  result: renderResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    if (params.view !== undefined && params.camera !== undefined) throw new ModelError("params: give `view` or `camera`, not both");
    const turned = params.view !== undefined || params.camera !== undefined;
    // A planar model with no camera kept yet is drawn in its plane (looking down z), not from the iso corner.
    const planar = ctx.model.mesh !== undefined && meshFamily(ctx.model.mesh.mesh).dimension === 2;
    const revolve = params.revolve;
    if (revolve !== undefined && !(ctx.model.mesh && meshFamily(ctx.model.mesh.mesh).planar === "axisymmetric"))
      throw new ModelError(`params.revolve: only axisymmetric (CAX) meshes are drawn revolved; this model's mesh is ${ctx.model.mesh ? ctx.model.mesh.mesh.type : "missing"}`);
    // Revolved, the body is 3D: the kept camera or the iso view rather than the flat top view.
    const flat = planar && revolve === undefined && !turned && ctx.view.camera === undefined ? "top" : params.view;
    const camera = turnCamera(ctx.view, { view: flat, camera: params.camera });
    const built = modelScene(ctx.model, ctx.view, params);
    const step = built.step;
    const shown = revolve !== undefined ? revolveScene(built.scene, revolve) : built.scene;
    const scene = params.datums ? { ...shown, datums: datumScene(ctx.model) } : shown;
    const size = { width: clampSide(params.width, DEFAULT_RENDER_SIZE.width), height: clampSide(params.height, DEFAULT_RENDER_SIZE.height) };
    const { png, info } = renderScene(scene, { yaw: camera.yaw, pitch: camera.pitch, distance: camera.distance, view: camera.view }, size, ctx.signal);
    const written = params.path !== undefined ? await writeTextChecked(ctx.files, params.path, "params.path", png) : undefined;
    const result = {
      png,
      mime_type: "image/png" as const,
      ...info,
      step,
      ...(written !== undefined ? { path: written } : {}),
    };
    return turned ? { result, view: { ...ctx.view, camera } } : { result };
  },
});
