// The rectilinear grid of a box union: every box coordinate on each axis cuts the space into cells,
// and a cell is solid when some box holds it. Faces, edges, measures and the mesh all come from it.
import type { BoxFeature } from "./types.js";

/** Most grid cells a box union may make (its boxes' distinct coordinates per axis, multiplied). */
export const MAX_GRID_CELLS = 1_000_000;

export interface BoxGrid {
  /** Sorted distinct coordinates per axis. */
  coords: [Float64Array, Float64Array, Float64Array];
  /** Cells per axis. */
  n: [number, number, number];
  /** 1 for a solid cell; cell (i, j, k) is at i + n0 * (j + n1 * k). */
  inside: Uint8Array;
  /** Grid index range [lo, hi) of each box per axis. */
  boxRanges: Int32Array;
}

function axisCoords(boxes: readonly BoxFeature[], a: number, extra: readonly number[]): Float64Array {
  const all = new Set<number>();
  let lo = Infinity, hi = -Infinity;
  for (const b of boxes) {
    all.add(b.min[a]);
    all.add(b.max[a]);
    lo = Math.min(lo, b.min[a]);
    hi = Math.max(hi, b.max[a]);
  }
  for (const v of extra) if (v > lo && v < hi) all.add(v);
  return Float64Array.from([...all].sort((x, y) => x - y));
}

function indexOf(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else if (sorted[mid] > value) hi = mid - 1;
    else return mid;
  }
  throw new Error(`grid coordinate ${value} missing`);
}

/** `lines`: more coordinates per axis to split cells at (inside the boxes' range), e.g. where a partition's other cell ends. */
export function buildBoxGrid(boxes: readonly BoxFeature[], lines: readonly (readonly number[])[] = [[], [], []]): { ok: true; grid: BoxGrid } | { ok: false; error: string } {
  const coords = [axisCoords(boxes, 0, lines[0]), axisCoords(boxes, 1, lines[1]), axisCoords(boxes, 2, lines[2])] as BoxGrid["coords"];
  const n: BoxGrid["n"] = [coords[0].length - 1, coords[1].length - 1, coords[2].length - 1];
  const cells = n[0] * n[1] * n[2];
  if (cells > MAX_GRID_CELLS) {
    return {
      ok: false,
      error: `its ${boxes.length} boxes cut space into ${cells} grid cells (at most ${MAX_GRID_CELLS}); use fewer distinct coordinates`,
    };
  }
  const inside = new Uint8Array(cells);
  const boxRanges = new Int32Array(boxes.length * 6);
  boxes.forEach((b, f) => {
    const lo = [0, 1, 2].map((a) => indexOf(coords[a], b.min[a]));
    const hi = [0, 1, 2].map((a) => indexOf(coords[a], b.max[a]));
    for (let a = 0; a < 3; a++) {
      boxRanges[6 * f + 2 * a] = lo[a];
      boxRanges[6 * f + 2 * a + 1] = hi[a];
    }
    for (let k = lo[2]; k < hi[2]; k++)
      for (let j = lo[1]; j < hi[1]; j++)
        for (let i = lo[0]; i < hi[0]; i++) inside[i + n[0] * (j + n[1] * k)] = 1;
  });
  return { ok: true, grid: { coords, n, inside, boxRanges } };
}

export function cellInside(grid: BoxGrid, i: number, j: number, k: number): boolean {
  const [n0, n1, n2] = grid.n;
  if (i < 0 || j < 0 || k < 0 || i >= n0 || j >= n1 || k >= n2) return false;
  return grid.inside[i + n0 * (j + n1 * k)] === 1;
}

// For each pattern of solid cells around a grid vertex (bit = dx + 2 dy + 4 dz), whether the
// solid cells and the empty cells each form one face-connected group: a 2-manifold surface there.
const MANIFOLD_AT_VERTEX: Uint8Array = (() => {
  const table = new Uint8Array(256);
  const groups = (set: number): number => {
    let seen = 0;
    let count = 0;
    for (let s = 0; s < 8; s++) {
      if (!(set & (1 << s)) || seen & (1 << s)) continue;
      count++;
      const stack = [s];
      seen |= 1 << s;
      while (stack.length) {
        const c = stack.pop()!;
        for (const bit of [1, 2, 4]) {
          const d = c ^ bit;
          if (set & (1 << d) && !(seen & (1 << d))) {
            seen |= 1 << d;
            stack.push(d);
          }
        }
      }
    }
    return count;
  };
  for (let m = 0; m < 256; m++) table[m] = groups(m) <= 1 && groups(~m & 255) <= 1 ? 1 : 0;
  return table;
})();

/** Why the union is not one manifold solid, or null. */
export function boxGridProblem(grid: BoxGrid): string | null {
  const [n0, n1, n2] = grid.n;
  const { inside, coords } = grid;
  // One solid: all solid cells face-connected.
  let first = -1;
  let solid = 0;
  for (let c = 0; c < inside.length; c++) {
    if (inside[c]) {
      solid++;
      if (first < 0) first = c;
    }
  }
  const seen = new Uint8Array(inside.length);
  const stack = [first];
  seen[first] = 1;
  let reached = 1;
  while (stack.length) {
    const c = stack.pop()!;
    const i = c % n0;
    const j = Math.floor(c / n0) % n1;
    const k = Math.floor(c / (n0 * n1));
    const next = [
      i > 0 ? c - 1 : -1,
      i < n0 - 1 ? c + 1 : -1,
      j > 0 ? c - n0 : -1,
      j < n1 - 1 ? c + n0 : -1,
      k > 0 ? c - n0 * n1 : -1,
      k < n2 - 1 ? c + n0 * n1 : -1,
    ];
    for (const d of next) {
      if (d >= 0 && inside[d] && !seen[d]) {
        seen[d] = 1;
        reached++;
        stack.push(d);
      }
    }
  }
  if (reached < solid) {
    return "its boxes form separate solids that do not share a face; put each solid in its own body";
  }
  for (let k = 0; k <= n2; k++)
    for (let j = 0; j <= n1; j++)
      for (let i = 0; i <= n0; i++) {
        let mask = 0;
        for (let s = 0; s < 8; s++) if (cellInside(grid, i - 1 + (s & 1), j - 1 + ((s >> 1) & 1), k - 1 + ((s >> 2) & 1))) mask |= 1 << s;
        if (!MANIFOLD_AT_VERTEX[mask]) {
          const at = `[${coords[0][i]}, ${coords[1][j]}, ${coords[2][k]}]`;
          return `its boxes touch only along an edge or at a corner near ${at}; make them overlap or share a face`;
        }
      }
  return null;
}
