// A refusal raised deep inside a pure helper, caught by the session and answered as an ordinary failure.
export class ModelError extends Error {
  constructor(
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ModelError";
  }
}

/** "`a`, `b`" or "none" — the names a caller could have meant. */
export function nameList(names: readonly string[], max = 40): string {
  if (names.length === 0) return "none";
  const shown = names.slice(0, max).map((n) => `\`${n}\``).join(", ");
  return names.length > max ? `${shown}, … (${names.length} in all)` : shown;
}
