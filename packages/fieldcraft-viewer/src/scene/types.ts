// What the page is told about a scene besides its arrays: small, JSON, the same for both transports.
export type Vec3 = [number, number, number];
export type Rgb = [number, number, number];

export interface ViewBasisData {
  dir: Vec3;
  up: Vec3;
}

export interface SymbolInfo {
  kind: "fixed" | "displacement" | "force" | "pressure" | "coupling";
  name: string;
  /** Nodes or facets the definition holds, and glyphs drawn for it (a spread sample, as the CPU renderer does). */
  count: number;
  drawn: number;
  color: Rgb;
}

export interface FieldInfo {
  name: string;
  unit: string | null;
  min: number;
  max: number;
  /** 1-based node ids of the extremes. */
  min_node: number;
  max_node: number;
  bands: number;
  step: string | null;
}

export interface SelectionInfo {
  geometry: { body: string; face?: string; edge?: string }[];
  nodes: number[];
  elements: number[];
  faces: { element: number; face: number }[];
}

export interface SceneHeader {
  format: "fieldcraft-view/1";
  source: "mesh" | "design" | "empty";
  file: string | null;
  digest: string | null;
  /** Counts of the model (nodes, elements) and of what is sent (vertices, triangles). */
  counts: { nodes: number; elements: number; vertices: number; triangles: number; facets: number; feature_segments: number; mesh_segments: number };
  element_type: string | null;
  length_unit: string;
  bbox: { min: Vec3; max: Vec3 };
  size: number;
  face_tags: { body: string; face: string }[];
  field: FieldInfo | null;
  deformation: { max_displacement: number; auto_scale: number; scale: number } | null;
  symbols: SymbolInfo[];
  /** Glyph sizes as fractions of the model size, as the CPU renderer draws them. */
  glyph_size: { cone: number; arrow: number };
  colors: { background: Rgb; surface: Rgb; feature_edge: Rgb; undeformed_edge: Rgb; bands: Rgb[]; selection: Rgb };
  views: Record<string, ViewBasisData>;
  /** The camera the app keeps (ui.camera), so the page opens on what the last picture showed. */
  camera: ViewBasisData & { view: string | null };
  selection: SelectionInfo;
  /** Level of detail: mesh edges are left out above a segment budget. */
  lod: { mesh_edges: boolean; reason?: string };
  /**
   * What the page can play besides the deformation on show: a frequency step's mode shapes, each with its own
   * contour range and automatic scale. Their arrays (`animDisplacement`, `animField`) hold `count` entries
   * back to back; without an entry the page animates the static deformation.
   */
  animations: AnimationInfo[];
}

export interface AnimationInfo {
  kind: "modes" | "frames";
  count: number;
  /** 0-based entry the scene's own `field` and `displacement` show. */
  current: number;
  labels: string[];
  /** The field's range per entry (the legend follows the entry shown). */
  ranges: { min: number; max: number; min_node: number; max_node: number }[];
  /** 10% of the model size over the entry's largest displacement, as `deformation.auto_scale`. */
  auto_scales: number[];
  /** Set when the model had more entries than the scene's budget carries: which ones were left out, and why. */
  limited?: string;
}

export const NO_FACET = 0xffffffff;

/** glyphType values. */
export const GLYPH_CONE = 0;
export const GLYPH_ARROW = 1;
