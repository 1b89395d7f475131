// The few worst elements a quality report lists: a list kept sorted by rank (lower is worse) and cut at its length.

/** Puts `entry` in its place in `worst` (sorted by `rank`, worst first) and drops what falls past `limit`. */
export function keepWorst<T>(worst: T[], entry: T, limit: number, rank: (q: T) => number): void {
  let at = worst.length;
  while (at > 0 && rank(worst[at - 1]) > rank(entry)) at--;
  worst.splice(at, 0, entry);
  if (worst.length > limit) worst.pop();
}
