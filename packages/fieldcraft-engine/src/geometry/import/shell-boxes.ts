// Which shells may hold a point: shells' bounding boxes filed in the engine's uniform grid (fem/spatial-grid.ts,
// about one shell per cell), so that a build of many small disjoint shells asks the (costly) winding number of a
// handful of candidates, not of all.
import { checkCancelled } from "../../fem/cancel-scope.js";
import { buildGrid, cellItems } from "../../fem/spatial-grid.js";
import type { Shell } from "./validate.js";

export interface ShellBoxes {
  /** Shells whose box holds the point (a shell whose box does not cannot hold it). */
  holding(px: number, py: number, pz: number): number[];
}

export function shellBoxes(positions: Float64Array, triangles: Int32Array, shells: Shell[]): ShellBoxes {
  const n = shells.length;
  // Per shell: lo x, y, z then hi x, y, z, as the grid files boxes.
  const boxes = new Float64Array(6 * n);
  shells.forEach((s, i) => {
    if ((i & 1023) === 0) checkCancelled();
    boxes.fill(Infinity, 6 * i, 6 * i + 3).fill(-Infinity, 6 * i + 3, 6 * i + 6);
    for (const t of s.triangles)
      for (let c = 0; c < 3; c++) {
        const v = 3 * triangles[3 * t + c];
        for (let k = 0; k < 3; k++) {
          boxes[6 * i + k] = Math.min(boxes[6 * i + k], positions[v + k]);
          boxes[6 * i + 3 + k] = Math.max(boxes[6 * i + 3 + k], positions[v + k]);
        }
      }
  });
  const grid = buildGrid(boxes, n, 1);
  const holds = (i: number, p: number[]) => p.every((v, k) => v >= boxes[6 * i + k] && v <= boxes[6 * i + 3 + k]);
  return {
    holding(px, py, pz) {
      const p = [px, py, pz];
      return Array.from(cellItems(grid, p)).filter((i) => holds(i, p));
    },
  };
}
