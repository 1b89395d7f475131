// ui.select with `at` or `box`: the app turns the pixel or box into items from its last picture, then the
// ui.select row applies them like any other items (mode, clear, checks).
import type { CommandOutcome, ExecuteOptions } from "@mcp-wrappers/fieldcraft-control";
import type { Session } from "@mcp-wrappers/fieldcraft-engine";
import { pick, projectNodes, type BoxMode, type PickFilter, type PickRequest, type PictureFrame } from "../selection/pick.js";
import { isEmpty, type Selection } from "@mcp-wrappers/fieldcraft-engine";

const FILTERS: PickFilter[] = ["geometry", "faces", "nodes", "elements"];
const BOX_MODES: BoxMode[] = ["inside", "crossing"];

const finiteList = (v: unknown, n: number) => Array.isArray(v) && v.length === n && v.every((x) => typeof x === "number" && Number.isFinite(x));

export function wantsPick(params: Record<string, unknown>): boolean {
  return params.at !== undefined || params.box !== undefined;
}

export async function selectByPick(
  engine: Session,
  frame: PictureFrame | null,
  params: Record<string, unknown>,
  options: ExecuteOptions,
): Promise<CommandOutcome> {
  const { at, box, filter = "geometry", box_mode: boxMode = "inside", ...rest } = params;
  if (at !== undefined && box !== undefined) return { ok: false, error: "ui.select: give `at` or `box`, not both" };
  if (at !== undefined && !finiteList(at, 2)) return { ok: false, error: "ui.select: params.at must be [x, y] in pixels of the last picture" };
  if (box !== undefined && !finiteList(box, 4)) return { ok: false, error: "ui.select: params.box must be [x0, y0, x1, y1] in pixels of the last picture" };
  if (!FILTERS.includes(filter as PickFilter)) return { ok: false, error: `ui.select: params.filter must be one of ${FILTERS.join(", ")}` };
  if (!BOX_MODES.includes(boxMode as BoxMode)) return { ok: false, error: `ui.select: params.box_mode must be one of ${BOX_MODES.join(", ")}` };
  if (!frame) return { ok: false, error: "ui.select: `at` and `box` are pixels of the last picture: take one first (ui.capture or ui.render)" };
  const mesh = engine.model().mesh?.mesh;
  if (!mesh) return { ok: false, error: "ui.select: picking by `at` or `box` needs a mesh (mesh.tet.generate); select a design's faces by `geometry`" };

  const request: PickRequest = at !== undefined ? { at: at as [number, number] } : { box: box as [number, number, number, number] };
  const picked: Selection = pick(mesh, projectNodes(mesh, engine.model(), frame), request, filter as PickFilter, boxMode as BoxMode);
  const given = (key: keyof Selection) => (Array.isArray(rest[key]) ? (rest[key] as never[]) : []);
  const items = {
    geometry: [...given("geometry"), ...picked.geometry],
    nodes: [...given("nodes"), ...picked.nodes],
    elements: [...given("elements"), ...picked.elements],
    faces: [...given("faces"), ...picked.faces],
  };
  const mode = rest.mode ?? "replace";
  // Clicking on empty space with replace empties the selection, as in a viewport.
  const clear = rest.clear === true || (mode === "replace" && isEmpty(items));
  const outcome = await engine.execute("ui.select", { ...rest, ...items, clear }, options);
  if (!outcome.ok) return outcome;
  const counts = { geometry: picked.geometry.length, nodes: picked.nodes.length, elements: picked.elements.length, faces: picked.faces.length };
  return { ok: true, result: { ...(outcome.result as Record<string, unknown>), picked: { filter, ...(box !== undefined ? { box_mode: boxMode } : {}), counts } } };
}
