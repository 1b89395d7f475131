/** The envelope fz printed: the exact line (never re-serialised) and its parsed object. */
export interface FoundEnvelope {
  readonly text: string;
  readonly parsed: Record<string, unknown>;
}

/**
 * `fz --json` prints exactly one object; the envelope is the last line whose trimmed content is
 * non-empty, with trailing whitespace (and a `\r`) dropped and leading characters kept byte for
 * byte. Only an object counts; an object on an earlier line followed by prose is no envelope.
 */
export function extractEnvelope(stdout: string): FoundEnvelope | undefined {
  const lines = stdout.split("\n");
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const text = line.trimEnd();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    return { text, parsed: parsed as Record<string, unknown> };
  }
  return undefined;
}
