import { z } from "zod";
import { ModelError } from "../../model/errors.js";
import { defineCommand } from "../types.js";
import { cameraResult } from "../result-parts.js";
import { cameraParam, keptCamera, turnCamera, viewParam } from "./camera-params.js";

export const uiCameraCommand = defineCommand({
  id: "ui.camera",
  label: "Camera",
  description:
    "Turns the camera kept for the next picture: `view` to a standard view, or `camera` {yaw, pitch, distance?} (also accepted as top-level yaw, pitch, distance) to any orientation in degrees and model units. Yaw 0 looks along +Y with Z up, -45 is the iso view's; pitch is the elevation, clamped to +/-90. Without `distance` pictures are framed to fit. Replies with the camera; with no parameters it only reports it.",
  params: z
    .object({
      view: viewParam.optional(),
      camera: cameraParam.optional(),
      yaw: z.number().finite().optional().describe("Same as camera.yaw"),
      pitch: z.number().finite().optional().describe("Same as camera.pitch"),
      distance: z.number().positive().finite().optional().meta({ "x-dimension": "length", description: "Same as camera.distance" }),
    })
    .strict(),
  result: z.object({ camera: cameraResult }),
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const flat = params.yaw !== undefined || params.pitch !== undefined || params.distance !== undefined;
    if (flat && params.camera !== undefined) throw new ModelError("params: give `camera` or yaw/pitch/distance, not both");
    const camera = params.camera ?? (flat ? { yaw: params.yaw, pitch: params.pitch, distance: params.distance } : undefined);
    if (params.view === undefined && camera === undefined) return { result: { camera: keptCamera(ctx.view) } };
    const state = turnCamera(ctx.view, { view: params.view, camera });
    return { result: { camera: state }, view: { ...ctx.view, camera: state } };
  },
});
