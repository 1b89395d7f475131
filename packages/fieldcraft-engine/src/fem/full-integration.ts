// A mesh of a one-point family seen as its fully integrated twin (C3D8R as C3D8): the same nodes and faces, for
// heat transfer and mass matrices, which CalculiX integrates fully (its heat deck element for C3D8R is DC3D8).
import type { FamilyName } from "./families/index.js";
import { meshFamily, type Mesh } from "../mesh/types.js";

export function fullyIntegrated(mesh: Mesh): Mesh {
  const twin = meshFamily(mesh).fullyIntegrated;
  return twin ? { ...mesh, type: twin as FamilyName } : mesh;
}
