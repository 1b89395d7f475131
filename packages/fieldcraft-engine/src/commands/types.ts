// A command is one row of data: its id, documentation, parameter schema, what it requires and what it does.
import type { z } from "zod";
import type { Model } from "../model/types.js";
import type { Caps } from "../base/caps.js";
import type { FileAccess } from "../base/file-access.js";
import type { Requirement } from "./requirements.js";
import type { RecoveryHost } from "../files/recovery/host.js";

/**
 * Display state that is not part of the model (not undoable, not saved): the contour on show, the camera.
 * Render and UI commands may keep their own keys here.
 */
export interface ViewState {
  contour?: { step: string; field: string; bands?: number; deformed?: boolean; scale?: number | "auto" };
  [key: string]: unknown;
}

export interface CommandContext {
  /** The model before the command; never change it in place (return a new one). */
  readonly model: Model;
  readonly view: ViewState;
  /** The `.fieldcraft` file the model was opened from or last saved to. */
  readonly file?: string;
  readonly caps: Caps;
  readonly files: FileAccess;
  /** Labels of the changes `edit.undo` and `edit.redo` would take back or apply, most recent first. */
  readonly history: { undo: string[]; redo: string[] };
  readonly signal?: AbortSignal;
  /** The session's autosaver, for file.recovery.* (absent in hosts that run rows outside a session). */
  readonly recovery?: RecoveryHost;
  progress(progress: { progress: number; total?: number; message: string }): void;
}

export interface CommandResult<R = unknown> {
  /** The reply, as the row's `result` schema declares it (JSON-ready, except pictures: bytes until the wire edge). */
  result: R;
  /** The new model, for a command that changes it (undoable). */
  model?: Model;
  view?: ViewState;
  /** The model's `.fieldcraft` file from now on (null: none, e.g. after starting a new model). */
  file?: string | null;
  /** For edit.undo / edit.redo: move through the history. */
  travel?: "undo" | "redo";
}

export interface CommandEffects {
  mutates: boolean;
  reads: boolean;
  writes: boolean;
}

export interface CommandRow<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  id: string;
  label: string;
  description: string;
  params: S;
  /** What `result` holds on success; the catalogue publishes it as JSON Schema (`CommandInfo.result`). */
  result: R;
  requires: Requirement[];
  effects: CommandEffects;
  /** Throw ModelError (or return) to refuse; any failure leaves the model as it was. */
  run(ctx: CommandContext, params: z.output<S>): Promise<CommandResult<z.input<R>>> | CommandResult<z.input<R>>;
}

export function defineCommand<S extends z.ZodType, R extends z.ZodType>(row: CommandRow<S, R>): CommandRow<S, R> {
  return row;
}

// Rows with different parameter schemas live in one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommandRow = CommandRow<any, any>;
