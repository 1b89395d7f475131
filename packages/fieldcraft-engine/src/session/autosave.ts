// The autosaver: every N seconds a model with unsaved changes is written to the session's recovery entry;
// a save (or open) makes it clean and removes the entry, and so does a clean close. Killed processes leave
// their entry behind for file.recovery.list / file.recover.
import path from "node:path";
import type { RecoveryHost } from "../files/recovery/host.js";
import { newEntryId, removeEntry, writeEntry } from "../files/recovery/entries.js";
import type { Model } from "../model/types.js";

export interface AutosaveOptions {
  dir: string;
  /** Seconds between autosaves; 0 turns autosave off (the recovery commands still work). */
  seconds: number;
  /** Where failures go (a full disk must not stop the session). */
  onError?: (message: string) => void;
}

export interface Autosaver extends RecoveryHost {
  /** After every successful command: `file` is what the command set the model's file to (a string: opened or saved). */
  afterCommand(event: { modelChanged: boolean; file: string | null | undefined }): void;
  /** Writes the entry now if the model has changes not yet autosaved; resolves when done. */
  flush(): Promise<{ written: boolean }>;
  /** Stops the timer and removes the session's entry: a clean exit leaves nothing behind. */
  close(): Promise<void>;
  status(): { dir: string; id: string; seconds: number; dirty: boolean; commands: number };
}

export function createAutosaver(options: AutosaveOptions, current: () => { model: Model; file: string | undefined }): Autosaver {
  const dir = path.resolve(options.dir);
  let id = newEntryId();
  let saved: Model | null = current().model;
  let autosaved: Model | null = null;
  let written = false;
  let commands = 0;
  let closed = false;
  let adopted: { commands: number; id?: string } | null = null;
  // File work happens one piece at a time, in order (a write never races the removal after a save).
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work);
    chain = next.catch(() => undefined);
    return next;
  };
  // A failure is reported once, not on every tick, until autosaving works again.
  let lastError: string | null = null;
  const report = (what: string, error: unknown) => {
    const message = `recovery: ${what}: ${error instanceof Error ? error.message : String(error)}`;
    if (message !== lastError) options.onError?.(message);
    lastError = message;
  };

  const removeOwn = (which = id) =>
    serial(async () => {
      if (!written && which === id) return;
      await removeEntry(dir, which).catch((e) => report(`cannot remove ${which}`, e));
      if (which === id) written = false;
    });

  const flush = () =>
    serial(async () => {
      const { model, file } = current();
      if (closed || model === saved || model === autosaved) return { written: false };
      try {
        await writeEntry(dir, id, { model, original: file ?? null, commands });
        autosaved = model;
        written = true;
        lastError = null;
        return { written: true };
      } catch (error) {
        report(`cannot autosave to ${dir}`, error);
        return { written: false };
      }
    });

  const timer = options.seconds > 0 ? setInterval(() => void flush(), options.seconds * 1000) : undefined;
  // The timer never keeps a host alive on its own.
  timer?.unref();

  return {
    dir,
    ownId: () => id,
    adopt(entry) {
      adopted = entry;
    },
    afterCommand(event) {
      const { model } = current();
      if (adopted) {
        // file.recover: the recovered commands are unsaved; in our own folder its entry becomes ours.
        const entry = adopted;
        adopted = null;
        commands = entry.commands;
        saved = null;
        if (entry.id !== undefined) {
          if (entry.id !== id) void removeOwn(id);
          id = entry.id;
          written = true;
          autosaved = model;
        } else autosaved = null;
        return;
      }
      if (typeof event.file === "string") {
        saved = model;
        commands = 0;
        void removeOwn();
        return;
      }
      if (event.modelChanged) commands++;
    },
    flush,
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      await removeOwn();
      await chain;
    },
    status: () => ({ dir, id, seconds: options.seconds, dirty: current().model !== saved, commands }),
  };
}
