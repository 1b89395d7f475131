/** The per-child limit: `none` (0) or a number of whole seconds, kept exact as a bigint. */
export type TimeLimit = { kind: "none" } | { kind: "seconds"; seconds: bigint };

export const DEFAULT_TIME_LIMIT: TimeLimit = { kind: "seconds", seconds: 600n };

const U64_MAX = (1n << 64n) - 1n;
// The deadline is kept in milliseconds; it must fit a signed 64-bit count, like the original's
// "monotonic now + limit" refusal. 9 223 372 036 000 s passes, 2^63−1 s does not.
const MAX_SECONDS = ((1n << 63n) - 1n) / 1000n;

/**
 * Parses FZ_MCP_TIMEOUT_SECS the way Rust's `u64::from_str` does after a trim: an optional `+`,
 * then ASCII digits only (leading zeros fine), no sign, decimal point, exponent or hex.
 */
export function parseTimeoutSecs(raw: string): { ok: true; limit: TimeLimit } | { ok: false; message: string } {
  const trimmed = raw.trim();
  const digits = trimmed.startsWith("+") ? trimmed.slice(1) : trimmed;
  const notWhole = `FZ_MCP_TIMEOUT_SECS must be a whole number of seconds (0 for no limit), not \`${raw}\``;
  if (raw === "") {
    return { ok: false, message: `${notWhole}; an empty value is not 0` };
  }
  if (!/^[0-9]+$/.test(digits)) return { ok: false, message: notWhole };
  const seconds = BigInt(digits);
  if (seconds > U64_MAX) return { ok: false, message: notWhole };
  if (seconds === 0n) return { ok: true, limit: { kind: "none" } };
  if (seconds > MAX_SECONDS) {
    return {
      ok: false,
      message: `FZ_MCP_TIMEOUT_SECS is too large to turn into a deadline: \`${raw}\` (at most ${MAX_SECONDS} seconds; 0 means no limit)`,
    };
  }
  return { ok: true, limit: { kind: "seconds", seconds } };
}
