// Duplicate vertices of a triangle soup merged within a tolerance relative to the model's size (STL stores
// every corner again; exporters round differently), so that neighbouring triangles share corners.
import { checkCancelled } from "../../fem/cancel-scope.js";

export interface Indexed {
  positions: Float64Array;
  triangles: Int32Array;
}

export function weld(coords: Float64Array, relativeTolerance = 1e-7): Indexed {
  const n = coords.length / 3;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], coords[3 * i + k]);
      hi[k] = Math.max(hi[k], coords[3 * i + k]);
    }
  const diag = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
  const tol = relativeTolerance * diag;
  const cell = (v: number, k: number) => Math.floor((v - lo[k]) / tol);
  const grid = new Map<string, number[]>();
  const positions: number[] = [];
  const triangles = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if ((i & 4095) === 0) checkCancelled();
    const x = coords[3 * i], y = coords[3 * i + 1], z = coords[3 * i + 2];
    const cx = cell(x, 0), cy = cell(y, 1), cz = cell(z, 2);
    let found = -1;
    for (let dx = -1; dx <= 1 && found < 0; dx++)
      for (let dy = -1; dy <= 1 && found < 0; dy++)
        for (let dz = -1; dz <= 1 && found < 0; dz++) {
          const list = grid.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (!list) continue;
          for (const v of list)
            if (Math.abs(positions[3 * v] - x) <= tol && Math.abs(positions[3 * v + 1] - y) <= tol && Math.abs(positions[3 * v + 2] - z) <= tol) {
              found = v;
              break;
            }
        }
    if (found < 0) {
      found = positions.length / 3;
      positions.push(x, y, z);
      const key = `${cx},${cy},${cz}`;
      const list = grid.get(key);
      if (list) list.push(found);
      else grid.set(key, [found]);
    }
    triangles[i] = found;
  }
  return { positions: Float64Array.from(positions), triangles };
}
