// Memory bandwidth by the STREAM triad a = b + s c (24 bytes per entry: two reads, one write) on 1 and on
// `threads` threads of the kernel pool, best of a few passes over arrays far larger than the caches.
import { equalBounds } from "../src/fem/parallel/bounds.js";
import { kernelPool } from "../src/fem/parallel/pool.js";
import { sharedFloat64 } from "../src/fem/parallel/shared.js";
import { triadRows } from "../src/fem/parallel/kernels/triad.js";

export async function triadBandwidth(threads: number, entries = 8_000_000, passes = 8): Promise<{ threads: number; gbPerSecond: number }[]> {
  const a = sharedFloat64(entries), b = sharedFloat64(entries).fill(1), c = sharedFloat64(entries).fill(2);
  const args = { a, b, c, s: 3 };
  const best = (f: () => void) => {
    let ms = Infinity;
    for (let p = 0; p < passes; p++) {
      const t = performance.now();
      f();
      ms = Math.min(ms, performance.now() - t);
    }
    return (24 * entries) / (ms / 1000) / 1e9;
  };
  const out = [{ threads: 1, gbPerSecond: best(() => triadRows(args, 0, entries)) }];
  if (threads > 1) {
    const got = await kernelPool(threads);
    if (got.ok) {
      const bounds = equalBounds(entries, got.pool.threads);
      out.push({ threads: got.pool.threads, gbPerSecond: best(() => got.pool.run("triadRows", args, bounds)) });
    }
  }
  return out;
}
