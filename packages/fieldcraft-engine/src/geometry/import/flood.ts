// Triangles joined across shared edges: the one flood fill behind a surface's shells (validate.ts) and its
// named faces (faces.ts). Breadth-first from the lowest unvisited triangle, edges in corner order, so the
// regions and their triangle lists are the same for the same input.
import { checkCancelled } from "../../fem/cancel-scope.js";

/** Edge (lo, hi) keyed as lo * n + hi -> the triangles that have it, in triangle order. */
export function edgeTriangles(triangles: Int32Array, n: number): Map<number, number[]> {
  const edges = new Map<number, number[]>();
  for (let t = 0; t < triangles.length / 3; t++)
    for (let e = 0; e < 3; e++) {
      const u = triangles[3 * t + e], v = triangles[3 * t + ((e + 1) % 3)];
      const key = u < v ? u * n + v : v * n + u;
      const list = edges.get(key);
      if (list) list.push(t);
      else edges.set(key, [t]);
    }
  return edges;
}

/**
 * Decides a step from triangle t to its neighbour o across edge (u, v) as t lists it: true joins o to t's
 * region (when o has none yet), false does not, a string stops the fill with that error. `seen` says o
 * already has a region (checks between triangles already placed go here).
 */
export type FloodStep = (t: number, o: number, u: number, v: number, seen: boolean) => boolean | string;

export type FloodResult = { ok: true; regionOf: Int32Array; regions: number[][] } | { ok: false; error: string };

export function floodTriangles(triangles: Int32Array, edges: Map<number, number[]>, n: number, step: FloodStep): FloodResult {
  const m = triangles.length / 3;
  const regionOf = new Int32Array(m).fill(-1);
  const regions: number[][] = [];
  for (let seed = 0; seed < m; seed++) {
    if ((seed & 4095) === 0) checkCancelled();
    if (regionOf[seed] >= 0) continue;
    const id = regions.length;
    const list = [seed];
    regionOf[seed] = id;
    for (let q = 0; q < list.length; q++) {
      if ((q & 4095) === 4095) checkCancelled();
      const t = list[q];
      for (let e = 0; e < 3; e++) {
        const u = triangles[3 * t + e], v = triangles[3 * t + ((e + 1) % 3)];
        for (const o of edges.get(u < v ? u * n + v : v * n + u) ?? []) {
          if (o === t) continue;
          const seen = regionOf[o] >= 0;
          const r = step(t, o, u, v, seen);
          if (typeof r === "string") return { ok: false, error: r };
          if (r && !seen) {
            regionOf[o] = id;
            list.push(o);
          }
        }
      }
    }
    regions.push(list);
  }
  return { ok: true, regionOf, regions };
}
