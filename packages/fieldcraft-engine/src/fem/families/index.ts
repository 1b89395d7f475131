// The element-family registry: one row per family. A new family is a file next to these and one line here.
import { C3D4 } from "./c3d4.js";
import { C3D10 } from "./c3d10.js";
import { C3D8 } from "./c3d8.js";
import { C3D8R } from "./c3d8r.js";
import { C3D20, C3D20R } from "./c3d20.js";
import { C3D6, C3D15 } from "./c3d6.js";
import { CAX3, CAX4, CAX6, CAX8, CPE3, CPE4, CPE6, CPE8, CPS3, CPS4, CPS6, CPS8 } from "./planar.js";
import type { ElementFamily, PlanarKind } from "./types.js";

export const FAMILIES = {
  C3D4, C3D10, C3D8, C3D8R, C3D20, C3D20R, C3D6, C3D15,
  CPS3, CPS4, CPS6, CPS8, CPE3, CPE4, CPE6, CPE8, CAX3, CAX4, CAX6, CAX8,
} as const satisfies Record<string, ElementFamily>;

/** A family's name, as meshes store it in `type`. */
export type FamilyName = keyof typeof FAMILIES;

export const FAMILY_NAMES = Object.keys(FAMILIES) as [FamilyName, ...FamilyName[]];

export function family(name: FamilyName): ElementFamily {
  return FAMILIES[name];
}

/** The family of a given shape and order (what a mesher produces when asked for `order`). */
export function familyOf(shape: ElementFamily["shape"], order: 1 | 2): ElementFamily & { name: FamilyName } {
  const row = Object.values(FAMILIES).find((f: ElementFamily) => f.shape === shape && f.order === order && !f.planar);
  if (!row) throw new Error(`no ${shape} family of order ${order}`);
  return row as ElementFamily & { name: FamilyName };
}

/** The planar family of a kind, shape and order (what mesh.planar produces). */
export function planarFamilyOf(kind: PlanarKind, shape: "triangle" | "quadrilateral", order: 1 | 2): ElementFamily & { name: FamilyName } {
  const row = Object.values(FAMILIES).find((f: ElementFamily) => f.planar === kind && f.shape === shape && f.order === order);
  if (!row) throw new Error(`no ${kind} ${shape} family of order ${order}`);
  return row as ElementFamily & { name: FamilyName };
}

export type { PlanarKind } from "./types.js";
export type { ElementFamily, FamilyFace, QuadratureRule, SurfaceShape, TabulatedElement, DeckNames } from "./types.js";
export { shapeGradients, shapeGradients2D, tabulate } from "./tabulate.js";
export { TET_FACE_CORNERS, TET_FACE_MIDS, TET_EDGES } from "./tetrahedron.js";
export { HEX_FACE_CORNERS, HEX_EDGES } from "./hexahedron.js";
