// The imperative shell around the command rows: one model value, a history of values for undo/redo,
// commands run one at a time, and every failure (refusal or exception) leaves the model untouched.
import { z } from "zod";
import { COMMANDS } from "../commands/registry.js";
import { commandInfo } from "../commands/catalogue.js";
import { formatIssues, issueLines } from "../commands/issues.js";
import { missingRequirements } from "../commands/requirements.js";
import type { AnyCommandRow, CommandContext, ViewState } from "../commands/types.js";
import { modelDigest } from "../model/digest.js";
import { ModelError } from "../model/errors.js";
import { CancelledError, withCancelScope } from "../fem/cancel-scope.js";
import { progressReporter } from "./progress.js";
import { deepFreeze } from "../model/freeze.js";
import { sharedBytes } from "../model/footprint.js";
import { emptyModel, type Model } from "../model/types.js";
import { DEFAULT_CAPS, type Caps } from "../base/caps.js";
import { openFileAccess } from "./file-access.js";
import { createAutosaver } from "./autosave.js";
import { defaultRecoveryDir } from "../files/recovery/folder.js";
import type { CommandInfo, CommandOutcome, EngineSession, ExecuteOptions, FileAccess } from "./types.js";

export interface SessionOptions {
  fileAccess?: FileAccess;
  caps?: Partial<Caps>;
  /** Extra command rows (an app's own `ui.*` commands), added after the engine's catalogue. */
  commands?: AnyCommandRow[];
  /**
   * Autosave for recovery. `dir` defaults to FIELDCRAFT_RECOVERY_DIR or the per-user state folder;
   * `autosaveSeconds` to 60 when this option is given, and autosave is off (0) when it is not.
   */
  recovery?: { dir?: string; autosaveSeconds?: number; onError?: (message: string) => void };
  /**
   * Check every successful result against its row's `result` schema; a mismatch is a failure that names it and
   * changes nothing. For tests and development (hosts turn it on with FIELDCRAFT_CHECK_RESULTS=1).
   */
  checkResults?: boolean;
  /** Longest silence between progress updates of a command that reports progress, in ms (default 1000). */
  progressHeartbeatMs?: number;
}

export interface ChangeEvent {
  command: string;
  /** Whether the model changed (an undoable change, an undo or a redo). */
  modelChanged: boolean;
  viewChanged: boolean;
}

export interface Session extends EngineSession {
  /** The current model (an immutable value: read it, never change it). */
  model(): Model;
  /** Display state (contour on show, camera): not part of the model. */
  view(): ViewState;
  /** The `.fieldcraft` file the model was opened from or last saved to. */
  file(): string | undefined;
  /** A content hash of the model: equal before and after a failed command. */
  digest(): string;
  caps(): Caps;
  /** Called after every successful command; returns a function that unsubscribes. */
  onChange(listener: (event: ChangeEvent) => void): () => void;
  /** Writes the recovery entry now when the model has changes not yet autosaved. */
  autosave(): Promise<{ written: boolean }>;
  /** The recovery folder, this session's entry id, the autosave interval, and whether the model has unsaved changes. */
  recovery(): { dir: string; id: string; seconds: number; dirty: boolean; commands: number };
  /** A clean exit: stops autosaving and removes this session's recovery entry. */
  close(): Promise<void>;
}

interface HistoryEntry {
  model: Model;
  label: string;
}

/** `model.set.create root`: the command and, where it has one, the name it gave. */
function historyLabel(id: string, params: unknown): string {
  const name = params !== null && typeof params === "object" ? (params as { name?: unknown }).name : undefined;
  return typeof name === "string" ? `${id} ${name}` : id;
}

function unknownCommand(id: string, rows: Map<string, AnyCommandRow>): string {
  const prefix = id.split(".")[0];
  const near = [...rows.keys()].filter((k) => k.startsWith(prefix + ".")).slice(0, 12);
  const hint = near.length ? `; commands in \`${prefix}\`: ${near.join(", ")}` : "";
  return `unknown command \`${id}\`${hint} (the catalogue lists every command)`;
}

