// What the file.recovery.* commands see of their session's autosaver.

export interface RecoveryHost {
  /** The session's recovery folder: where its autosaves go and what file.recovery.* read without `dir`. */
  readonly dir: string;
  /** The id of the session's own entry (written once the model has unsaved changes). */
  ownId(): string;
  /**
   * Called by file.recover once the model is read: the session goes on with the recovered model's unsaved
   * `commands`; with `id` (an entry in its own folder that no running process owns) it continues that entry
   * instead of starting another, so the entry is not left behind.
   */
  adopt(entry: { commands: number; id?: string }): void;
}
