export const EXCERPT_MAX_CODE_POINTS = 500;

/**
 * Trims both ends and keeps at most 500 Unicode scalar values (code points, not UTF-16 units),
 * marking a cut with `…`.
 */
export function excerpt(text: string, max = EXCERPT_MAX_CODE_POINTS): string {
  const trimmed = text.trim();
  // Walk code points only as far as needed: the text may be large.
  let count = 0;
  for (let i = 0; i < trimmed.length; count++) {
    if (count === max) return `${trimmed.slice(0, i)}…`;
    i += (trimmed.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  }
  return trimmed;
}
