// The view scene of a model: what ui.render would draw (the engine's own modelScene: mesh or design, set-up
// symbols, results on show), reduced on the server to the outer surface and packed as binary arrays.
// Pure: model and view state in, a frame out. The heavy part is cached per mesh and per result.
import {
  AUTO_DEFORMATION_FRACTION,
  bandColors,
  COLORS,
  DEFAULT_BANDS,
  designSurface,
  elementCount,
  meshSurface,
  modelAnimation,
  modelScene,
  STANDARD_VIEWS,
  unitSystem,
  viewBasis,
  type Mesh,
  type Model,
  type Surface,
  type ViewState,
} from "@mcp-wrappers/fieldcraft-engine";
import { encodeFrame, type AnyTyped } from "../wire/format.js";
import { buildGlyphs } from "./glyphs.js";
import { NO_FACET, type AnimationInfo, type SceneHeader, type SelectionInfo, type Vec3 } from "./types.js";

/** Floats the animation arrays may carry (4 per surface vertex and entry): 32 MB, within one MCP reply. */
export const ANIMATION_FLOAT_BUDGET = 8_000_000;
/** Mesh edges are left out above this many segments (level of detail: feature edges always stay). */
export const MESH_EDGE_BUDGET = 600_000;
const CONE_SIZE = 0.035; // as ui.render draws them (fractions of the model size)
const ARROW_SIZE = 0.12;
const SELECTION_COLOR: [number, number, number] = [255, 140, 0];

/** The outer surface with only the vertices it uses, renumbered: a 1M-element mesh sends its skin, not its nodes. */
interface CompactSurface {
  positions: Float32Array;
  /** 0-based mesh node per vertex (mesh only). */
  vertexNode: Uint32Array | null;
  triangles: Uint32Array;
  triangleFacet: Uint32Array;
  featureEdges: Uint32Array;
  meshEdges: Uint32Array | null;
  /** The engine's per-node outward normals (for symbols), indexed by mesh node. */
  nodeNormals: Float32Array;
}

function compact(surface: Surface, withMeshEdges: boolean): CompactSurface {
  const total = surface.positions.length / 3;
  const remap = new Int32Array(total).fill(-1);
  let count = 0;
  const use = (list: Int32Array) => {
    for (let i = 0; i < list.length; i++) if (remap[list[i]] < 0) remap[list[i]] = count++;
  };
  use(surface.triangles);
  use(surface.featureEdges);
  if (withMeshEdges) use(surface.meshEdges);
  const positions = new Float32Array(count * 3);
  const vertexNode = surface.vertexNode ? new Uint32Array(count) : null;
  for (let v = 0; v < total; v++) {
    const r = remap[v];
    if (r < 0) continue;
    positions[3 * r] = surface.positions[3 * v];
    positions[3 * r + 1] = surface.positions[3 * v + 1];
    positions[3 * r + 2] = surface.positions[3 * v + 2];
    if (vertexNode) vertexNode[r] = surface.vertexNode![v];
  }
  const map = (list: Int32Array) => {
    const out = new Uint32Array(list.length);
    for (let i = 0; i < list.length; i++) out[i] = remap[list[i]];
    return out;
  };
  const triangles = map(surface.triangles);
  // The surface says which boundary facet each triangle draws (quadrilateral and quadratic faces split unevenly).
  const triangleFacet = new Uint32Array(triangles.length / 3);
  for (let t = 0; t < triangleFacet.length; t++) triangleFacet[t] = surface.triangleFacet ? surface.triangleFacet[t] : NO_FACET;
  return {
    positions,
    vertexNode,
    triangles,
    triangleFacet,
    featureEdges: map(surface.featureEdges),
    meshEdges: withMeshEdges ? map(surface.meshEdges) : null,
    nodeNormals: surface.vertexNormals,
  };
}

const meshCache = new WeakMap<Mesh, CompactSurface>();
function meshCompact(mesh: Mesh): CompactSurface {
  let c = meshCache.get(mesh);
  if (!c) {
    const surface = meshSurface(mesh);
    meshCache.set(mesh, (c = compact(surface, surface.meshEdges.length / 2 <= MESH_EDGE_BUDGET)));
  }
  return c;
}

function bbox(p: Float32Array): { min: Vec3; max: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity], max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      if (p[i + k] < min[k]) min[k] = p[i + k];
      if (p[i + k] > max[k]) max[k] = p[i + k];
    }
  }
  return Number.isFinite(min[0]) ? { min, max } : { min: [0, 0, 0], max: [0, 0, 0] };
}

const basisOf = (yaw: number, pitch: number) => {
  const b = viewBasis(yaw, pitch);
  return { dir: b.dir as Vec3, up: b.up as Vec3 };
};

export interface SceneInput {
  model: Model;
  view: ViewState;
  file?: string | null;
  digest?: string | null;
}

export interface BuiltScene {
  header: SceneHeader;
  arrays: Record<string, AnyTyped>;
}

