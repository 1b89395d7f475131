// The explicit solver's contract: a mesh with materials (density included), nodal load patterns and prescribed
// motion each scaled by a time function, initial velocities, and how long and how often to write frames.
import type { Mesh } from "../../mesh/types.js";
import type { TimeFunction } from "./amplitude.js";
import type { ExplicitMaterial } from "./operators.js";

export interface ExplicitLoad {
  /** Nodal forces at full amplitude, 3 per node. */
  forces: Float64Array;
  amplitude: TimeFunction;
}

/** Prescribed DOFs (3 * node + component): a displacement u(t) = value A(t) or a velocity v(t) = value A(t). */
export interface ExplicitPrescribed {
  kind: "displacement" | "velocity";
  dofs: Int32Array;
  values: Float64Array;
  amplitude: TimeFunction;
}

export interface ExplicitProblem {
  mesh: Mesh;
  elementMaterial: Int32Array;
  materials: ExplicitMaterial[];
  loads: ExplicitLoad[];
  prescribed: ExplicitPrescribed[];
  /** Nodes held on oblique planes: zero velocity (and so displacement) along each node's unit normal (3 per node). */
  normals?: { nodes: Int32Array; normals: Float64Array };
  /** Initial velocity, 3 per node (zero where absent). */
  initialVelocity: Float64Array;
  duration: number;
  /** Frames after t = 0, evenly spaced over the duration (frame 0 is the initial state). */
  frames: number;
  /** Safety factor on the stable step, and a fixed step (refused above the stable one unless `unchecked`). */
  timeStep: { safety: number; fixed?: number; unchecked?: boolean };
  bulkViscosity: { linear: number; quadratic: number };
}

export interface ExplicitLimits {
  maxElementSteps: number;
  maxFrames: number;
  maxMemoryBytes: number;
  /** Threads for the C3D4 element forces (default: FIELDCRAFT_THREADS, else the machine's), capped by maxThreads. */
  threads?: number;
  maxThreads?: number;
  signal?: AbortSignal;
  onProgress?: (p: { progress: number; total?: number; message: string }) => void;
}

export interface FrameEnergy {
  frame: number;
  time: number;
  kinetic: number;
  /** Strain energy 0.5 u.K u. */
  internal: number;
  /** Energy dissipated by the bulk viscosity since t = 0. */
  viscous: number;
  /** Work of the loads and of the supports (prescribed motion) since t = 0. */
  external_work: number;
  /** kinetic + internal + viscous - external_work - (initial kinetic + internal). */
  energy_balance: number;
}

export interface ExplicitHistory {
  /** Frame energies and times, frame 0 at t = 0. */
  frames: FrameEnergy[];
  /** Per frame, 3 per node, single precision (the integration is double). */
  displacement: Float32Array;
  velocity: Float32Array;
  acceleration: Float32Array;
  /** Prescribed DOFs (and every DOF of nodes held on oblique planes) and their reaction forces per frame (frames x dofs). */
  reactionDofs: Int32Array;
  reaction: Float32Array;
  /** Each load's amplitude factor per frame (frames x loads): the applied force of a frame is their sum times the patterns. */
  loadFactors: Float64Array;
  timeStep: number;
  stableTimeStep: number;
  /** The element that sets the stable step (0-based) and its characteristic length. */
  controllingElement: number;
  characteristicLength: number;
  steps: number;
  totalMass: number;
  seconds: number;
  /** Seconds inside the time loop (the element updates), without setting up. */
  loopSeconds: number;
  /** CPU seconds of this process (all its threads) inside the time loop: the loop's cost on a loaded machine. */
  loopCpuSeconds?: number;
  notes: string[];
  /** Threads the element forces ran on. */
  threads?: number;
}
