// renderScene: plain data in (mesh or design, displacement, field, symbols), a PNG and what it shows out.
// Orthographic projection with a headlight-and-key-light shading; deterministic for the same input.
import type { Design, Vec3 } from "../geometry/types.js";
import { elementCount, meshFamily, type Mesh } from "../mesh/types.js";
import {
  clampSide,
  distanceForHalfHeight,
  halfHeightForDistance,
  normalizeYaw,
  clampPitch,
  viewBasis,
  type CameraSpec,
  type StandardView,
  type ViewBasis,
} from "./camera.js";
import { encodePng } from "./encode.js";
import { drawLegend, drawTriad, formatLegendValue, layoutLegend, type LegendLayout } from "./legend.js";
import { bandColors, COLORS, DEFAULT_BANDS, MAX_BANDS, MESH_EDGE_DARKEN, MIN_BANDS } from "./palette.js";
import { createFrameBuffer, drawLine, fillTriangle, solidLookup, type BandLookup, type FrameBuffer, type Rgb } from "./raster.js";
import { designSurface, meshSurface, type Surface } from "./surface.js";
import { buildGlyphs, DEFAULT_MAX_GLYPHS, type Glyph, type SymbolDef, type SymbolReport } from "./symbols.js";
import { DEFAULT_MAX_ARROWS, sampleArrows, VECTOR_COLOR, type SceneVectors, type VectorArrow } from "./vectors.js";
import { drawDatums, type SceneDatum } from "./datums.js";

export interface SceneField {
  name: string;
  unit?: string;
  /** One value per mesh node. */
  values: Float64Array;
}

export interface Scene {
  mesh?: Mesh | null;
  /** Drawn when there is no mesh. */
  design?: Design | null;
  /** 3 per mesh node. */
  displacement?: Float64Array | null;
  /** Deformation factor: 0 draws the undeformed shape, "auto" draws the largest displacement as 10% of the model size. */
  scale?: number | "auto";
  field?: SceneField | null;
  /** Number of contour bands (2..64, default 10). */
  bands?: number;
  symbols?: readonly SymbolDef[];
  /** Draw the facet edges of the mesh (default true). */
  meshEdges?: boolean;
  /** Largest number of glyphs drawn for one definition (default 40). */
  maxGlyphs?: number;
  /** Draw the axis triad in the bottom-left corner (default true). */
  triad?: boolean;
  /** Lines written under the legend, e.g. the step shown. */
  caption?: string[];
  /** A nodal vector field drawn as arrows at sampled nodes, over the surface (fluid velocity). */
  vectors?: SceneVectors | null;
  /** Datum planes to draw over the shape (translucent, outlined, named). */
  datums?: readonly SceneDatum[];
}

export interface RenderInfo {
  view: StandardView | null;
  camera: { yaw: number; pitch: number; distance: number; target: Vec3 };
  width: number;
  height: number;
  /** Picture pixels per model length unit (orthographic). */
  pixels_per_unit: number;
  source: "mesh" | "design" | "empty";
  field: {
    name: string;
    unit: string | null;
    min: number;
    max: number;
    /** 1-based node ids where the smallest and largest values are. */
    min_node: number;
    max_node: number;
    bands: number;
  } | null;
  deformation: { scale: number; max_displacement: number } | null;
  /** The arrows of `scene.vectors`: how many were drawn, and the magnitude of the longest. */
  vectors: { name: string; arrows: number; max: number } | null;
  /** Where the legend is drawn (pixels), or null when there is no field or the picture is too small. */
  legend: { left: number; top: number; width: number; height: number } | null;
  symbols: SymbolReport[];
  /** Definitions drawn with a sample of their nodes or facets. */
  sampled_symbols: SymbolReport[];
  triangles: number;
  /** Names of the datum planes drawn (only when the scene has any). */
  datums?: string[];
}

/** Fraction of the model size used as the longest drawn displacement when `scale` is "auto". */
export const AUTO_DEFORMATION_FRACTION = 0.1;
const FRAME_MARGIN = 0.06;
const CONE_SIZE = 0.035;
const ARROW_SIZE = 0.12;

function bboxDiagonal(positions: Float64Array): number {
  if (positions.length === 0) return 0;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k];
      if (v < lo[k]) lo[k] = v;
      if (v > hi[k]) hi[k] = v;
    }
  }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

