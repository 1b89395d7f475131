// Which shells may hold a point: shells' bounding boxes in a uniform grid (about one cell per shell), so that a
// build of many small disjoint shells asks the (costly) winding number of a handful of candidates, not of all.
import { checkCancelled } from "../../fem/cancel-scope.js";
import type { Shell } from "./validate.js";

/** A box covering more cells than this is kept in a list every query reads, not copied into every cell. */
const MAX_CELLS_PER_BOX = 64;

export interface ShellBoxes {
  /** Shells whose box holds the point (a shell whose box does not cannot hold it). */
  holding(px: number, py: number, pz: number): number[];
}

export function shellBoxes(positions: Float64Array, triangles: Int32Array, shells: Shell[]): ShellBoxes {
  const n = shells.length;
  const lo = new Float64Array(3 * n).fill(Infinity), hi = new Float64Array(3 * n).fill(-Infinity);
  const all = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  shells.forEach((s, i) => {
    if ((i & 1023) === 0) checkCancelled();
    for (const t of s.triangles)
      for (let c = 0; c < 3; c++) {
        const v = 3 * triangles[3 * t + c];
        for (let k = 0; k < 3; k++) {
          lo[3 * i + k] = Math.min(lo[3 * i + k], positions[v + k]);
          hi[3 * i + k] = Math.max(hi[3 * i + k], positions[v + k]);
        }
      }
    for (let k = 0; k < 3; k++) {
      all[k] = Math.min(all[k], lo[3 * i + k]);
      all[3 + k] = Math.max(all[3 + k], hi[3 * i + k]);
    }
  });
  const g = Math.max(1, Math.ceil(Math.cbrt(n)));
  const size = [0, 1, 2].map((k) => (all[3 + k] - all[k]) / g || 1);
  const cellOf = (x: number, k: number) => Math.min(g - 1, Math.max(0, Math.floor((x - all[k]) / size[k])));
  const cells = new Map<number, number[]>();
  const wide: number[] = [];
  for (let i = 0; i < n; i++) {
    if ((i & 1023) === 0) checkCancelled();
    const a = [0, 1, 2].map((k) => cellOf(lo[3 * i + k], k)), b = [0, 1, 2].map((k) => cellOf(hi[3 * i + k], k));
    if ((b[0] - a[0] + 1) * (b[1] - a[1] + 1) * (b[2] - a[2] + 1) > MAX_CELLS_PER_BOX) {
      wide.push(i);
      continue;
    }
    for (let x = a[0]; x <= b[0]; x++)
      for (let y = a[1]; y <= b[1]; y++)
        for (let z = a[2]; z <= b[2]; z++) {
          const key = (x * g + y) * g + z;
          const list = cells.get(key);
          if (list) list.push(i);
          else cells.set(key, [i]);
        }
  }
  const holds = (i: number, p: number[]) => p.every((v, k) => v >= lo[3 * i + k] && v <= hi[3 * i + k]);
  return {
    holding(px, py, pz) {
      const p = [px, py, pz];
      const key = (cellOf(px, 0) * g + cellOf(py, 1)) * g + cellOf(pz, 2);
      return [...(cells.get(key) ?? []), ...wide].filter((i) => holds(i, p));
    },
  };
}
