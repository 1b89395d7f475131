// The model a session holds: an immutable value. Commands never change it in place; they return a new one
// that shares the untouched parts (typed arrays included), so undo is a pointer and a failure changes nothing.
import type { Design } from "../geometry/types.js";
import type { Mesh } from "../mesh/types.js";
import type { StaticSolution } from "../fem/types.js";
import type { HeatSolution } from "../fem/heat/solve-heat.js";
import type { FluidSolution } from "../fem/fluid/solve-fluid.js";
import type { PerDirection } from "../fem/modal/participation.js";
import type { UnitSystemId } from "./units.js";
import type { ProcedureDefinition } from "./analyses/index.js";
import type { DatumDefinition, PartitionDefinition } from "./partitions.js";
import type { ExplicitSummary } from "./analyses/explicit.js";
import type { CouplingDefinition, PointConditionDefinition, PointLoadDefinition, ReferencePointDefinition } from "./reference-point-schemas.js";

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
  elastic?: { type: "isotropic"; young: number; poisson: number };
  density?: number;
  conductivity?: number;
  specific_heat?: number;
  fluid?: { density: number; viscosity: number };
}

export interface SectionDefinition {
  name: string;
  set: string;
  material: string;
  kind: { type: "solid" } | { type: "plane_stress"; thickness: number } | { type: "plane_strain"; thickness?: number } | { type: "axisymmetric" } | { type: "fluid" };
}

export type BoundaryConditionDefinition =
  | { name: string; type: "fixed"; target: { set: string } }
  | { name: string; type: "displacement"; target: { set: string }; components: { u1?: number; u2?: number; u3?: number }; amplitude?: string }
  /** Explicit steps: the nodes' velocity (scaled by `amplitude`). Fluid steps: an inlet or a moving wall (`profile`). */
  | { name: string; type: "velocity"; target: { set: string }; vector: [number, number, number]; amplitude?: string; profile?: "uniform" | "parabolic" }
  | { name: string; type: "temperature"; target: { set: string }; value: number }
  | { name: string; type: "wall"; target: { set: string } }
  | { name: string; type: "outlet"; target: { set: string }; pressure: number }
  /** Zero displacement normal to a datum plane at the mesh nodes on it (model.boundary_condition.symmetry). */
  | { name: string; type: "symmetry"; datum: string };

export type LoadDefinition =
  | { name: string; type: "force"; target: { set: string }; vector: [number, number, number]; amplitude?: string }
  | { name: string; type: "pressure"; target: { set: string }; magnitude: number; amplitude?: string }
  | { name: string; type: "gravity"; target: { set: string }; vector: [number, number, number]; amplitude?: string }
  | { name: string; type: "heat_flux"; target: { set: string }; value: number }
  | { name: string; type: "film"; target: { set: string }; coefficient: number; sink: number }
  | { name: string; type: "body_heat"; target: { set: string }; value: number };

/** A time function of explicit steps (model.amplitude.create). */
export interface AmplitudeDefinition {
  name: string;
  points?: [number, number][];
  smooth_step?: { t0: number; t1: number };
}

/** A velocity at t = 0 on a set's nodes (model.initial_condition.create), for explicit steps. */
export interface InitialConditionDefinition {
  name: string;
  type: "velocity";
  target: { set: string };
  vector: [number, number, number];
}

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
  /** The design with the model's partitions applied (cells `Part/a`, `Part/b` in place of `Part`). */
  design: Design;
  /** The design as read, before partitions (absent when there are none). */
  base?: Design;
  /** The unit the design file is in when its lengths were converted into the model's (`source` holds them converted). */
  convertedFrom?: "mm" | "m";
}

export interface MeshParameters {
  bodies?: string[];
  size?: number;
  tolerance?: number;
  order: 1 | 2;
  /** The mesher when not the tet mesher (`hex_mapped`, `hex_blocks`, `hex_sweep`, `hex`, `block`), and its own choices. */
  method?: string;
  reduced?: boolean;
  /** mesh.hex_sweep's layers when given. */
  layers?: number;
  /** mesh.hex_sweep with wedges. */
  wedges?: boolean;
  block?: { name: string; min: number[]; max: number[]; counts: number[] };
  /** mesh.mirror applied after meshing: the datum and the bodies reflected. */
  mirror?: { plane: string; bodies: string[] };
  /** mesh.cells: the method of each cell and the interfaces merged or tied. */
  cells?: { methods: Record<string, string>; sizes?: Record<string, number> };
}

export interface MeshState {
  mesh: Mesh;
  parameters: MeshParameters;
}

/** One natural mode of a frequency step: its numbers and its shape as a static-like nodal solution (stress from the shape). */
export interface ModeResult {
  mode: number;
  frequency_hz: number;
  eigenvalue: number;
  generalized_mass: number;
  participation: PerDirection;
  effective_mass: PerDirection;
  solution: StaticSolution;
}

export interface ModalSummary {
  modes: ModeResult[];
  total_mass: number;
  /** Per direction: the mass (x, y, z) and rotary inertia (rx, ry, rz) of what the supports let move. */
  movable: PerDirection;
  effective_mass_fraction: { x: number; y: number; z: number };
  rigid_body_modes: number;
  notes: string[];
}

export interface StepResult {
  step: string;
  /** The procedure that produced it (the analysis row reading `solution`); absent: static. */
  procedure?: string;
  /** Static: the solution. Frequency: the first mode's (each mode in `modal`). Heat: temperatures and fluxes. */
  solution: StaticSolution | HeatSolution | FluidSolution;
  /** Applied nodal loads the solve used (forces, 3 per node; heat inflow, 1 per node): reactions balance them. */
  applied: Float64Array;
  modal?: ModalSummary;
  /** Explicit steps: every frame (the step's `solution` is the last frame's). */
  explicit?: ExplicitSummary;
}

export interface Definitions {
  sets: SetDefinition[];
  materials: MaterialDefinition[];
  sections: SectionDefinition[];
  boundary_conditions: BoundaryConditionDefinition[];
  loads: LoadDefinition[];
  steps: StepDefinition[];
  /** Explicit dynamics (absent in models that never had any). */
  amplitudes?: AmplitudeDefinition[];
  initial_conditions?: InitialConditionDefinition[];
  /** Reference points, their couplings to faces, and the loads and holds on them (absent in models without any). */
  reference_points?: ReferencePointDefinition[];
  couplings?: CouplingDefinition[];
  point_loads?: PointLoadDefinition[];
  point_conditions?: PointConditionDefinition[];
}

/** An edge seed (`mesh.seed.edge`): a count or size for named design edges, and how firmly it holds. */
export interface EdgeSeed {
  edges: { body: string; edge: string }[];
  count?: number;
  size?: number;
  constraint: "exact" | "min" | "free";
  /** Geometric grading: largest over smallest division, smallest at the edge's start, end or both ends. */
  bias?: { ratio: number; toward: "start" | "end" | "both" };
}

export interface Model {
  units: UnitSystemId;
  design?: DesignState;
  mesh?: MeshState;
  /** Edge seeds, kept across re-meshing and design edits that keep the edge names. */
  seeds?: EdgeSeed[];
  /** Datum planes and axes (geometry.datum, geometry.datum.axis). */
  datums?: DatumDefinition[];
  /** Partitions in the order they cut (geometry.partition); re-applied whenever the design is opened. */
  partitions?: PartitionDefinition[];
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
