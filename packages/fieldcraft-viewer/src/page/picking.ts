// What a click or a box picks, as ui.select parameters: named faces (geometry), element faces, nodes or
// elements. Pure functions over the scene's arrays and, for boxes, the vertices' screen positions.
import { NO_FACET } from "../scene/types.js";
import type { SceneData } from "./scene-data.js";
import type { SelectRequest } from "./transport.js";

export type PickFilter = "geometry" | "faces" | "nodes" | "elements";
export type BoxMode = "inside" | "crossing";

export interface Hit {
  triangle: number;
  /** The hit triangle's vertex nearest the hit point. */
  vertex: number;
}

export function facetOfTriangle(s: SceneData, triangle: number): number | null {
  const f = s.triangleFacet[triangle];
  return f === undefined || f === NO_FACET || !s.facetElement ? null : f;
}

/** What the page shows about a hit: face name, element and face, node and its values. */
export function describeHit(s: SceneData, hit: Hit): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  const f = facetOfTriangle(s, hit.triangle);
  if (f !== null) {
    const tag = s.header.face_tags[s.facetTag![f]];
    if (tag) out.face = `${tag.body} / ${tag.face}`;
    out.element = s.facetElement![f] + 1;
    out["element face"] = `S${s.facetSide![f] + 1}`;
  }
  if (s.vertexNode) {
    out.node = s.vertexNode[hit.vertex] + 1;
    const p = s.positions;
    out.x = p[3 * hit.vertex];
    out.y = p[3 * hit.vertex + 1];
    out.z = p[3 * hit.vertex + 2];
  }
  if (s.field && s.header.field) out[`${s.header.field.name}${s.header.field.unit ? ` [${s.header.field.unit}]` : ""}`] = s.field[hit.vertex];
  if (s.displacement) {
    const d = s.displacement;
    out.u1 = d[3 * hit.vertex];
    out.u2 = d[3 * hit.vertex + 1];
    out.u3 = d[3 * hit.vertex + 2];
  }
  return out;
}

/** A click: the item under the pointer, by filter. */
export function clickRequest(s: SceneData, hit: Hit, filter: PickFilter, mode: SelectRequest["mode"]): SelectRequest | null {
  const f = facetOfTriangle(s, hit.triangle);
  if (filter === "nodes") return s.vertexNode ? { mode, nodes: [s.vertexNode[hit.vertex] + 1] } : null;
  if (f === null) return null;
  if (filter === "geometry") {
    const tag = s.header.face_tags[s.facetTag![f]];
    return tag ? { mode, geometry: [{ body: tag.body, face: tag.face }] } : null;
  }
  if (filter === "faces") return { mode, faces: [{ element: s.facetElement![f] + 1, face: s.facetSide![f] + 1 }] };
  return { mode, elements: [s.facetElement![f] + 1] };
}

/**
 * A box: `screen` holds x, y per vertex (CSS pixels), NaN for vertices behind the camera. `inside` takes an
 * item whose every vertex is in the box, `crossing` one with any vertex in it. Hidden items count too (as the app).
 */
export function boxRequest(
  s: SceneData,
  screen: Float32Array,
  box: [number, number, number, number],
  filter: PickFilter,
  boxMode: BoxMode,
  mode: SelectRequest["mode"],
): SelectRequest | null {
  const [x0, y0, x1, y1] = [Math.min(box[0], box[2]), Math.min(box[1], box[3]), Math.max(box[0], box[2]), Math.max(box[1], box[3])];
  const vCount = s.positions.length / 3;
  const inBox = new Uint8Array(vCount);
  for (let v = 0; v < vCount; v++) {
    const x = screen[2 * v], y = screen[2 * v + 1];
    inBox[v] = x >= x0 && x <= x1 && y >= y0 && y <= y1 ? 1 : 0;
  }
  if (filter === "nodes") {
    if (!s.vertexNode) return null;
    const nodes: number[] = [];
    for (let v = 0; v < vCount; v++) if (inBox[v]) nodes.push(s.vertexNode[v] + 1);
    return nodes.length ? { mode, nodes } : null;
  }
  if (!s.facetElement) return null;
  const facets = s.facetElement.length;
  // Per facet: all / any of its triangles' vertices in the box.
  const all = new Uint8Array(facets).fill(1);
  const any = new Uint8Array(facets);
  const tris = s.triangles;
  for (let t = 0; t < tris.length / 3; t++) {
    const f = s.triangleFacet[t];
    if (f === NO_FACET) continue;
    for (let k = 0; k < 3; k++) {
      if (inBox[tris[3 * t + k]]) any[f] = 1;
      else all[f] = 0;
    }
  }
  const takes = (f: number) => (boxMode === "inside" ? all[f] === 1 : any[f] === 1);
  if (filter === "geometry") {
    const tags = s.header.face_tags.length;
    const tagAll = new Uint8Array(tags).fill(1), tagAny = new Uint8Array(tags);
    for (let f = 0; f < facets; f++) {
      const t = s.facetTag![f];
      if (takes(f)) tagAny[t] = 1;
      else tagAll[t] = 0;
    }
    const geometry: { body: string; face: string }[] = [];
    s.header.face_tags.forEach((tag, i) => {
      if (boxMode === "inside" ? tagAll[i] && tagAny[i] : tagAny[i]) geometry.push({ body: tag.body, face: tag.face });
    });
    return geometry.length ? { mode, geometry } : null;
  }
  if (filter === "faces") {
    const faces: { element: number; face: number }[] = [];
    for (let f = 0; f < facets; f++) if (takes(f)) faces.push({ element: s.facetElement[f] + 1, face: s.facetSide![f] + 1 });
    return faces.length ? { mode, faces } : null;
  }
  const elements = new Set<number>();
  for (let f = 0; f < facets; f++) if (takes(f)) elements.add(s.facetElement[f] + 1);
  return elements.size ? { mode, elements: [...elements].sort((a, b) => a - b) } : null;
}

/** Triangles to highlight for the app's selection: named faces, element faces and elements on the skin. */
export function selectedTriangles(s: SceneData): Uint32Array {
  const sel = s.header.selection;
  if (!s.facetElement || (sel.geometry.length === 0 && sel.faces.length === 0 && sel.elements.length === 0)) return new Uint32Array(0);
  const tags = new Set<number>();
  s.header.face_tags.forEach((t, i) => {
    for (const g of sel.geometry) {
      if (g.body !== t.body) continue;
      if (g.face === undefined && g.edge === undefined) tags.add(i);
      else if (g.face !== undefined && (t.face === g.face || (t.face.startsWith(`${g.face}#`) && !g.face.includes("#")))) tags.add(i);
    }
  });
  const faces = new Set(sel.faces.map((f) => `${f.element - 1}:${f.face - 1}`));
  const elements = new Set(sel.elements.map((e) => e - 1));
  const out: number[] = [];
  for (let t = 0; t < s.triangleFacet.length; t++) {
    const f = s.triangleFacet[t];
    if (f === NO_FACET) continue;
    const e = s.facetElement[f];
    if (tags.has(s.facetTag![f]) || elements.has(e) || faces.has(`${e}:${s.facetSide![f]}`)) out.push(t);
  }
  return Uint32Array.from(out);
}
