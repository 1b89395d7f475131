// What the server's thread and the engine worker say to each other. Every request carries an id and gets exactly
// one reply with that id; progress and notes flow from the worker at any time.
import type { Caps } from "@mcp-wrappers/fieldcraft-engine";
import type { Roots } from "../../confinement/index.js";
import type { SerializedResultParts } from "@mcp-wrappers/mcp-core";
import type { BatchStep } from "../../replies/batch.js";
import type { CaptureOutcome, CaptureRequest, CommandOutcome } from "../types.js";
import type { CancelFlag } from "./shared-signal.js";

/** What the worker is started with (workerData): everything it needs to build the same session in its own thread. */
export interface WorkerInit {
  roots: Roots;
  cwd: string;
  version: string;
  autosaveSeconds?: number;
  caps?: Partial<Caps>;
}

export type ToWorker =
  | { type: "execute"; id: number; command: string; params: unknown; flag: CancelFlag; progress: boolean }
  | { type: "capture"; id: number; request: CaptureRequest; flag: CancelFlag; progress: boolean }
  /** A whole `batch`: its steps run here and its reply comes back as JSON text (src/replies/batch.ts). */
  | { type: "batch"; id: number; steps: readonly BatchStep[]; flag: CancelFlag; progress: boolean }
  /** The flag is already raised; this also wakes listeners of a worker whose loop is turning (the solvers yield). */
  | { type: "cancel"; id: number }
  | { type: "close"; id: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "outcome"; id: number; outcome: CommandOutcome | CaptureOutcome }
  | { type: "batch-reply"; id: number; parts: SerializedResultParts }
  | { type: "progress"; id: number; progress: { progress: number; total?: number; message: string } }
  | { type: "closed"; id: number }
  | { type: "note"; message: string };