function resolveDeformation(scene: Scene, surface: Surface, modelSize: number): { scale: number; maxDisplacement: number } | null {
  const u = scene.displacement;
  if (!u || !surface.vertexNode || !scene.mesh) return null;
  let maxSq = 0;
  for (let i = 0; i < u.length; i += 3) {
    const d = u[i] * u[i] + u[i + 1] * u[i + 1] + u[i + 2] * u[i + 2];
    if (d > maxSq) maxSq = d;
  }
  const maxDisplacement = Math.sqrt(maxSq);
  const requested = scene.scale ?? "auto";
  let scale: number;
  if (requested === "auto") scale = maxDisplacement > 0 ? (AUTO_DEFORMATION_FRACTION * modelSize) / maxDisplacement : 0;
  else scale = requested;
  return { scale, maxDisplacement };
}

interface Projection {
  basis: ViewBasis;
  ppu: number;
  cx: number;
  cy: number;
  tr: number;
  tu: number;
}

function project(p: ArrayLike<number>, i: number, pr: Projection, out: Float64Array | Float32Array, o: number): void {
  const { right, up, dir } = pr.basis;
  const x = p[i], y = p[i + 1], z = p[i + 2];
  out[o] = pr.cx + (x * right[0] + y * right[1] + z * right[2] - pr.tr) * pr.ppu;
  out[o + 1] = pr.cy - (x * up[0] + y * up[1] + z * up[2] - pr.tu) * pr.ppu;
  out[o + 2] = x * dir[0] + y * dir[1] + z * dir[2];
}

