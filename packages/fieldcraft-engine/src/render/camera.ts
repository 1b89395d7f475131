// Camera conventions shared by `ui.render` and `ui.camera`: yaw 0 looks along +Y with +Z up, yaw turns the
// view direction from +Y toward +X (so -45 shows the front, right and top faces), pitch is the elevation.
import type { Vec3 } from "../geometry/types.js";

export const STANDARD_VIEW_NAMES = ["iso", "front", "back", "left", "right", "top", "bottom"] as const;
export type StandardView = (typeof STANDARD_VIEW_NAMES)[number];

/** Elevation of the classic isometric view: the angle whose tangent is 1/sqrt(2). */
export const ISO_PITCH = (Math.atan(1 / Math.SQRT2) * 180) / Math.PI;

export const STANDARD_VIEWS: Readonly<Record<StandardView, { yaw: number; pitch: number }>> = {
  iso: { yaw: -45, pitch: ISO_PITCH },
  front: { yaw: 0, pitch: 0 },
  back: { yaw: 180, pitch: 0 },
  left: { yaw: 90, pitch: 0 },
  right: { yaw: -90, pitch: 0 },
  top: { yaw: 0, pitch: 90 },
  bottom: { yaw: 0, pitch: -90 },
};

/** Where the camera looks from: angles in degrees, distance in model units (absent: framed to fit). */
export interface CameraSpec {
  yaw: number;
  pitch: number;
  distance?: number;
  /** Point looked at; absent: the centre of what is drawn. */
  target?: Vec3;
  /** The standard view this orientation came from, for the render's report. */
  view?: StandardView | null;
}

/** The orientation a session keeps between pictures (view state, not part of the undoable model). */
export interface CameraState {
  view: StandardView | null;
  yaw: number;
  pitch: number;
  distance?: number;
}

export const DEFAULT_CAMERA: CameraState = { view: "iso", ...STANDARD_VIEWS.iso };

export type CameraRequest = {
  view?: string;
  camera?: { yaw?: unknown; pitch?: unknown; distance?: unknown };
};

/** Orthographic projection; `distance` sets the zoom as if seen through this vertical field of view. */
export const FIELD_OF_VIEW_DEGREES = 30;

export function normalizeYaw(yaw: number): number {
  let y = yaw % 360;
  if (y > 180) y -= 360;
  if (y <= -180) y += 360;
  return y === 0 ? 0 : y;
}

export function clampPitch(pitch: number): number {
  return Math.max(-90, Math.min(90, pitch));
}

/**
 * Applies a `{view}` or `{camera}` request to the kept state. Errors name the parameter to fix.
 * A camera without `distance` goes back to framing; yaw and pitch left out keep their current values.
 */
export function applyCameraRequest(
  state: CameraState,
  request: CameraRequest,
): { ok: true; state: CameraState } | { ok: false; error: string } {
  if (request.view !== undefined && request.camera !== undefined) {
    return { ok: false, error: "give either `view` or `camera`, not both" };
  }
  if (request.view !== undefined) {
    if (!(STANDARD_VIEW_NAMES as readonly string[]).includes(request.view)) {
      return { ok: false, error: `unknown view \`${request.view}\`: use one of ${STANDARD_VIEW_NAMES.join(", ")}` };
    }
    const view = request.view as StandardView;
    return { ok: true, state: { view, ...STANDARD_VIEWS[view] } };
  }
  if (request.camera !== undefined) {
    const c = request.camera;
    for (const key of ["yaw", "pitch", "distance"] as const) {
      const v = c[key];
      if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v))) {
        return { ok: false, error: `camera.${key} must be a finite number (degrees for yaw and pitch, model units for distance)` };
      }
    }
    if (c.distance !== undefined && (c.distance as number) <= 0) {
      return { ok: false, error: "camera.distance must be greater than 0 (model units from the target)" };
    }
    const yaw = normalizeYaw(c.yaw === undefined ? state.yaw : (c.yaw as number));
    const pitch = clampPitch(c.pitch === undefined ? state.pitch : (c.pitch as number));
    const next: CameraState = { view: null, yaw, pitch };
    if (c.distance !== undefined) next.distance = c.distance as number;
    return { ok: true, state: next };
  }
  return { ok: true, state };
}

/** The orthonormal view frame: `dir` from the eye into the scene, `right` and `up` on the screen. */
export interface ViewBasis {
  dir: Vec3;
  right: Vec3;
  up: Vec3;
}

export function viewBasis(yawDeg: number, pitchDeg: number): ViewBasis {
  const yaw = (normalizeYaw(yawDeg) * Math.PI) / 180;
  const pitch = (clampPitch(pitchDeg) * Math.PI) / 180;
  const cp = Math.cos(pitch);
  const dir: Vec3 = [Math.sin(yaw) * cp, Math.cos(yaw) * cp, -Math.sin(pitch)];
  // Using the yaw-only right vector keeps the top and bottom views defined (dir parallel to Z there).
  const right: Vec3 = [Math.cos(yaw), -Math.sin(yaw), 0];
  const up: Vec3 = [
    right[1] * dir[2] - right[2] * dir[1],
    right[2] * dir[0] - right[0] * dir[2],
    right[0] * dir[1] - right[1] * dir[0],
  ];
  return { dir, right, up };
}

/** Half the visible height in model units for a camera `distance` away. */
export function halfHeightForDistance(distance: number): number {
  return distance * Math.tan(((FIELD_OF_VIEW_DEGREES / 2) * Math.PI) / 180);
}

export function distanceForHalfHeight(halfHeight: number): number {
  return halfHeight / Math.tan(((FIELD_OF_VIEW_DEGREES / 2) * Math.PI) / 180);
}

export const MIN_SIDE = 16;
export const MAX_SIDE = 4096;

/** Picture sides are clamped to 16..4096 pixels (the seed's limit); non-numbers fall back to the default. */
export function clampSide(value: unknown, fallback: number): number {
  const v = typeof value === "number" && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.max(MIN_SIDE, Math.min(MAX_SIDE, v));
}
