// Shared contract of the linear static solver: a mesh, a material per element, constraints and loads per DOF.
import type { Mesh } from "../mesh/types.js";
import type { NodeConstraints } from "./node-constraints.js";
import type { PointSystem } from "./couplings.js";

export interface ElasticMaterial {
  young: number;
  poisson: number;
}

export interface StaticProblem {
  mesh: Mesh;
  /** Material per element (index into `materials`); -1 means the element has no section (an error upstream). */
  elementMaterial: Int32Array;
  materials: ElasticMaterial[];
  /** Prescribed DOFs: dof index = 3 * node + component; value in model length units (0 for fixed). */
  prescribed: Map<number, number>;
  /** Nodal forces, 3 per node (already integrated from force and pressure loads). */
  forces: Float64Array;
  /** Oblique symmetry planes and tied interfaces (src/fem/node-constraints.ts); absent: none. */
  constraints?: NodeConstraints;
  /** Reference points coupled to faces, with their loads and holds (src/fem/couplings.ts); absent: none. */
  points?: PointSystem;
}

export interface SolveOptions {
  /** Relative residual at which the iterative solver stops. */
  tolerance?: number;
  maxIterations?: number;
  /** Cap on free degrees of freedom; exceeding it is an ordinary failure naming the cap. */
  maxDofs?: number;
  /** Cap on the estimated memory of the solve (bytes); exceeding it is an ordinary failure naming the cap. */
  maxMemoryBytes?: number;
  /**
   * Threads for the solver's products (the caller's thread included): default FIELDCRAFT_THREADS, else
   * os.availableParallelism(); 1 runs everything on the caller's thread. See the README section "Threads".
   */
  threads?: number;
  /** Cap on threads (the session's maxThreads): `threads` and the default are lowered to it. */
  maxThreads?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message: string }) => void;
}

export interface StaticSolution {
  /** Displacement, 3 per node. */
  displacement: Float64Array;
  /** Nodal reaction forces, 3 per node (non-zero only at prescribed DOFs). */
  reaction: Float64Array;
  /** Stress at nodes, 6 per node (S11, S22, S33, S12, S13, S23), averaged from the elements that share the node. */
  stress: Float64Array;
  /** von Mises stress per node. */
  mises: Float64Array;
  /** Reference points (StaticProblem.points), 12 per point: displacement, rotation, reaction force, reaction moment. */
  points?: Float64Array;
  stats: {
    dofs: number;
    freeDofs: number;
    nonzeros: number;
    iterations: number;
    relativeResidual: number;
    assemblySeconds: number;
    solveSeconds: number;
    solver: string;
  };
}
