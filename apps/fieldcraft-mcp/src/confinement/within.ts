// Containment by whole components: "/work2/x" is not inside "/work".
import type { PathStyle } from "./path-style.js";

/** Components of an absolute path; the first is the root ("" on POSIX, "C:" on Windows). */
export function components(absolute: string, style: PathStyle): string[] {
  return absolute.split(style.separators).filter((part, index) => index === 0 || part !== "");
}

export function isWithin(root: string, candidate: string, style: PathStyle): boolean {
  const rootParts = components(root, style);
  const candidateParts = components(candidate, style);
  if (candidateParts.length < rootParts.length) return false;
  const same = style.caseInsensitive
    ? (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
    : (a: string, b: string) => a === b;
  return rootParts.every((part, index) => same(part, candidateParts[index]));
}
