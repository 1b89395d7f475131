// The camera parameters ui.render and ui.camera share, and the kept camera in the session's view state.
import { z } from "zod";
import { applyCameraRequest, DEFAULT_CAMERA, STANDARD_VIEW_NAMES, type CameraState } from "../../render/index.js";
import { ModelError } from "../../model/errors.js";
import type { ViewState } from "../types.js";

export const viewParam = z.enum(STANDARD_VIEW_NAMES).describe("Standard view: iso, front, back, left, right, top, bottom");

export const cameraParam = z
  .object({
    yaw: z.number().finite().optional().describe("Degrees about the vertical; 0 looks along +Y, -45 is the iso view's"),
    pitch: z.number().finite().optional().describe("Elevation in degrees (clamped to +/-90)"),
    distance: z.number().positive().finite().optional().meta({ "x-dimension": "length", description: "Camera distance from the target; absent: framed to fit" }),
  })
  .strict()
  .describe("Any orientation: {yaw, pitch, distance?}; values left out keep the current ones");

/** The camera the session keeps between pictures (view state: not undoable, not saved). */
export function keptCamera(view: ViewState): CameraState {
  return (view.camera as CameraState | undefined) ?? DEFAULT_CAMERA;
}

/** Applies `view` or `camera` to the kept camera; a refusal names the parameter. */
export function turnCamera(view: ViewState, request: { view?: string; camera?: { yaw?: number; pitch?: number; distance?: number } }): CameraState {
  const turned = applyCameraRequest(keptCamera(view), request);
  if (!turned.ok) throw new ModelError(`params: ${turned.error}`);
  return turned.state;
}
