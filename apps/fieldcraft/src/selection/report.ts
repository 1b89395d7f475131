// What ui.select and ui.selection reply: the selection, its counts, and `params` for model.set.create.
import { facetNodes, resolveSet, type Mesh, type Model } from "@mcp-wrappers/fieldcraft-engine";
import { isEmpty, setParams, type ElementFace, type Selection } from "./state.js";
import { problems } from "./validate.js";

/** 1-based node ids on an element face (corners, then mid-side nodes, as the mesh's family lists them). */
export function elementFaceNodes(mesh: Mesh, face: ElementFace): number[] {
  return facetNodes(mesh, face.element - 1, face.face - 1).map((n) => n + 1);
}

export function selectionReport(selection: Selection, model: Model): Record<string, unknown> {
  const mesh = model.mesh?.mesh;
  const stale = problems(selection, model, "selection");
  const params = stale.length === 0 && mesh ? setParams(selection, (f) => elementFaceNodes(mesh, f)) : setParams(selection, () => []);
  let resolved: Record<string, number> | null = null;
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
