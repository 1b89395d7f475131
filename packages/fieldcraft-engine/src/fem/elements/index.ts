import type { ElementType } from "../../mesh/types.js";
import type { TetElement } from "./element.js";
import { TET4 } from "./tet4.js";
import { TET10 } from "./tet10.js";

export const ELEMENTS: Record<ElementType, TetElement> = { C3D4: TET4, C3D10: TET10 };
export type { TetElement } from "./element.js";
export { shapeGradients } from "./element.js";
