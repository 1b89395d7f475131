// A solver-neutral description of an analysis, built from the model by the command layer and written
// by each deck writer (Abaqus/CalculiX, Nastran, LS-DYNA). Loads arrive already resolved to nodes or facets.
import type { Mesh } from "../mesh/types.js";
import type { DeckProcedure } from "./procedures.js";

export interface DeckMaterial {
  name: string;
  /** NaN for a material without elastic constants (heat-only). */
  young: number;
  poisson: number;
  density?: number;
  conductivity?: number;
  specificHeat?: number;
}

export interface DeckStep {
  name: string;
  /** The procedure's cards per format (src/decks/procedures.ts); static when left out. */
  procedure?: DeckProcedure;
  /**
   * Per node set: which components (1..3) are held and at what value (0 for fixed). With `normal`, the components
   * are in a rotated frame whose direction 1 is `normal` (an oblique symmetry plane): `*TRANSFORM` in Abaqus.
   * Explicit steps: `velocity` prescribes a velocity instead, and `amplitude` scales it in time.
   */
  boundaries: { nset: string; components: number[]; value: number; normal?: [number, number, number]; velocity?: boolean; amplitude?: string }[];
  /** Concentrated nodal forces (component 1..3); explicit steps may scale them by an amplitude. */
  cloads: { node: number; component: number; value: number; amplitude?: string }[];
  /** Uniform pressure on element faces (side 0..3 = Abaqus S1..S4), positive pushing into the element. */
  pressures: { element: number; side: number; value: number }[];
  /** Heat steps: films h (T - sink) on element faces (side 0..3 = F1..F4). Their `cloads` are nodal heat (component 11). */
  films?: { element: number; side: number; coefficient: number; sink: number }[];
  /**
   * Heat steps: the uniform surface fluxes (into the body) and body heat (per volume) that `cloads` holds integrated.
   * Abaqus writes the integrated nodal heat (the solver's own numbers); Nastran and LS-DYNA, whose nodal heat cards
   * differ or are missing, write these as their surface and volume heat cards.
   */
  fluxes?: { element: number; side: number; value: number }[];
  bodyHeat?: { element: number; value: number }[];
  /** Explicit steps: gravity (an acceleration vector) on an element set, scaled by an amplitude. */
  gravity?: { elset: string; vector: [number, number, number]; amplitude?: string }[];
  /** Loads on reference points (index into DeckModel.points): component 1..3 forces, 4..6 moments. */
  pointLoads?: { point: number; component: number; value: number }[];
  /** Held reference point components (1..3 displacements, 4..6 rotations) and their values. */
  pointBoundaries?: { point: number; component: number; value: number }[];
}

/** A reference point: an extra node (id: the mesh's node count + index + 1) and its coupling to a face. */
export interface DeckPoint {
  name: string;
  coordinates: [number, number, number];
  coupling?: {
    name: string;
    kind: "kinematic" | "distributing";
    /** Kinematic: the face nodes' translation components (1..3) that follow the point. */
    components: number[];
    /** The face as element faces (side 0-based) and as its nodes (0-based, ascending) with their areas (RBE3 weights). */
    facets: { element: number; side: number }[];
    nodes: number[];
    weights: number[];
  };
}

export interface DeckModel {
  heading: string;
  units: string;
  mesh: Mesh;
  /** 0-based node indices per named set. */
  nsets: { name: string; nodes: Int32Array | number[] }[];
  /** 0-based element indices per named set. */
  elsets: { name: string; elements: Int32Array | number[] }[];
  materials: DeckMaterial[];
  /** `thickness`: plane stress and plane strain sections (planar families) only. */
  sections: { elset: string; material: string; thickness?: number }[];
  steps: DeckStep[];
  /** Tied interfaces (mesh.cells): slave nodes on a face interpolated on a master face. */
  ties?: DeckTie[];
  /** Explicit steps: time functions (piecewise linear points, or a smooth step from (t0, 0) to (t1, 1)). */
  amplitudes?: { name: string; points: [number, number][]; smooth?: boolean }[];
  /** Explicit steps: velocities at t = 0 per node set. */
  initialVelocities?: { nset: string; vector: [number, number, number] }[];
  /** Reference points and their couplings (static steps). */
  points?: DeckPoint[];
}

export interface DeckTie {
  name: string;
  /** Slave nodes (0-based) and, per slave, the master nodes and weights our solver uses. */
  slaves: number[];
  masters: number[][];
  weights: number[][];
  /** The master side's boundary facets (element, side 0-based). */
  masterFacets: { element: number; side: number }[];
  /** The slave side's boundary facets. */
  slaveFacets: { element: number; side: number }[];
}
