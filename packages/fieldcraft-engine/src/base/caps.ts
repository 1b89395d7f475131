// Limits every session enforces; exceeding one is an ordinary failure that names the cap. The one source of
// truth: the session normalises its caps once (defaults + the host's), and every layer below gets them passed
// down or takes its defaults from here.
export interface Caps {
  /** Largest mesh a mesher may produce, in elements. */
  maxElements: number;
  /** Largest mesh, in nodes. */
  maxNodes: number;
  /** Largest linear system a solver may assemble, in degrees of freedom. */
  maxDofs: number;
  /** Largest estimated memory of one solve, in bytes. */
  maxMemoryBytes: number;
  /** Most iterations an iterative solver may take. */
  maxIterations: number;
  /** Largest file a command may read (designs, `.fieldcraft` models). */
  maxFileBytes: number;
  /** How many changes `edit.undo` can take back. */
  maxUndo: number;
  /** Memory the undo history may keep beyond the current model (meshes and results), in bytes. */
  maxUndoBytes: number;
  /** Most nodes one `solve.probe` may report. */
  maxProbeNodes: number;
  /** Most node and element ids one set may list. */
  maxSetIds: number;
  /** Most definitions of one kind (sets, materials, loads, steps, ...) a model may hold. */
  maxDefinitions: number;
  /** Most element updates (elements x time steps) one explicit step may take. */
  maxElementSteps: number;
  /** Most frames one explicit step may write. */
  maxFrames: number;
  /** Most threads one solve may use (it uses os.availableParallelism() or FIELDCRAFT_THREADS up to this). */
  maxThreads: number;
}

export const DEFAULT_CAPS: Caps = {
  maxElements: 2_000_000,
  maxNodes: 3_000_000,
  maxDofs: 6_000_000,
  maxMemoryBytes: 16 * 1024 ** 3,
  maxIterations: 100_000,
  maxFileBytes: 1024 * 1024 * 1024,
  maxUndo: 64,
  maxUndoBytes: 2 * 1024 ** 3,
  maxProbeNodes: 10_000,
  maxSetIds: 10_000_000,
  maxDefinitions: 10_000,
  maxElementSteps: 10_000_000_000,
  maxFrames: 10_000,
  maxThreads: 64,
};