function selectionOf(view: ViewState): SelectionInfo {
  const s = view.selection as Partial<SelectionInfo> | undefined;
  return { geometry: s?.geometry ?? [], nodes: s?.nodes ?? [], elements: s?.elements ?? [], faces: s?.faces ?? [] };
}

export function buildScene({ model, view, file = null, digest = null }: SceneInput): BuiltScene {
  const camera = view.camera as { view?: string | null; yaw: number; pitch: number } | undefined;
  const cam = camera ?? { view: "iso", ...STANDARD_VIEWS.iso };
  const views = Object.fromEntries(Object.entries(STANDARD_VIEWS).map(([name, v]) => [name, basisOf(v.yaw, v.pitch)]));
  const lengthUnit = unitSystem(model.units).units.length;
  const base = {
    format: "fieldcraft-view/1" as const,
    file,
    digest,
    length_unit: lengthUnit,
    glyph_size: { cone: CONE_SIZE, arrow: ARROW_SIZE },
    views,
    camera: { view: cam.view ?? null, ...basisOf(cam.yaw, cam.pitch) },
    selection: selectionOf(view),
    animations: [],
  };
  const colors = (bands: number) => ({
    background: [...COLORS.background] as SceneHeader["colors"]["background"],
    surface: [...COLORS.surface] as SceneHeader["colors"]["surface"],
    feature_edge: [...COLORS.featureEdge] as SceneHeader["colors"]["feature_edge"],
    undeformed_edge: [...COLORS.undeformedEdge] as SceneHeader["colors"]["undeformed_edge"],
    bands: bandColors(bands).map((c) => [...c] as SceneHeader["colors"]["surface"]),
    selection: SELECTION_COLOR,
  });
  if (!model.mesh && !model.design) {
    const header: SceneHeader = {
      ...base,
      source: "empty",
      counts: { nodes: 0, elements: 0, vertices: 0, triangles: 0, facets: 0, feature_segments: 0, mesh_segments: 0 },
      element_type: null,
      bbox: { min: [0, 0, 0], max: [0, 0, 0] },
      size: 0,
      face_tags: [],
      field: null,
      deformation: null,
      symbols: [],
      colors: colors(DEFAULT_BANDS),
      lod: { mesh_edges: false },
    };
    return { header, arrays: {} };
  }
  const { scene, step } = modelScene(model, view, {});
  const mesh = scene.mesh ?? null;
  const surf = mesh ? meshCompact(mesh) : compact(designSurface(scene.design!), false);
  const box = bbox(surf.positions);
  const size = Math.hypot(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]) || 1;
  const arrays: Record<string, AnyTyped> = {
    positions: surf.positions,
    triangles: surf.triangles,
    triangleFacet: surf.triangleFacet,
    featureEdges: surf.featureEdges,
  };
  if (surf.meshEdges) arrays.meshEdges = surf.meshEdges;
  let field: SceneHeader["field"] = null;
  let deformation: SceneHeader["deformation"] = null;
  let symbols: SceneHeader["symbols"] = [];
  let animations: AnimationInfo[] = [];
  const bands = Math.max(2, Math.min(64, Math.round(scene.bands ?? DEFAULT_BANDS)));
  if (mesh && surf.vertexNode) {
    arrays.vertexNode = surf.vertexNode;
    arrays.facetElement = Uint32Array.from(mesh.boundary.element);
    arrays.facetSide = Uint8Array.from(mesh.boundary.side);
    arrays.facetTag = Uint32Array.from(mesh.boundary.tag);
    const vn = surf.vertexNode;
    if (scene.field) {
      const values = scene.field.values;
      let min = Infinity, max = -Infinity, minNode = 0, maxNode = 0;
      for (let i = 0; i < values.length; i++) {
        if (values[i] < min) ((min = values[i]), (minNode = i));
        if (values[i] > max) ((max = values[i]), (maxNode = i));
      }
      const perVertex = new Float32Array(vn.length);
      for (let v = 0; v < vn.length; v++) perVertex[v] = values[vn[v]];
      arrays.field = perVertex;
      field = { name: scene.field.name, unit: scene.field.unit ?? null, min, max, min_node: minNode + 1, max_node: maxNode + 1, bands, step };
    }
    const u = scene.displacement ?? null;
    if (u) {
      const perVertex = new Float32Array(vn.length * 3);
      let maxSq = 0;
      for (let i = 0; i < u.length; i += 3) maxSq = Math.max(maxSq, u[i] * u[i] + u[i + 1] * u[i + 1] + u[i + 2] * u[i + 2]);
      for (let v = 0; v < vn.length; v++) for (let k = 0; k < 3; k++) perVertex[3 * v + k] = u[3 * vn[v] + k];
      arrays.displacement = perVertex;
      const maxDisplacement = Math.sqrt(maxSq);
      const autoScale = maxDisplacement > 0 ? (AUTO_DEFORMATION_FRACTION * size) / maxDisplacement : 0;
      const requested = scene.scale ?? "auto";
      deformation = { max_displacement: maxDisplacement, auto_scale: autoScale, scale: requested === "auto" ? autoScale : requested };
    }
    if (u) animations = packAnimation(model, view, vn, size, arrays);
    if (scene.symbols && scene.symbols.length > 0) {
      const g = buildGlyphs(scene.symbols, mesh, surf.nodeNormals, u);
      symbols = g.info;
      Object.assign(arrays, { glyphAnchor: g.anchor, glyphMove: g.move, glyphDir: g.dir, glyphType: g.type, glyphSymbol: g.symbol });
    }
  }
  const header: SceneHeader = {
    ...base,
    source: mesh ? "mesh" : "design",
    counts: {
      nodes: mesh ? mesh.nodes.length / 3 : 0,
      elements: mesh ? elementCount(mesh) : 0,
      vertices: surf.positions.length / 3,
      triangles: surf.triangles.length / 3,
      facets: mesh ? mesh.boundary.element.length : 0,
      feature_segments: surf.featureEdges.length / 2,
      mesh_segments: surf.meshEdges ? surf.meshEdges.length / 2 : 0,
    },
    element_type: mesh?.type ?? null,
    bbox: box,
    size,
    face_tags: mesh ? mesh.faceTags.map((t) => ({ body: t.body, face: t.face })) : [],
    field,
    deformation,
    symbols,
    animations,
    colors: colors(bands),
    lod: mesh && !surf.meshEdges ? { mesh_edges: false, reason: `more than ${MESH_EDGE_BUDGET} mesh edge segments: feature edges only` } : { mesh_edges: mesh !== null },
  };
  return { header, arrays };
}

