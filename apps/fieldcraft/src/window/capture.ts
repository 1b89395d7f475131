// ui.capture: the whole window drawn offscreen. The viewport is the engine's ui.render with the app's
// camera; around it the title bar (app and model file) and the status bar (mesh, selection, last command).
import { writeFile } from "node:fs/promises";
import { PNG } from "pngjs";
import type { CommandInfo, CommandOutcome, ExecuteOptions } from "@mcp-wrappers/fieldcraft-control";
import { elementCount, nodeCount, type Session } from "@mcp-wrappers/fieldcraft-engine";
import { APP_NAME, APP_VERSION } from "../identity.js";
import { currentSelection } from "@mcp-wrappers/fieldcraft-engine";
import type { ActivitySummary } from "../session/activity.js";
import { frameFromRender } from "../selection/pick.js";
import { composeWindow, viewportRect } from "./compose.js";
import { drawSelection } from "./highlight.js";
import { pngBytes } from "./picture-file.js";

export const DEFAULT_WINDOW = { width: 1024, height: 720 };
const MIN_WINDOW = { width: 64, height: 80 };
const MAX_SIDE = 4096;

export const UI_CAPTURE_INFO: CommandInfo = {
  id: "ui.capture",
  label: "Capture the window",
  params: [
    { name: "width", type: "number", required: false, description: `Window width in pixels (${MIN_WINDOW.width}-${MAX_SIDE})`, default: DEFAULT_WINDOW.width },
    { name: "height", type: "number", required: false, description: `Window height in pixels (${MIN_WINDOW.height}-${MAX_SIDE})`, default: DEFAULT_WINDOW.height },
    { name: "path", type: "string", required: false, description: "Also write the PNG to this file" },
  ],
  schema: {
    type: "object",
    properties: {
      width: { type: "number", default: DEFAULT_WINDOW.width },
      height: { type: "number", default: DEFAULT_WINDOW.height },
      path: { type: "string" },
    },
    additionalProperties: false,
  },
  result: {
    type: "object",
    properties: {
      png: { type: "string", contentEncoding: "base64", contentMediaType: "image/png", description: "The window picture (absent when written to capture_path)" },
      source: { const: "window" },
      width: { type: "integer" },
      height: { type: "integer" },
      title: { type: "string" },
      status: { type: "string" },
      highlighted: { type: "integer", description: "Selected items drawn highlighted" },
      viewport: { type: "object", description: "Where the model render sits in the window and what it shows (ui.render's result without png)" },
      path: { type: "string" },
      capture_path: { type: "string" },
      bytes: { type: "integer" },
    },
    required: ["source", "width", "height", "title", "status", "highlighted", "viewport"],
  },
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
};

function side(value: unknown, fallback: number, min: number): number {
  const v = typeof value === "number" && Number.isFinite(value) ? Math.round(value) : fallback;
  return Math.max(min, Math.min(MAX_SIDE, v));
}

function statusLine(session: Session, activity: ActivitySummary): string {
  const model = session.model();
  const mesh = model.mesh?.mesh;
  const sel = currentSelection(session.view());
  const selected = sel.geometry.length + sel.nodes.length + sel.elements.length + sel.faces.length;
  const parts = [
    mesh ? `${mesh.type} ${nodeCount(mesh)} nodes ${elementCount(mesh)} elements` : model.design ? "design, no mesh" : "no model",
    `selection ${selected}`,
    activity.last ? `last ${activity.last.command} ${activity.last.ok ? "ok" : "failed"}` : "ready",
  ];
  return parts.join("  ");
}

export async function captureWindow(
  session: Session,
  activity: ActivitySummary,
  params: Record<string, unknown>,
  options: ExecuteOptions,
): Promise<CommandOutcome & { png?: Uint8Array }> {
  const unknown = Object.keys(params).filter((k) => !["width", "height", "path"].includes(k));
  if (unknown.length > 0) return { ok: false, error: `ui.capture: unknown parameter ${unknown.join(", ")} (width, height, path)` };
  if (params.path !== undefined && typeof params.path !== "string") return { ok: false, error: "ui.capture: path must be a string" };
  const width = side(params.width, DEFAULT_WINDOW.width, MIN_WINDOW.width);
  const height = side(params.height, DEFAULT_WINDOW.height, MIN_WINDOW.height);
  const vp = viewportRect(width, height);
  const rendered = await session.execute("ui.render", { width: vp.width, height: vp.height }, options);
  if (!rendered.ok) return { ok: false, error: `ui.capture: the viewport render failed: ${rendered.error}`, ...(rendered.details ? { details: rendered.details } : {}) };
  const { png: viewportPng, ...shows } = rendered.result as Record<string, unknown>;
  const bytes = pngBytes(viewportPng);
  if (!bytes) return { ok: false, error: "ui.capture: the viewport render returned no picture" };
  const decoded = PNG.sync.read(Buffer.from(bytes));
  const viewport = { width: decoded.width, height: decoded.height, data: new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength) };
  const frame = frameFromRender(shows);
  const mesh = session.model().mesh?.mesh;
  const highlighted = frame && mesh ? drawSelection(viewport, frame, mesh, session.model(), currentSelection(session.view())) : 0;
  const file = session.file();
  const title = `${APP_NAME} ${APP_VERSION} - ${file ? file.split(/[\\/]/).pop() : "untitled"}`;
  const status = statusLine(session, activity);
  const window = composeWindow(width, height, viewport, title, status);
  const png = new Uint8Array(PNG.sync.write({ width, height, data: Buffer.from(window.data.buffer) } as unknown as PNG, { colorType: 2, inputColorType: 6, inputHasAlpha: true }));
  if (typeof params.path === "string") {
    try {
      await writeFile(params.path, png);
    } catch (err) {
      return { ok: false, error: `ui.capture: cannot write ${params.path}: ${(err as Error).message}` };
    }
  }
  return {
    ok: true,
    result: { source: "window", width, height, title, status, highlighted, viewport: { ...vp, render: shows }, ...(typeof params.path === "string" ? { path: params.path } : {}) },
    png,
  };
}
