// A small real session for channel tests: a notebook of named values with an undoable `note.set`, a
// `note.get`, a `work.wait` that reports progress and honours cancellation, and `work.echo`/`work.fill` for big payloads.
import type { CommandInfo, CommandOutcome, ExecuteOptions, ServedSession } from "../../src/index.js";

function info(id: string, mutates: boolean): CommandInfo {
  return { id, label: id, params: [], schema: { type: "object" }, result: { type: "object" }, requires: [], effects: { mutates, reads: false, writes: false } };
}

export class NotebookSession implements ServedSession {
  readonly notes = new Map<string, unknown>();
  executed: string[] = [];
  /** How many work.wait runs stopped because their signal was aborted. */
  cancelled = 0;

  catalogue(): CommandInfo[] {
    return [info("note.set", true), info("note.get", false), info("work.wait", false), info("work.echo", false), info("work.fill", false)];
  }

  async execute(command: string, params: unknown = {}, options: ExecuteOptions = {}): Promise<CommandOutcome> {
    this.executed.push(command);
    const p = params as Record<string, unknown>;
    switch (command) {
      case "note.set":
        if (typeof p.name !== "string") return { ok: false, error: "name: expected a string", details: { param: "name" } };
        this.notes.set(p.name, p.value);
        return { ok: true, result: { name: p.name, count: this.notes.size } };
      case "note.get":
        return { ok: true, result: { name: p.name, value: this.notes.get(String(p.name)) ?? null } };
      case "work.echo":
        return { ok: true, result: p };
      case "work.fill":
        return { ok: true, result: { text: "x".repeat(Number(p.bytes ?? 0)) } };
      case "work.wait": {
        const steps = Number(p.steps ?? 5);
        const stepMs = Number(p.stepMs ?? 20);
        for (let i = 0; i < steps; i++) {
          if (options.signal?.aborted) {
            this.cancelled++;
            return { ok: false, error: "work.wait was cancelled", details: { code: "cancelled", step: i } };
          }
          options.onProgress?.({ progress: i, total: steps, message: `step ${i + 1} of ${steps}` });
          await new Promise((r) => setTimeout(r, stepMs));
        }
        return { ok: true, result: { steps } };
      }
      default:
        return { ok: false, error: `unknown command ${command}` };
    }
  }
}
