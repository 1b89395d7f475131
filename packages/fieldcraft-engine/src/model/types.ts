// The model a session holds: an immutable value. Commands never change it in place; they return a new one
// that shares the untouched parts (typed arrays included), so undo is a pointer and a failure changes nothing.
import type { Design } from "../geometry/types.js";
import type { Mesh } from "../mesh/types.js";
import type { StaticSolution } from "../fem/types.js";
import type { UnitSystemId } from "./units.js";
import type { ProcedureDefinition } from "./analyses/index.js";

export type GeometryMember = { body: string } | { body: string; face: string } | { body: string; edge: string };

export interface SetDefinition {
  name: string;
  geometry: GeometryMember[];
  /** 1-based node ids as the user sees them. */
  nodes: number[];
  /** 1-based element ids as the user sees them. */
  elements: number[];
}

export interface MaterialDefinition {
  name: string;
  elastic: { type: "isotropic"; young: number; poisson: number };
  density?: number;
}

export interface SectionDefinition {
  name: string;
  set: string;
  material: string;
  kind: { type: "solid" } | { type: "plane_stress"; thickness: number } | { type: "plane_strain"; thickness?: number } | { type: "axisymmetric" };
}

export type BoundaryConditionDefinition =
  | { name: string; type: "fixed"; target: { set: string } }
  | { name: string; type: "displacement"; target: { set: string }; components: { u1?: number; u2?: number; u3?: number } };

export type LoadDefinition =
  | { name: string; type: "force"; target: { set: string }; vector: [number, number, number] }
  | { name: string; type: "pressure"; target: { set: string }; magnitude: number };

export interface StepDefinition {
  name: string;
  /** One of the analysis rows' procedures (src/model/analyses). */
  procedure: ProcedureDefinition;
  boundary_conditions: string[];
  loads: string[];
}

/** Where the design came from: a file (re-read on open) or embedded (samples, designs whose file is gone). */
export interface DesignState {
  path?: string;
  /** The `.solidcraft` JSON as read, so a save can embed it when there is no path. */
  source: unknown;
  design: Design;
}

export interface MeshParameters {
  bodies?: string[];
  size?: number;
  tolerance?: number;
  order: 1 | 2;
}

export interface MeshState {
  mesh: Mesh;
  parameters: MeshParameters;
}

export interface StepResult {
  step: string;
  solution: StaticSolution;
  /** Applied nodal forces (3 per node) the solve used: reactions balance them. */
  applied: Float64Array;
}

export interface Definitions {
  sets: SetDefinition[];
  materials: MaterialDefinition[];
  sections: SectionDefinition[];
  boundary_conditions: BoundaryConditionDefinition[];
  loads: LoadDefinition[];
  steps: StepDefinition[];
}

export interface Model {
  units: UnitSystemId;
  design?: DesignState;
  mesh?: MeshState;
  definitions: Definitions;
  /** Results per step name; dropped whenever the mesh or a definition changes. */
  results: Record<string, StepResult>;
}

export type DefinitionKind = keyof Definitions;

export function emptyModel(): Model {
  return {
    units: "mm-t-s-N-MPa",
    definitions: { sets: [], materials: [], sections: [], boundary_conditions: [], loads: [], steps: [] },
    results: {},
  };
}
