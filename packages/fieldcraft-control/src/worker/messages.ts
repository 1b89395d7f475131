// What the host's thread and a session worker say to each other. Every call carries an id and gets exactly one
// reply with that id; progress, notes and the mirrored state flow from the worker at any time, in order.
import type { ProgressUpdate } from "../protocol/session.js";
import type { CancelFlag } from "./shared-signal.js";

export type ToWorker =
  /** `kind` names one of the worker's call rows ("execute", and whatever else its service offers). */
  | { type: "call"; id: number; kind: string; payload: unknown; flag: CancelFlag; progress: boolean }
  /** The flag is already raised; this also wakes listeners of a worker whose loop is turning (the solvers yield). */
  | { type: "cancel"; id: number }
  | { type: "close"; id: number };

export type FromWorker =
  | { type: "ready" }
  | { type: "reply"; id: number; value: unknown }
  /** The call ran but its value could not be cloned to the host (an engine bug): still its one reply. */
  | { type: "unsendable"; id: number; error: string }
  | { type: "progress"; id: number; progress: ProgressUpdate }
  /** The state the host reads synchronously, sent before the reply of the call that changed it. */
  | { type: "mirror"; state: unknown }
  | { type: "closed"; id: number }
  | { type: "note"; message: string };
