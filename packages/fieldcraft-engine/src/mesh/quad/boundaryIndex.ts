// Point queries against a face's boundary chords in about constant time: inside (ray cast along +x over the chords
// of the point's horizontal band) and "is a chord within r" (a uniform grid of cells). The refinement asks both
// for every candidate point, so a linear scan would cost boundary x interior.
import type { Vec2 } from "../../geometry/types.js";
import { segmentDistance } from "../../geometry/polygon.js";

const BANDS = 512;
const CELLS = 256;
/** Beyond this many cells a query scans the chords instead. */
const MAX_CELLS_PER_QUERY = 4096;

export class BoundaryIndex {
  private readonly chords: [Vec2, Vec2][];
  private readonly y0: number;
  private readonly bandH: number;
  private readonly bands: number[][];
  private readonly x0: number;
  private readonly cell: number;
  private readonly grid = new Map<number, number[]>();

  constructor(loops: Vec2[][]) {
    this.chords = loops.flatMap((l) => l.map((p, k) => [p, l[(k + 1) % l.length]] as [Vec2, Vec2]));
    const xs = this.chords.map(([p]) => p[0]), ys = this.chords.map(([p]) => p[1]);
    const xMin = Math.min(...xs), xMax = Math.max(...xs), yMin = Math.min(...ys), yMax = Math.max(...ys);
    this.y0 = yMin;
    this.bandH = (yMax - yMin) / BANDS || 1;
    this.bands = Array.from({ length: BANDS }, () => []);
    this.x0 = xMin;
    this.cell = Math.max(xMax - xMin, yMax - yMin) / CELLS || 1;
    this.chords.forEach(([p, q], i) => {
      const [b0, b1] = [this.band(Math.min(p[1], q[1])), this.band(Math.max(p[1], q[1]))];
      for (let b = b0; b <= b1; b++) this.bands[b].push(i);
      const [i0, i1] = [this.col(Math.min(p[0], q[0])), this.col(Math.max(p[0], q[0]))];
      const [j0, j1] = [this.row(Math.min(p[1], q[1])), this.row(Math.max(p[1], q[1]))];
      for (let a = i0; a <= i1; a++)
        for (let c = j0; c <= j1; c++) {
          const list = this.grid.get(a * 65536 + c);
          if (list) list.push(i);
          else this.grid.set(a * 65536 + c, [i]);
        }
    });
  }

  private band(y: number) {
    return Math.max(0, Math.min(BANDS - 1, Math.floor((y - this.y0) / this.bandH)));
  }
  private col(x: number) {
    return Math.floor((x - this.x0) / this.cell);
  }
  private row(y: number) {
    return Math.floor((y - this.y0) / this.cell);
  }

  /** Inside the face (even-odd over all loops: inside the outer loop and outside every hole). */
  inside(x: number, y: number): boolean {
    if (y < this.y0 || y > this.y0 + this.bandH * BANDS) return false;
    let inside = false;
    for (const i of this.bands[this.band(y)]) {
      const [p, q] = this.chords[i];
      if (p[1] > y !== q[1] > y && x < p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1])) inside = !inside;
    }
    return inside;
  }

  /** Whether some chord passes closer than r to (x, y). */
  near(x: number, y: number, r: number): boolean {
    const [i0, i1, j0, j1] = [this.col(x - r), this.col(x + r), this.row(y - r), this.row(y + r)];
    const close = (i: number) => {
      const [p, q] = this.chords[i];
      return segmentDistance(p[0], p[1], q[0], q[1], x, y) < r;
    };
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > MAX_CELLS_PER_QUERY) return this.chords.some((_, i) => close(i));
    for (let a = i0; a <= i1; a++) for (let c = j0; c <= j1; c++) for (const i of this.grid.get(a * 65536 + c) ?? []) if (close(i)) return true;
    return false;
  }
}