export function createSession(options: SessionOptions = {}): Session {
  const checkResults = options.checkResults === true;
  const heartbeatMs = options.progressHeartbeatMs ?? 1000;
  const caps: Caps = { ...DEFAULT_CAPS, ...options.caps };
  const files = options.fileAccess ?? openFileAccess();
  const rows = new Map<string, AnyCommandRow>();
  for (const row of [...COMMANDS, ...(options.commands ?? [])]) rows.set(row.id, row);

  let model = deepFreeze(emptyModel());
  let view: ViewState = {};
  let file: string | undefined;
  const undo: HistoryEntry[] = [];
  const redo: HistoryEntry[] = [];
  const listeners = new Set<(event: ChangeEvent) => void>();
  const autosaver = createAutosaver(
    {
      dir: options.recovery?.dir ?? defaultRecoveryDir(),
      seconds: options.recovery ? (options.recovery.autosaveSeconds ?? 60) : 0,
      ...(options.recovery?.onError ? { onError: options.recovery.onError } : {}),
    },
    () => ({ model, file }),
  );
  // Commands run one after another even when hosts call concurrently (the control channel, the MCP server).
  let queue: Promise<unknown> = Promise.resolve();

  // The oldest changes go first when the history holds too many steps or too much memory beyond the current model.
  function trimHistory(): void {
    while (undo.length > caps.maxUndo) undo.shift();
    while (undo.length > 0 && sharedBytes([model, ...undo.map((h) => h.model)]) - sharedBytes([model]) > caps.maxUndoBytes) undo.shift();
  }

  async function runOne(id: string, rawParams: unknown, options: ExecuteOptions): Promise<CommandOutcome> {
    const row = typeof id === "string" ? rows.get(id) : undefined;
    if (!row) return { ok: false, error: unknownCommand(String(id), rows) };
    const missing = missingRequirements(model, row.requires);
    if (missing.length > 0) {
      return {
        ok: false,
        error: `${id}: ${missing.map((m) => m.message).join("; ")}`,
        details: { missing: missing.map((m) => ({ requirement: m.requirement, command: m.provider })) },
      };
    }
    const parsed = row.params.safeParse(rawParams ?? {});
    if (!parsed.success) return { ok: false, error: `${id}: ${formatIssues(parsed.error.issues, rawParams ?? {})}`, details: { issues: issueLines(parsed.error.issues, rawParams ?? {}).slice(0, 100) } };
    if (options.signal?.aborted) return { ok: false, error: `${id}: cancelled before it started` };
    const progress = progressReporter((p) => options.onProgress?.(p), heartbeatMs);

    const ctx: CommandContext = {
      model,
      view,
      file,
      caps,
      files,
      history: { undo: undo.map((h) => h.label).reverse(), redo: redo.map((h) => h.label).reverse() },
      signal: options.signal,
      progress: (p) => progress.report(p),
      recovery: autosaver,
    };
    let outcome;
    try {
      // Inside the signal's scope: the mesher's and solvers' check points (fem/cancel-scope.ts) read it.
      outcome = await withCancelScope(options.signal, () => row.run(ctx, parsed.data), options.onProgress ? progress.beat : undefined);
    } catch (error) {
      if (error instanceof CancelledError) return { ok: false, error: `${id}: cancelled (the model is unchanged)` };
      if (error instanceof ModelError) return { ok: false, error: `${id}: ${error.message}`, ...(error.details ? { details: error.details } : {}) };
      if (error instanceof z.ZodError) return { ok: false, error: `${id}: ${formatIssues(error.issues)}` };
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: `${id} failed: ${message} (the model is unchanged)` };
    }

    if (checkResults) {
      const checked = row.result.safeParse(outcome.result);
      if (!checked.success) {
        return { ok: false, error: `${id} failed: its result does not match its declared result schema: ${formatIssues(checked.error.issues)}`, details: { issues: issueLines(checked.error.issues).slice(0, 100) } };
      }
    }

    let modelChanged = false;
    if (outcome.travel) {
      const [from, to] = outcome.travel === "undo" ? [undo, redo] : [redo, undo];
      const entry = from.pop();
      if (entry) {
        to.push({ model, label: entry.label });
        model = entry.model;
        modelChanged = true;
      }
    } else if (outcome.model && outcome.model !== model) {
      undo.push({ model, label: historyLabel(id, parsed.data) });
      redo.length = 0;
      model = deepFreeze(outcome.model);
      trimHistory();
      modelChanged = true;
    }
    const viewChanged = outcome.view !== undefined && outcome.view !== view;
    if (outcome.view) view = outcome.view;
    if (outcome.file !== undefined) file = outcome.file ?? undefined;
    autosaver.afterCommand({ modelChanged, file: outcome.file });
    const event: ChangeEvent = { command: id, modelChanged, viewChanged };
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is the host's business; it must not turn a done command into a failure.
      }
    }
    return { ok: true, result: outcome.result };
  }

  return {
    execute(command, params, options = {}) {
      const next = queue.then(() => runOne(command, params, options));
      queue = next.catch(() => undefined);
      return next;
    },
    catalogue(): CommandInfo[] {
      return [...rows.values()].map(commandInfo);
    },
    model: () => model,
    view: () => view,
    file: () => file,
    digest: () => modelDigest(model),
    caps: () => ({ ...caps }),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    autosave: () => autosaver.flush(),
    recovery: () => autosaver.status(),
    // Commands still queued finish first, so the last one's change is not lost between its run and the close.
    close: () => queue.then(() => autosaver.close()),
  };
}
