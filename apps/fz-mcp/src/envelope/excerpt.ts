export const EXCERPT_MAX_CODE_POINTS = 500;

/**
 * Trims both ends and keeps at most 500 Unicode scalar values (code points, not UTF-16 units),
 * marking a cut with `…`.
 */
export function excerpt(text: string, max = EXCERPT_MAX_CODE_POINTS): string {
  const trimmed = text.trim();
  const codePoints = Array.from(trimmed);
  if (codePoints.length <= max) return trimmed;
  return `${codePoints.slice(0, max).join("")}…`;
}
