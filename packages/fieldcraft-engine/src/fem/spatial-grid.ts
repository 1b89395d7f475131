// A uniform grid of buckets over a box: items (element boxes or nodes) are filed by the cells their boxes touch,
// so a point's candidates are one cell's list and a nearest search walks rings of cells outwards.

export interface SpatialGrid {
  lo: [number, number, number];
  /** Cell edge length. */
  h: number;
  n: [number, number, number];
  /** CSR: items of cell c are items[start[c] .. start[c + 1]). */
  start: Int32Array;
  items: Int32Array;
}

/** Cell index along axis a of coordinate v, clamped into the grid. */
function cellOf(grid: SpatialGrid, a: number, v: number): number {
  const i = Math.floor((v - grid.lo[a]) / grid.h);
  return i < 0 ? 0 : i >= grid.n[a] ? grid.n[a] - 1 : i;
}

/**
 * Files `count` boxes (lo, hi per item, 6 numbers each) into a grid over their union whose cells hold about
 * `perCell` typical items. Flat directions (a planar mesh's z) get one cell.
 */
export function buildGrid(boxes: Float64Array, count: number, perCell: number): SpatialGrid {
  const lo: [number, number, number] = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++) {
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], boxes[6 * i + a]);
      hi[a] = Math.max(hi[a], boxes[6 * i + 3 + a]);
    }
  }
  const extent = [0, 1, 2].map((a) => Math.max(0, hi[a] - lo[a]));
  const largest = Math.max(...extent);
  const spread = extent.filter((e) => e > 1e-9 * largest);
  const measure = spread.reduce((m, e) => m * e, 1);
  const h = count > 0 && spread.length > 0 ? Math.max(Math.pow((measure * perCell) / count, 1 / spread.length), largest / 256) : 1;
  const n = extent.map((e) => Math.max(1, Math.min(256, Math.ceil(e / h)))) as [number, number, number];
  const grid: SpatialGrid = { lo, h, n, start: new Int32Array(n[0] * n[1] * n[2] + 1), items: new Int32Array(0) };
  const visit = (i: number, each: (c: number) => void) => {
    const [i0, j0, k0] = [0, 1, 2].map((a) => cellOf(grid, a, boxes[6 * i + a]));
    const [i1, j1, k1] = [0, 1, 2].map((a) => cellOf(grid, a, boxes[6 * i + 3 + a]));
    for (let k = k0; k <= k1; k++) for (let j = j0; j <= j1; j++) for (let c = i0; c <= i1; c++) each(c + n[0] * (j + n[1] * k));
  };
  for (let i = 0; i < count; i++) visit(i, (c) => grid.start[c + 1]++);
  for (let c = 0; c < grid.start.length - 1; c++) grid.start[c + 1] += grid.start[c];
  grid.items = new Int32Array(grid.start[grid.start.length - 1]);
  const fill = grid.start.slice(0, -1);
  for (let i = 0; i < count; i++) visit(i, (c) => (grid.items[fill[c]++] = i));
  return grid;
}

/** The items filed in the cell holding p (clamped into the grid). */
export function cellItems(grid: SpatialGrid, p: readonly number[]): Int32Array {
  const c = cellOf(grid, 0, p[0]) + grid.n[0] * (cellOf(grid, 1, p[1]) + grid.n[1] * cellOf(grid, 2, p[2]));
  return grid.items.subarray(grid.start[c], grid.start[c + 1]);
}

/**
 * The item nearest p by `distance` (points filed as zero-size boxes), walking rings of cells outwards until no
 * unvisited cell can hold anything nearer.
 */
export function nearestItem(grid: SpatialGrid, p: readonly number[], distance: (item: number) => number): { item: number; distance: number } {
  const c = [0, 1, 2].map((a) => cellOf(grid, a, p[a]));
  const rings = Math.max(...grid.n);
  let best = -1, bestD = Infinity;
  for (let r = 0; r <= rings; r++) {
    for (let k = Math.max(0, c[2] - r); k <= Math.min(grid.n[2] - 1, c[2] + r); k++) {
      for (let j = Math.max(0, c[1] - r); j <= Math.min(grid.n[1] - 1, c[1] + r); j++) {
        const onShell = Math.abs(k - c[2]) === r || Math.abs(j - c[1]) === r;
        // Inside the shell's faces only the two ends of each row are r rings out.
        const row = onShell ? range(Math.max(0, c[0] - r), Math.min(grid.n[0] - 1, c[0] + r)) : [c[0] - r, c[0] + r].filter((i, at) => i >= 0 && i < grid.n[0] && (at === 0 || r > 0));
        for (const i of row) {
          const cell = i + grid.n[0] * (j + grid.n[1] * k);
          for (let s = grid.start[cell]; s < grid.start[cell + 1]; s++) {
            const item = grid.items[s], d = distance(item);
            if (d < bestD || (d === bestD && item < best)) (best = item), (bestD = d);
          }
        }
      }
    }
    if (best >= 0 && bestD <= beyond(grid, p, c, r)) break;
  }
  return { item: best, distance: bestD };
}

/** A lower bound on p's distance to any cell more than r rings from cell c: the nearest of the slabs beyond. */
function beyond(grid: SpatialGrid, p: readonly number[], c: readonly number[], r: number): number {
  let best = Infinity;
  for (let a = 0; a < 3; a++) {
    for (const side of [-1, 1]) {
      const edge = c[a] + side * r;
      if (side < 0 ? edge <= 0 : edge >= grid.n[a] - 1) continue;
      let d2 = 0;
      for (let b = 0; b < 3; b++) {
        let lo = grid.lo[b], hi = grid.lo[b] + grid.n[b] * grid.h;
        if (b === a) side < 0 ? (hi = grid.lo[a] + edge * grid.h) : (lo = grid.lo[a] + (edge + 1) * grid.h);
        const gap = p[b] < lo ? lo - p[b] : p[b] > hi ? p[b] - hi : 0;
        d2 += gap * gap;
      }
      best = Math.min(best, Math.sqrt(d2));
    }
  }
  return best;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}
