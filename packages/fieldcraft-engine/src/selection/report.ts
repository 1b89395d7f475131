// What ui.select and ui.selection reply: the selection, its counts, and `params` for model.set.create.
import { facetNodes } from "../fem/loads.js";
import { resolveSet } from "../model/sets.js";
import type { Model } from "../model/types.js";
import type { Mesh } from "../mesh/types.js";
import { z } from "zod";
import { isEmpty, setParams, type ElementFace, type Selection } from "./state.js";
import { problems } from "./validate.js";

/** 1-based node ids on an element face (corners, then mid-side nodes, as the mesh's family lists them). */
export function elementFaceNodes(mesh: Mesh, face: ElementFace): number[] {
  return facetNodes(mesh, face.element - 1, face.face - 1).map((n) => n + 1);
}

const member = z.object({ body: z.string(), face: z.string().optional(), edge: z.string().optional() });
const ids = z.array(z.number().int().positive());
const count = z.number().int().nonnegative();

/** The result schema of ui.select and ui.selection (ui.select by pick adds `picked`). */
export const selectionReportResult = z.object({
  selection: z.object({ geometry: z.array(member), nodes: ids, elements: ids, faces: z.array(z.object({ element: z.number().int().positive(), face: z.number().int() })) }),
  counts: z.object({ geometry: count, nodes: count, elements: count, faces: count }),
  empty: z.boolean(),
  params: z.object({ geometry: z.array(member).optional(), nodes: ids.optional(), elements: ids.optional() }).describe("The selection as model.set.create members (add a name)"),
  resolved: z.object({ nodes: count, elements: count, facets: count }).nullable(),
  stale: z.array(z.string()).optional(),
  picked: z
    .object({ filter: z.string(), box_mode: z.string().optional(), counts: z.record(z.string(), count) })
    .optional()
    .describe("ui.select by `at` or `box`: what was picked"),
});

export function selectionReport(selection: Selection, model: Model): z.input<typeof selectionReportResult> {
  const mesh = model.mesh?.mesh;
  const stale = problems(selection, model, "selection");
  const params = stale.length === 0 && mesh ? setParams(selection, (f) => elementFaceNodes(mesh, f)) : setParams(selection, () => []);
  let resolved: { nodes: number; elements: number; facets: number } | null = null;
  if (mesh && stale.length === 0 && !isEmpty(selection)) {
    try {
      const r = resolveSet({ name: "selection", geometry: selection.geometry, nodes: (params.nodes as number[]) ?? [], elements: selection.elements }, mesh, model.design?.design);
      resolved = { nodes: r.nodes.length, elements: r.elements.length, facets: r.facets.element.length };
    } catch {
      resolved = null;
    }
  }
  return {
    selection,
    counts: { geometry: selection.geometry.length, nodes: selection.nodes.length, elements: selection.elements.length, faces: selection.faces.length },
    empty: isEmpty(selection),
    params,
    resolved,
    ...(stale.length ? { stale } : {}),
  };
}
