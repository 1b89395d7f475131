// A decoded scene as the page uses it: the header plus named typed arrays (absent ones are null).
import { decodeFrame } from "../wire/format.js";
import type { SceneHeader } from "../scene/types.js";

export interface SceneData {
  header: SceneHeader;
  positions: Float32Array;
  triangles: Uint32Array;
  triangleFacet: Uint32Array;
  featureEdges: Uint32Array;
  meshEdges: Uint32Array | null;
  vertexNode: Uint32Array | null;
  facetElement: Uint32Array | null;
  facetSide: Uint8Array | null;
  facetTag: Uint32Array | null;
  field: Float32Array | null;
  displacement: Float32Array | null;
  glyphAnchor: Float32Array | null;
  glyphMove: Float32Array | null;
  glyphDir: Float32Array | null;
  glyphType: Uint8Array | null;
  glyphSymbol: Uint16Array | null;
  /** Mode shapes: `header.animations[0].count` entries back to back (3 floats and 1 float per vertex). */
  animDisplacement: Float32Array | null;
  animField: Float32Array | null;
}

/**
 * The scene showing animation entry k (a mode shape): its displacements, its contour and its range, drawn at
 * the entry's automatic scale times `factor` (the slider). Shares the arrays; nothing is copied.
 */
export function entryScene(s: SceneData, k: number, factor: number): SceneData {
  const a = s.header.animations[0];
  if (!a || !s.animDisplacement || k < 0 || k >= a.count) return s;
  const nv = s.positions.length / 3;
  const displacement = s.animDisplacement.subarray(3 * nv * k, 3 * nv * (k + 1));
  const field = s.animField ? s.animField.subarray(nv * k, nv * (k + 1)) : s.field;
  const range = a.ranges[k];
  const auto = a.auto_scales[k];
  const d = s.header.deformation;
  return {
    ...s,
    displacement,
    field,
    header: {
      ...s.header,
      field: s.header.field && range ? { ...s.header.field, ...range } : s.header.field,
      deformation: d ? { max_displacement: auto > 0 ? (0.1 * s.header.size) / auto : 0, auto_scale: auto, scale: auto * factor } : d,
      animations: [{ ...a, current: k }],
    },
  };
}

export function readScene(bytes: Uint8Array): { ok: true; scene: SceneData } | { ok: false; error: string } {
  const d = decodeFrame(bytes);
  if (!d.ok) return d;
  const a = d.frame.arrays as Record<string, any>;
  const get = (n: string) => a[n] ?? null;
  return {
    ok: true,
    scene: {
      header: d.frame.header as unknown as SceneHeader,
      positions: a.positions ?? new Float32Array(0),
      triangles: a.triangles ?? new Uint32Array(0),
      triangleFacet: a.triangleFacet ?? new Uint32Array(0),
      featureEdges: a.featureEdges ?? new Uint32Array(0),
      meshEdges: get("meshEdges"),
      vertexNode: get("vertexNode"),
      facetElement: get("facetElement"),
      facetSide: get("facetSide"),
      facetTag: get("facetTag"),
      field: get("field"),
      displacement: get("displacement"),
      glyphAnchor: get("glyphAnchor"),
      glyphMove: get("glyphMove"),
      glyphDir: get("glyphDir"),
      glyphType: get("glyphType"),
      glyphSymbol: get("glyphSymbol"),
      animDisplacement: get("animDisplacement"),
      animField: get("animField"),
    },
  };
}
