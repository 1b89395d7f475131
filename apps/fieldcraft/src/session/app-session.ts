// What the control channel serves: the engine session plus the window's commands. ui.capture is drawn
// here (it needs the engine's ui.render), and pictures asked for with `capture_path` are written to that file.
import type { CommandInfo, CommandOutcome, ExecuteOptions, ServedSession } from "@mcp-wrappers/fieldcraft-control";
import type { Session } from "@mcp-wrappers/fieldcraft-engine";
import { captureWindow, UI_CAPTURE_INFO } from "../window/capture.js";
import { CAPTURE_PATH_PARAM, deliverPicture, pngBytes } from "../window/picture-file.js";
import { frameFromRender, type PictureFrame } from "../selection/pick.js";
import type { Activity } from "./activity.js";
import { selectByPick, wantsPick } from "./picking.js";

const PICTURE_COMMANDS = new Set(["ui.render", "ui.capture"]);

function asParams(params: unknown): Record<string, unknown> {
  return typeof params === "object" && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

/** Where the last picture put the model, so that a pick by pixel lands on what it showed. */
function frameOf(command: string, result: Record<string, unknown>): PictureFrame | null {
  if (command === "ui.render") return frameFromRender(result);
  const viewport = result.viewport as { x: number; y: number; render: Record<string, unknown> } | undefined;
  return viewport ? frameFromRender(viewport.render, { x: viewport.x, y: viewport.y }) : null;
}

/**
 * The app's ui.render answers as the engine's, except that with `capture_path` the PNG goes to that file and
 * the result says where and how big instead: its published result schema says so.
 */
function withPictureFile(info: CommandInfo): CommandInfo {
  if (info.id !== "ui.render") return info;
  const properties = { ...(info.result.properties as Record<string, unknown>) };
  properties[CAPTURE_PATH_PARAM] = { type: "string", description: "Where the PNG was written (requests with capture_path)" };
  properties.bytes = { type: "integer", minimum: 0, description: "Size of the PNG written to capture_path" };
  const required = ((info.result.required as string[] | undefined) ?? []).filter((name) => name !== "png");
  return { ...info, result: { ...info.result, properties, required } };
}

/** The app session's catalogue from the engine's: known on the main thread while the session runs in its worker. */
export function appCatalogue(engineCatalogue: CommandInfo[]): CommandInfo[] {
  return [...engineCatalogue.map(withPictureFile), UI_CAPTURE_INFO];
}

export function createAppSession(engine: Session, activity: Activity): ServedSession {
  let lastFrame: PictureFrame | null = null;
  const run = async (command: string, params: Record<string, unknown>, options: ExecuteOptions): Promise<CommandOutcome> => {
    if (command === "ui.select" && wantsPick(params)) return selectByPick(engine, lastFrame, params, options);
    const { [CAPTURE_PATH_PARAM]: capturePath, ...rest } = params;
    const wantsFile = PICTURE_COMMANDS.has(command) && capturePath !== undefined;
    let outcome: CommandOutcome & { png?: Uint8Array };
    if (command === "ui.capture") outcome = await captureWindow(engine, activity.snapshot(), rest, options);
    else if (wantsFile) outcome = await engine.execute(command, rest, options);
    else if (command === "ui.render") outcome = await engine.execute(command, params, options);
    else return engine.execute(command, params, options);
    if (!outcome.ok) return outcome;
    const result = { ...(outcome.result as Record<string, unknown>) };
    lastFrame = frameOf(command, result) ?? lastFrame;
    if (command === "ui.render" && !wantsFile) return outcome;
    const png = outcome.png ?? pngBytes(result.png);
    delete result.png;
    if (!png) return { ok: false, error: `${command} returned no picture` };
    // Bytes until the wire edge: the channel's framing writes them as base64.
    if (!wantsFile) return { ok: true, result: { ...result, png } };
    const delivered = await deliverPicture(capturePath, png);
    if (!delivered.ok) return { ok: false, error: `${command}: ${delivered.error}` };
    return { ok: true, result: { ...result, [CAPTURE_PATH_PARAM]: capturePath, bytes: png.byteLength } };
  };

  return {
    catalogue: (): CommandInfo[] => appCatalogue(engine.catalogue()),
    async execute(command, params, options = {}) {
      const started = performance.now();
      const outcome = await run(command, asParams(params), options);
      activity.record(command, outcome, performance.now() - started);
      return outcome;
    },
  };
}
