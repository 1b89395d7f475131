// The element-family registry: one row per family. A new family is a file next to these and one line here.
import { C3D4 } from "./c3d4.js";
import { C3D10 } from "./c3d10.js";
import { C3D8 } from "./c3d8.js";
import { C3D20, C3D20R } from "./c3d20.js";
import type { ElementFamily } from "./types.js";

export const FAMILIES = { C3D4, C3D10, C3D8, C3D20, C3D20R } as const satisfies Record<string, ElementFamily>;

/** A family's name, as meshes store it in `type`. */
export type FamilyName = keyof typeof FAMILIES;

export const FAMILY_NAMES = Object.keys(FAMILIES) as [FamilyName, ...FamilyName[]];

export function family(name: FamilyName): ElementFamily {
  return FAMILIES[name];
}

/** The family of a given shape and order (what a mesher produces when asked for `order`). */
export function familyOf(shape: ElementFamily["shape"], order: 1 | 2): ElementFamily & { name: FamilyName } {
  const row = Object.values(FAMILIES).find((f) => f.shape === shape && f.order === order);
  if (!row) throw new Error(`no ${shape} family of order ${order}`);
  return row as ElementFamily & { name: FamilyName };
}

export type { ElementFamily, FamilyFace, QuadratureRule, SurfaceShape, TabulatedElement, DeckNames } from "./types.js";
export { shapeGradients, tabulate } from "./tabulate.js";
export { TET_FACE_CORNERS, TET_FACE_MIDS, TET_EDGES } from "./tetrahedron.js";
export { HEX_FACE_CORNERS, HEX_EDGES } from "./hexahedron.js";