function glyphPoints(glyph: Glyph, size: number): Vec3[] {
  if (glyph.type === "line") return [glyph.from, glyph.to];
  if (glyph.type === "marker") {
    // An octahedron about the point: +-x, +-y, +-z corners.
    const r = 0.5 * CONE_SIZE * size, p = glyph.at;
    return [0, 1, 2].flatMap((a) => [1, -1].map((sign) => p.map((v, k) => (k === a ? v + sign * r : v)) as Vec3));
  }
  if (glyph.type === "arrow") {
    const L = ARROW_SIZE * size;
    const d = glyph.direction;
    return [glyph.head, [glyph.head[0] - d[0] * L, glyph.head[1] - d[1] * L, glyph.head[2] - d[2] * L]];
  }
  const h = CONE_SIZE * size;
  const a = glyph.axis, p = glyph.apex;
  const base: Vec3 = [p[0] + a[0] * h, p[1] + a[1] * h, p[2] + a[2] * h];
  // Two directions perpendicular to the axis for the cone's three base corners.
  const helper: Vec3 = Math.abs(a[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  let e1: Vec3 = [a[1] * helper[2] - a[2] * helper[1], a[2] * helper[0] - a[0] * helper[2], a[0] * helper[1] - a[1] * helper[0]];
  const l1 = Math.hypot(...e1) || 1;
  e1 = [e1[0] / l1, e1[1] / l1, e1[2] / l1];
  const e2: Vec3 = [a[1] * e1[2] - a[2] * e1[1], a[2] * e1[0] - a[0] * e1[2], a[0] * e1[1] - a[1] * e1[0]];
  const r = 0.45 * h;
  const pts: Vec3[] = [p];
  for (let k = 0; k < 3; k++) {
    const t = (2 * Math.PI * k) / 3;
    const c = Math.cos(t) * r, s = Math.sin(t) * r;
    pts.push([base[0] + e1[0] * c + e2[0] * s, base[1] + e1[1] * c + e2[1] * s, base[2] + e1[2] * c + e2[2] * s]);
  }
  return pts;
}

function shadeFor(n: Vec3, basis: ViewBasis, light: Vec3, contour: boolean): number {
  let nx = n[0], ny = n[1], nz = n[2];
  const len = Math.hypot(nx, ny, nz);
  if (len === 0) return contour ? 0.8 : 0.7;
  nx /= len;
  ny /= len;
  nz /= len;
  // Two-sided: turn the normal toward the viewer, then light it from above-left of the eye.
  if (nx * basis.dir[0] + ny * basis.dir[1] + nz * basis.dir[2] > 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
  }
  const lambert = Math.max(0, nx * light[0] + ny * light[1] + nz * light[2]);
  return contour ? 0.6 + 0.4 * lambert : 0.4 + 0.6 * lambert;
}

/** Extents of what is drawn (the shape's vertices and the symbols) along the view's right, up and depth axes. */
function viewExtents(surface: Surface | null, drawn: Float64Array, glyphPts: Vec3[][], basis: ViewBasis): { lo: number[]; hi: number[] } {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  const extend = (x: number, y: number, z: number) => {
    const r = x * basis.right[0] + y * basis.right[1] + z * basis.right[2];
    const u = x * basis.up[0] + y * basis.up[1] + z * basis.up[2];
    const d = x * basis.dir[0] + y * basis.dir[1] + z * basis.dir[2];
    if (r < lo[0]) lo[0] = r;
    if (r > hi[0]) hi[0] = r;
    if (u < lo[1]) lo[1] = u;
    if (u > hi[1]) hi[1] = u;
    if (d < lo[2]) lo[2] = d;
    if (d > hi[2]) hi[2] = d;
  };
  if (surface) {
    // Only vertices that are drawn count (a mesh's interior nodes are not).
    const seen = new Uint8Array(drawn.length / 3);
    for (let i = 0; i < surface.triangles.length; i++) seen[surface.triangles[i]] = 1;
    for (let i = 0; i < surface.featureEdges.length; i++) seen[surface.featureEdges[i]] = 1;
    for (let v = 0; v < seen.length; v++) if (seen[v]) extend(drawn[3 * v], drawn[3 * v + 1], drawn[3 * v + 2]);
  }
  for (const pts of glyphPts) for (const p of pts) extend(p[0], p[1], p[2]);
  if (!Number.isFinite(lo[0])) return { lo: [-1, -1, -1], hi: [1, 1, 1] };
  return { lo, hi };
}

/**
 * The projection onto the picture area right of the legend: centred on the camera's target (default the
 * centre of what is drawn), scaled by the camera's distance or, without one, to fit with a margin.
 */
function frameProjection(
  lo: number[],
  hi: number[],
  camera: CameraSpec,
  basis: ViewBasis,
  area: { left: number; width: number; height: number },
  modelSize: number,
): { pr: Projection; distance: number; target: Vec3 } {
  let tr = (lo[0] + hi[0]) / 2, tu = (lo[1] + hi[1]) / 2, td = (lo[2] + hi[2]) / 2;
  if (camera.target) {
    const t = camera.target;
    tr = t[0] * basis.right[0] + t[1] * basis.right[1] + t[2] * basis.right[2];
    tu = t[0] * basis.up[0] + t[1] * basis.up[1] + t[2] * basis.up[2];
    td = t[0] * basis.dir[0] + t[1] * basis.dir[1] + t[2] * basis.dir[2];
  }
  const given = camera.distance !== undefined && camera.distance > 0 ? camera.distance : null;
  let ppu: number;
  if (given !== null) {
    ppu = area.height / 2 / halfHeightForDistance(given);
  } else {
    const ext = [Math.max(hi[0] - lo[0], 1e-12 * modelSize), Math.max(hi[1] - lo[1], 1e-12 * modelSize)];
    ppu = Math.min((area.width * (1 - 2 * FRAME_MARGIN)) / ext[0], (area.height * (1 - 2 * FRAME_MARGIN)) / ext[1]);
  }
  const distance = given ?? distanceForHalfHeight(area.height / 2 / ppu);
  const target: Vec3 = [
    tr * basis.right[0] + tu * basis.up[0] + td * basis.dir[0],
    tr * basis.right[1] + tu * basis.up[1] + td * basis.dir[1],
    tr * basis.right[2] + tu * basis.up[2] + td * basis.dir[2],
  ];
  return { pr: { basis, ppu, cx: area.left + area.width / 2, cy: area.height / 2, tr, tu }, distance, target };
}

// Meshes are immutable values in the engine (the model shares them between versions), so the surface of a
// mesh is extracted once and kept while the mesh lives.
const surfaces = new WeakMap<Mesh, Surface>();
function cachedMeshSurface(mesh: Mesh): Surface {
  let s = surfaces.get(mesh);
  if (!s) surfaces.set(mesh, (s = meshSurface(mesh)));
  return s;
}

/** Throws an Error naming the scene member whose shape does not fit the mesh. */
function checkScene(scene: Scene): void {
  const mesh = scene.mesh;
  if (!mesh) return;
  const nodes = mesh.nodes.length / 3;
  if (scene.displacement && scene.displacement.length !== 3 * nodes) {
    throw new Error(`scene.displacement has ${scene.displacement.length} values; the mesh needs 3 per node (${3 * nodes})`);
  }
  if (scene.vectors && scene.vectors.values.length !== 3 * nodes) {
    throw new Error(`scene.vectors.values has ${scene.vectors.values.length} values; the mesh needs 3 per node (${3 * nodes})`);
  }
  if (scene.field && scene.field.values.length !== nodes) {
    throw new Error(`scene.field.values has ${scene.field.values.length} values; the mesh has ${nodes} nodes`);
  }
  const elements = elementCount(mesh);
  const faces = meshFamily(mesh).faces.length;
  for (const def of scene.symbols ?? []) {
    if (def.kind === "pressure") {
      for (let i = 0; i < def.facets.element.length; i++) {
        const e = def.facets.element[i], side = def.facets.side[i];
        if (!(e >= 0 && e < elements) || !(side >= 0 && side < faces)) throw new Error(`symbol "${def.name}": facet ${i} (element ${e}, side ${side}) is not in the mesh`);
      }
    } else {
      for (let i = 0; i < def.nodes.length; i++) {
        const n = def.nodes[i];
        if (!(n >= 0 && n < nodes)) throw new Error(`symbol "${def.name}": node index ${n} is not in the mesh (0..${nodes - 1})`);
      }
    }
  }
}

export function renderScene(
  scene: Scene,
  camera: CameraSpec,
  size: { width: number; height: number },
  signal?: AbortSignal,
): { png: Uint8Array; info: RenderInfo; frame: FrameBuffer } {
  // Looked at between the stages (surface, shading, encoding): a host that cancels from another thread stops here.
  const stop = () => {
    if (signal?.aborted) throw new Error("the picture was cancelled");
  };
  checkScene(scene);
  const width = clampSide(size.width, 800);
  const height = clampSide(size.height, 600);
  const mesh = scene.mesh ?? null;
  const surface: Surface | null = mesh ? cachedMeshSurface(mesh) : scene.design ? designSurface(scene.design) : null;
  const source: RenderInfo["source"] = mesh ? "mesh" : scene.design ? "design" : "empty";
  stop();
  const base = surface?.positions ?? new Float64Array(0);
  const modelSize = bboxDiagonal(base) || 1;

  // Drawn positions: undeformed plus scale x displacement.
  const deformation = surface ? resolveDeformation(scene, surface, modelSize) : null;
  let drawn = base;
  if (deformation && deformation.scale !== 0 && scene.displacement) {
    drawn = new Float64Array(base.length);
    const u = scene.displacement;
    for (let i = 0; i < base.length; i++) drawn[i] = base[i] + deformation.scale * u[i];
  }

  // Contour field and its bands.
  const bands = Math.max(MIN_BANDS, Math.min(MAX_BANDS, Math.round(scene.bands ?? DEFAULT_BANDS)));
  const field = mesh && scene.field ? scene.field : null;
  const { look, colors, fieldInfo } = contourBands(field, bands);

  // Symbols, placed on the drawn shape.
  const position = (node: number): Vec3 => [drawn[3 * node], drawn[3 * node + 1], drawn[3 * node + 2]];
  const normal = (node: number): Vec3 => {
    const n = surface!.vertexNormals;
    return [n[3 * node], n[3 * node + 1], n[3 * node + 2]];
  };
  const { glyphs, reports } =
    mesh && scene.symbols && scene.symbols.length > 0
      ? buildGlyphs(scene.symbols, mesh, position, normal, Math.max(1, Math.floor(scene.maxGlyphs ?? DEFAULT_MAX_GLYPHS)))
      : { glyphs: [] as Glyph[], reports: [] as SymbolReport[] };
  const glyphPts = glyphs.map((g) => glyphPoints(g, modelSize));

  // Camera: frame what is drawn (shape and symbols) in the picture right of the legend.
  const yaw = normalizeYaw(camera.yaw);
  const pitch = clampPitch(camera.pitch);
  const basis = viewBasis(yaw, pitch);
  const legendTitle = field ? `${field.name}${field.unit ? ` [${field.unit}]` : ""}` : "";
  const caption = [...(scene.caption ?? [])];
  if (deformation) caption.push(deformation.scale === 0 ? "undeformed" : `deformed x${formatLegendValue(deformation.scale)}`);
  const legend: LegendLayout | null = fieldInfo ? layoutLegend(width, height, legendTitle, fieldInfo.min, fieldInfo.max, bands, caption) : null;
  const areaLeft = legend ? legend.width : 0;
  const areaWidth = width - areaLeft;
  // Datums do not change the framing: the same camera shows the same shape with and without them.
  const datums = scene.datums ?? [];
  const { lo, hi } = viewExtents(surface, drawn, glyphPts, basis);
  const { pr, distance, target } = frameProjection(lo, hi, camera, basis, { left: areaLeft, width: areaWidth, height }, modelSize);

  stop();
  const fb = createFrameBuffer(width, height, COLORS.background);
  const bias = 0.004 * Math.max(hi[2] - lo[2], 1e-12) + 1e-9;
  const light = lightDirection(basis);

  const triangleCount = surface ? drawSurface(fb, surface, { drawn, base, pr, basis, light, bias, look, values: field ? field.values : null, meshEdges: mesh !== null && scene.meshEdges !== false }) : 0;

  stop();
  const arrows = mesh && scene.vectors ? sampleArrows(mesh, scene.vectors.values, Math.max(1, Math.floor(scene.vectors.max ?? DEFAULT_MAX_ARROWS))) : [];
  drawArrows(fb, arrows, pr, height);
  drawGlyphs(fb, glyphs, glyphPts, pr, bias, height);
  if (datums.length > 0) {
    const at = new Float64Array(3);
    drawDatums(fb, datums, (p) => (project(p, 0, pr, at, 0), [at[0], at[1]]));
  }
  if (legend) drawLegend(fb, legend, colors);
  if (scene.triad !== false) drawTriad(fb, basis);

  const info: RenderInfo = {
    view: camera.view ?? null,
    camera: { yaw, pitch, distance, target },
    width,
    height,
    pixels_per_unit: pr.ppu,
    source,
    field: fieldInfo,
    deformation: deformation ? { scale: deformation.scale, max_displacement: deformation.maxDisplacement } : null,
    vectors: mesh && scene.vectors ? { name: scene.vectors.name, arrows: arrows.length, max: maxMagnitude(scene.vectors.values) } : null,
    legend: legend ? { left: 0, top: 0, width: legend.width, height: legend.height } : null,
    symbols: reports,
    sampled_symbols: reports.filter((r) => r.drawn < r.count),
    triangles: triangleCount,
    ...(datums.length > 0 ? { datums: datums.map((d) => d.name) } : {}),
  };
  stop();
  return { png: encodePng(fb), info, frame: fb };
}

/** Min and max of the field and the band lookup that colours it (a solid colour without a field). */
function contourBands(field: Scene["field"] | null, bands: number): { look: BandLookup; colors: Rgb[]; fieldInfo: RenderInfo["field"] } {
  if (!field) return { look: solidLookup(COLORS.surface), colors: [], fieldInfo: null };
  let min = Infinity, max = -Infinity, minNode = 0, maxNode = 0;
  for (let i = 0; i < field.values.length; i++) {
    const v = field.values[i];
    if (v < min) {
      min = v;
      minNode = i;
    }
    if (v > max) {
      max = v;
      maxNode = i;
    }
  }
  const colors = bandColors(bands);
  const lut = new Uint8Array(bands * 3);
  colors.forEach((c, i) => lut.set(c, 3 * i));
  const look = { lut, bands, min, bandsPerUnit: max > min ? bands / (max - min) : 0 };
  return { look, colors, fieldInfo: { name: field.name, unit: field.unit ?? null, min, max, min_node: minNode + 1, max_node: maxNode + 1, bands } };
}

/** A light from over the viewer's shoulder: toward the viewer, up and a little left. */
function lightDirection(basis: ReturnType<typeof viewBasis>): Vec3 {
  const lightRaw: Vec3 = [
    -basis.dir[0] + 0.55 * basis.up[0] - 0.3 * basis.right[0],
    -basis.dir[1] + 0.55 * basis.up[1] - 0.3 * basis.right[1],
    -basis.dir[2] + 0.55 * basis.up[2] - 0.3 * basis.right[2],
  ];
  const ll = Math.hypot(...lightRaw);
  return [lightRaw[0] / ll, lightRaw[1] / ll, lightRaw[2] / ll];
}

interface SurfaceDraw {
  drawn: Float64Array;
  base: Float64Array;
  pr: Projection;
  basis: ReturnType<typeof viewBasis>;
  light: Vec3;
  bias: number;
  look: BandLookup;
  values: Float64Array | null;
  meshEdges: boolean;
}

/** Shaded (or banded) triangles, the undeformed outline when deformed, mesh and feature edges; returns the triangle count. */
function drawSurface(fb: FrameBuffer, surface: Surface, o: SurfaceDraw): number {
  const { drawn, base, pr, basis, light, bias, look, values } = o;
  let triangleCount = 0;
  const vcount = drawn.length / 3;
  // Float32 is ample for pixel coordinates and matches the depth buffer's precision.
  const screen = new Float32Array(vcount * 3);
  for (let v = 0; v < vcount; v++) project(drawn, 3 * v, pr, screen, 3 * v);
  const tris = surface.triangles;
  const n: Vec3 = [0, 0, 0];
  for (let t = 0; t < tris.length; t += 3) {
    const a = tris[t], b = tris[t + 1], c = tris[t + 2];
    const ux = drawn[3 * b] - drawn[3 * a], uy = drawn[3 * b + 1] - drawn[3 * a + 1], uz = drawn[3 * b + 2] - drawn[3 * a + 2];
    const vx = drawn[3 * c] - drawn[3 * a], vy = drawn[3 * c + 1] - drawn[3 * a + 1], vz = drawn[3 * c + 2] - drawn[3 * a + 2];
    n[0] = uy * vz - uz * vy;
    n[1] = uz * vx - ux * vz;
    n[2] = ux * vy - uy * vx;
    const shade = shadeFor(n, basis, light, values !== null);
    fillTriangle(
      fb,
      screen[3 * a], screen[3 * a + 1], screen[3 * a + 2], values ? values[a] : 0,
      screen[3 * b], screen[3 * b + 1], screen[3 * b + 2], values ? values[b] : 0,
      screen[3 * c], screen[3 * c + 1], screen[3 * c + 2], values ? values[c] : 0,
      shade,
      look,
    );
    triangleCount++;
  }
  const lineScale = fb.width >= 1200 || fb.height >= 900 ? 2 : 1;
  const drawSegments = (segs: Int32Array, coords: Float32Array, rgb: Rgb | null, thickness: number, darken = 0) => {
    for (let i = 0; i < segs.length; i += 2) {
      const p = segs[i], q = segs[i + 1];
      drawLine(fb, coords[3 * p], coords[3 * p + 1], coords[3 * p + 2], coords[3 * q], coords[3 * q + 1], coords[3 * q + 2], rgb, thickness, bias, darken);
    }
  };
  if (drawn !== base) {
    // The undeformed outline: only the feature edges' end points need projecting.
    const ends = new Float64Array(6);
    const edges = surface.featureEdges;
    for (let i = 0; i < edges.length; i += 2) {
      project(base, 3 * edges[i], pr, ends, 0);
      project(base, 3 * edges[i + 1], pr, ends, 3);
      drawLine(fb, ends[0], ends[1], ends[2], ends[3], ends[4], ends[5], COLORS.undeformedEdge, 1, bias);
    }
  }
  if (o.meshEdges) drawSegments(surface.meshEdges, screen, null, 1, MESH_EDGE_DARKEN);
  drawSegments(surface.featureEdges, screen, COLORS.featureEdge, lineScale);
  return triangleCount;
}

function drawGlyphs(fb: FrameBuffer, glyphs: Glyph[], points: Vec3[][], pr: Projection, bias: number, height: number): void {
  const s = new Float64Array(18);
  const thick = height >= 700 ? 3 : 2;
  for (let g = 0; g < glyphs.length; g++) {
    const glyph = glyphs[g];
    const pts = points[g];
    for (let k = 0; k < pts.length; k++) project(pts[k], 0, pr, s, 3 * k);
    if (glyph.type === "line") {
      drawLine(fb, s[0], s[1], s[2] - bias, s[3], s[4], s[5] - bias, glyph.color, 1, bias);
      continue;
    }
    if (glyph.type === "marker") {
      const look = solidLookup(glyph.color);
      const z = (k: number) => s[3 * k + 2] - bias;
      // Corners 0/1 on x, 2/3 on y, 4/5 on z: eight faces.
      for (const a of [0, 1]) for (const b of [2, 3]) for (const c of [4, 5]) fillTriangle(fb, s[3 * a], s[3 * a + 1], z(a), 0, s[3 * b], s[3 * b + 1], z(b), 0, s[3 * c], s[3 * c + 1], z(c), 0, 1, look);
      continue;
    }
    if (glyph.type === "cone") {
      const look = solidLookup(glyph.color);
      // Symbols sit just in front of the surface they mark: pull them toward the eye by the edge bias.
      const z = (k: number) => s[3 * k + 2] - bias;
      for (const [a, b, c] of [[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 2, 3]]) {
        fillTriangle(fb, s[3 * a], s[3 * a + 1], z(a), 0, s[3 * b], s[3 * b + 1], z(b), 0, s[3 * c], s[3 * c + 1], z(c), 0, 1, look);
      }
      continue;
    }
    // Arrow: shaft from the tail (point 1) to the head (point 0), then a two-stroke head drawn on screen.
    const hx = s[0], hy = s[1], hz = s[2], tx = s[3], ty = s[4], tz = s[5];
    drawLine(fb, tx, ty, tz, hx, hy, hz, glyph.color, thick, bias);
    const dx = hx - tx, dy = hy - ty;
    const len = Math.hypot(dx, dy);
    if (len < 3) continue;
    const headLen = Math.min(0.35 * len, height >= 700 ? 16 : 9);
    const ux = dx / len, uy = dy / len;
    for (const sign of [1, -1]) {
      const ang = (sign * 25 * Math.PI) / 180;
      const bx = -(ux * Math.cos(ang) - uy * Math.sin(ang)) * headLen;
      const by = -(ux * Math.sin(ang) + uy * Math.cos(ang)) * headLen;
      drawLine(fb, hx, hy, hz, hx + bx, hy + by, hz, glyph.color, thick, bias);
    }
  }
}

function maxMagnitude(v: Float64Array): number {
  let m = 0;
  for (let i = 0; i < v.length; i += 3) m = Math.max(m, Math.hypot(v[i], v[i + 1], v[i + 2]));
  return m;
}

/** Vector arrows over everything drawn so far (no depth test: they sit inside the body), heads drawn on screen. */
function drawArrows(fb: FrameBuffer, arrows: VectorArrow[], pr: Projection, height: number): void {
  const s = new Float64Array(6);
  const thick = height >= 700 ? 2 : 1;
  const front = -Number.MAX_VALUE;
  for (const a of arrows) {
    project(a.tail, 0, pr, s, 0);
    project(a.head, 0, pr, s, 3);
    const tx = s[0], ty = s[1], hx = s[3], hy = s[4];
    const dx = hx - tx, dy = hy - ty;
    const len = Math.hypot(dx, dy);
    if (len < 2) continue; // seen end-on
    drawLine(fb, tx, ty, front, hx, hy, front, VECTOR_COLOR, thick, 0);
    const headLen = Math.min(0.4 * len, height >= 700 ? 10 : 6);
    const ux = dx / len, uy = dy / len;
    for (const sign of [1, -1]) {
      const ang = (sign * 28 * Math.PI) / 180;
      const bx = -(ux * Math.cos(ang) - uy * Math.sin(ang)) * headLen;
      const by = -(ux * Math.sin(ang) + uy * Math.cos(ang)) * headLen;
      drawLine(fb, hx, hy, front, hx + bx, hy + by, front, VECTOR_COLOR, thick, 0);
    }
  }
}
