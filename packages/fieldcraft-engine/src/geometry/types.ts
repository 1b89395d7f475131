// Shared geometry contract: what a parsed `.solidcraft` design gives the mesher, the model and the renderer.
export type Vec3 = [number, number, number];
export type Vec2 = [number, number];

export type BoxFeature = { id: string; type: "box"; min: Vec3; max: Vec3 };
export type ExtrudeFeature = {
  id: string;
  type: "extrude";
  plane: "xy" | "yz" | "zx";
  profile: Vec2[];
  from: number;
  to: number;
  /** Face names of a partition cell's extrusion (its start, end and each profile edge's side); default `<id>:start` ... */
  names?: { start?: string; end?: string; sides?: string[] };
};
export type Feature = BoxFeature | ExtrudeFeature;

/** One planar piece of a body's boundary. `loops[0]` is the outer loop (counter-clockwise seen from outside), the rest holes. */
export interface FacePatch {
  loops: Vec3[][];
}

/** A persistent face name (`F1:+x`, `F2:side:3`, `F1:-z#2`) and the planar region it covers. */
export interface BodyFace {
  name: string;
  /** Outward unit normal. */
  normal: Vec3;
  area: number;
  patches: FacePatch[];
}

/** A persistent edge name `<face>|<face>` (`~k` suffix where several separate the same faces). */
export interface BodyEdge {
  name: string;
  faces: [string, string];
  length: number;
  /** Straight segments making up the edge. */
  segments: [Vec3, Vec3][];
}

export interface BoundingBox {
  min: Vec3;
  max: Vec3;
}

/**
 * A partition's cut through a box union: grid faces on this plane facing `plus` (+axis when true) are the cut face
 * `name` where the other cell lies across them (`across`: its boxes' rectangles on the plane, [b lo, b hi, c lo, c hi]
 * in the other axes b = axis + 1, c = axis + 2); elsewhere on the plane the design's own face keeps its name.
 */
export interface BoxCut {
  axis: number;
  value: number;
  plus: boolean;
  name: string;
  across?: [number, number, number, number][];
}

export interface Body {
  name: string;
  /** `mesh`: an imported triangle surface (STL, 3MF), meshed by the general tet mesher. */
  kind: "boxes" | "extrude" | "mesh";
  /** A box-union partition cell: the cuts that made it, so every analysis names the cut faces alike. */
  cuts?: BoxCut[];
  /** A partition cell: the design body it is a piece of and the partitions that cut it, in order. */
  cell?: { of: string; partitions: string[] };
  features: Feature[];
  faces: BodyFace[];
  edges: BodyEdge[];
  volume: number;
  bbox: BoundingBox;
  /**
   * Imported bodies and general polyhedron cells: the closed outward surface and the face (index into `faces`) of
   * each triangle; `keepFaces`: faces the general mesher keeps as triangulated (a cut face matched to its other side).
   */
  surface?: { positions: Float64Array; triangles: Int32Array; faceOf: Int32Array; keepFaces?: number[] };
}

export interface Design {
  format: "solidcraft/1";
  units: "mm" | "m";
  bodies: Body[];
}
