// The tabulated element of each family row, by family name (the rows live in ../families).
import { FAMILIES, type FamilyName, type TabulatedElement } from "../families/index.js";

export const ELEMENTS = Object.fromEntries(Object.values(FAMILIES).map((f) => [f.name, f.element])) as Record<FamilyName, TabulatedElement>;
export type { TabulatedElement, TabulatedElement as TetElement } from "../families/index.js";
export { shapeGradients } from "../families/index.js";
