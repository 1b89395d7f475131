// ui.select and ui.selection: the viewport selection as command rows, which a host that shows the model adds
// to its session (the app; fieldcraft-mcp for its MCP App view). The selection lives in the session's view
// state (not the model: not undoable, not saved). Picking by pixel (`at`, `box`) belongs to a host with
// pictures: the app resolves it against its last picture before this row runs.
import { z } from "zod";
import { ModelError } from "../../model/errors.js";
import { selectionReport, selectionReportResult } from "../../selection/report.js";
import { combine, EMPTY_SELECTION, isEmpty, type Selection } from "../../selection/state.js";
import { problems } from "../../selection/validate.js";
import { defineCommand, type ViewState } from "../types.js";

const bodyName = z.string().min(1).max(200);
const member = z.union([
  z.object({ body: bodyName }).strict(),
  z.object({ body: bodyName, face: z.string().min(1).max(300) }).strict(),
  z.object({ body: bodyName, edge: z.string().min(1).max(600) }).strict(),
]);
const ids = z.array(z.number().int().positive()).max(1_000_000);

export function currentSelection(view: ViewState): Selection {
  return (view.selection as Selection | undefined) ?? EMPTY_SELECTION;
}

export const uiSelectCommand = defineCommand({
  id: "ui.select",
  label: "Select in the viewport",
  description:
    "Changes the window's selection: geometry (bodies, faces, edges by persistent name), node and element ids, and element faces. " +
    "`mode` replace (default), add or remove; `clear` empties it first. Returns the selection as ui.selection does. " +
    "`at` [x, y] picks what the last picture (ui.capture or ui.render) shows at that pixel; `box` [x0, y0, x1, y1] picks every item " +
    "with all (`box_mode` inside, the default) or any (crossing) of its corners in the box, hidden ones too. `filter` says what is " +
    "picked: geometry (named faces, the default), faces (element faces), nodes or elements. Picking needs a mesh and a picture.",
  params: z
    .object({
      clear: z.boolean().default(false).describe("Empty the selection first"),
      mode: z.enum(["replace", "add", "remove"]).default("replace").describe("How the given items combine with the selection"),
      geometry: z.array(member).max(10_000).default([]).describe("Bodies, faces and edges: {body}, {body, face}, {body, edge}"),
      nodes: ids.default([]).describe("1-based node ids"),
      elements: ids.default([]).describe("1-based element ids"),
      faces: z
        .array(z.object({ element: z.number().int().positive(), face: z.number().int().min(1).max(6) }).strict())
        .max(1_000_000)
        .default([])
        .describe("Element faces: 1-based element id and face number (S1-S4 on tetrahedra, S1-S6 on hexahedra)"),
      filter: z.enum(["geometry", "faces", "nodes", "elements"]).optional().describe("What `at` and `box` pick"),
      box_mode: z.enum(["inside", "crossing"]).optional().describe("Whether a box picks items wholly inside it or crossing it"),
      at: z.array(z.number()).length(2).optional().describe("Pick at a viewport pixel [x, y]"),
      box: z.array(z.number()).length(4).optional().describe("Pick inside a viewport box [x0, y0, x1, y1]"),
    })
    .strict(),
  result: selectionReportResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    if (params.at !== undefined || params.box !== undefined) {
      // The app resolves a pick against its last picture before the row runs; a pick reaching here had no picture.
      throw new ModelError("params.at/params.box: picking needs a picture of the model first: take one with ui.capture or ui.render");
    }
    const picked: Selection = { geometry: params.geometry, nodes: params.nodes, elements: params.elements, faces: params.faces };
    const issues = problems(picked, ctx.model);
    if (issues.length > 0) throw new ModelError(issues.join("; "));
    const start = params.clear ? EMPTY_SELECTION : currentSelection(ctx.view);
    // Nothing picked and no clear: a look at the selection, not a change to it.
    const next = isEmpty(picked) && !params.clear ? start : combine(start, picked, params.mode);
    return { result: selectionReport(next, ctx.model), view: { ...ctx.view, selection: next } };
  },
});

export const uiSelectionCommand = defineCommand({
  id: "ui.selection",
  label: "Viewport selection",
  description: "The window's selection, its counts, and `params`: the selection as the members of model.set.create (add a name).",
  params: z.object({}).strict(),
  result: selectionReportResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run: (ctx) => ({ result: selectionReport(currentSelection(ctx.view), ctx.model) }),
});
