// A form is the integrand of an element matrix: given a family's tabulated element, the element's node
// coordinates and its material constants, it fills the element matrix. The generic assembly
// (../assembly.ts) scatters it into the block matrix; nothing else about the physics is needed there.
import type { TabulatedElement } from "../families/index.js";

export interface ElementForm<C> {
  name: string;
  /** Unknowns per node the form couples: 3 for displacements, 1 for temperature, 2 for planar elements. */
  unknowns: number;
  /**
   * Fills `ke` ((unknowns * nodes)^2 values, row-major, DOF index = unknowns * local node + component) and
   * returns the element's measure (volume); a measure <= 0 means the element is inverted and stops assembly.
   * `scratch` holds at least 3 * nodes values (the physical shape gradients).
   */
  element(el: TabulatedElement, coords: Float64Array, constants: C, ke: Float64Array, scratch: Float64Array): number;
}
