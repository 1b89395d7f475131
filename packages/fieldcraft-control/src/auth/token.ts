// Tokens: 32 random bytes as 64 lowercase hex digits, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

export function generateToken(): string {
  return randomBytes(32).toString("hex");
}

export function isWellFormedToken(token: unknown): token is string {
  return typeof token === "string" && TOKEN_PATTERN.test(token);
}

/**
 * Hashing both sides first gives equal lengths, so neither the length nor the position of the first
 * difference of the presented token leaks through timing.
 */
export function tokensEqual(expected: string, presented: unknown): boolean {
  if (typeof presented !== "string") return false;
  const a = createHash("sha256").update(expected, "utf8").digest();
  const b = createHash("sha256").update(presented, "utf8").digest();
  return timingSafeEqual(a, b);
}

/** Reads a token file: 64 hex digits, surrounding whitespace ignored. */
export async function readTokenFile(path: string): Promise<{ ok: true; token: string } | { ok: false; error: string }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    return { ok: false, error: `cannot read the token file ${path}: ${(err as Error).message}` };
  }
  const token = text.trim().toLowerCase();
  if (!isWellFormedToken(token)) {
    return { ok: false, error: `the token file ${path} must hold exactly 64 hexadecimal digits` };
  }
  return { ok: true, token };
}