/**
 * Each entry's displacements and field values at the surface's vertices, within the float budget. Modes keep
 * their own range and scale; frames share one of each, so a wave is seen to grow and travel.
 */
function packAnimation(model: Model, view: ViewState, vn: Uint32Array, size: number, arrays: Record<string, AnyTyped>): AnimationInfo[] {
  if (vn.length === 0) return [];
  const fit = Math.max(1, Math.floor(ANIMATION_FLOAT_BUDGET / (4 * vn.length)));
  const anim = modelAnimation(model, view, fit);
  if (!anim || anim.entries.length === 0) return [];
  const { entries } = anim;
  const nv = vn.length;
  const displacement = new Float32Array(entries.length * nv * 3);
  const field = new Float32Array(entries.length * nv);
  const ranges: AnimationInfo["ranges"] = [];
  const largest: number[] = [];
  entries.forEach((e, k) => {
    let min = Infinity, max = -Infinity, minNode = 0, maxNode = 0, maxSq = 0;
    for (let v = 0; v < nv; v++) {
      const n = vn[v];
      displacement.set([e.displacement[3 * n], e.displacement[3 * n + 1], e.displacement[3 * n + 2]], 3 * (k * nv + v));
      field[k * nv + v] = e.values[n];
    }
    // Ranges and scales over every node (as the legend and ui.render give them), not only the surface's.
    for (let n = 0; n < e.values.length; n++) {
      if (e.values[n] < min) ((min = e.values[n]), (minNode = n));
      if (e.values[n] > max) ((max = e.values[n]), (maxNode = n));
      const d = e.displacement;
      maxSq = Math.max(maxSq, d[3 * n] * d[3 * n] + d[3 * n + 1] * d[3 * n + 1] + d[3 * n + 2] * d[3 * n + 2]);
    }
    ranges.push({ min, max, min_node: minNode + 1, max_node: maxNode + 1 });
    largest.push(Math.sqrt(maxSq));
  });
  const scaleFor = (d: number) => (d > 0 ? (AUTO_DEFORMATION_FRACTION * size) / d : 0);
  let autoScales = largest.map(scaleFor);
  if (anim.kind === "frames") {
    const lo = ranges.reduce((a, r) => (r.min < a.min ? r : a));
    const hi = ranges.reduce((a, r) => (r.max > a.max ? r : a));
    ranges.fill({ min: lo.min, max: hi.max, min_node: lo.min_node, max_node: hi.max_node });
    autoScales = autoScales.fill(scaleFor(Math.max(...largest)));
  }
  arrays.animDisplacement = displacement;
  arrays.animField = field;
  const info: AnimationInfo = { kind: anim.kind, count: entries.length, current: anim.current, labels: entries.map((e) => e.label), ranges, auto_scales: autoScales };
  if (entries.length < anim.total) {
    info.limited = `${entries.length} of ${anim.total} ${anim.kind} carried: ${anim.total} x ${nv} surface vertices exceed the scene's ${ANIMATION_FLOAT_BUDGET / 1e6}M-float animation budget`;
  }
  return [info];
}

/** The scene as one binary frame (the page's and the MCP App's wire format). */
export function encodeScene(input: SceneInput): Uint8Array {
  const { header, arrays } = buildScene(input);
  return encodeFrame(header as unknown as Record<string, unknown>, arrays);
}
