// Shells to bodies: a shell inside another (by winding number) is a cavity of it (turned inward); shells
// that lie in no other, or inside a cavity, are bodies of their own.
import type { Body, Vec3 } from "../types.js";
import { checkCancelled } from "../../fem/cancel-scope.js";
import { nameFaces } from "./faces.js";
import { shellBoxes } from "./shell-boxes.js";
import type { Shell } from "./validate.js";

/** Body of kind "mesh": the welded, outward-oriented surface with a face index per triangle. */
export interface ImportedSurface {
  positions: Float64Array;
  triangles: Int32Array;
  faceOf: Int32Array;
}

export function shellsToBodies(positions: Float64Array, triangles: Int32Array, shells: Shell[], baseName: string, featureAngle: number): Body[] {
  const inside = (point: number, shell: Shell) => windingNumber(positions, triangles, shell, point) > 0.5;
  const depth = shells.map(() => 0);
  const parent = shells.map(() => -1);
  // Only shells whose box holds the probe can hold it: many disjoint shells cost linear time, not quadratic.
  const boxes = shellBoxes(positions, triangles, shells);
  shells.forEach((s, i) => {
    checkCancelled();
    const probe = triangles[3 * s.triangles[0]];
    let best = -1;
    for (const j of boxes.holding(positions[3 * probe], positions[3 * probe + 1], positions[3 * probe + 2])) {
      const o = shells[j];
      if (i === j || !inside(probe, o)) continue;
      depth[i]++;
      if (best < 0 || o.volume < shells[best].volume) best = j;
    }
    parent[i] = best;
  });
  const roots = shells.map((_, i) => i).filter((i) => depth[i] % 2 === 0);
  // Largest first, so names are stable.
  roots.sort((a, b) => shells[b].volume - shells[a].volume || a - b);
  const cavitiesOf = new Map<number, number[]>();
  shells.forEach((_, i) => {
    if (parent[i] < 0 || depth[i] % 2 === 0) return;
    const list = cavitiesOf.get(parent[i]);
    if (list) list.push(i);
    else cavitiesOf.set(parent[i], [i]);
  });
  return roots.map((r, k) => {
    checkCancelled();
    const cavities = cavitiesOf.get(r) ?? [];
    const tris: number[] = [];
    for (const t of shells[r].triangles) tris.push(triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]);
    for (const c of cavities) for (const t of shells[c].triangles) tris.push(triangles[3 * t], triangles[3 * t + 2], triangles[3 * t + 1]);
    // Own vertex numbering per body.
    const map = new Map<number, number>();
    const pos: number[] = [];
    const local = Int32Array.from(tris, (v) => {
      let i = map.get(v);
      if (i === undefined) {
        i = pos.length / 3;
        map.set(v, i);
        pos.push(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
      }
      return i;
    });
    const p = Float64Array.from(pos);
    const named = nameFaces(p, local, featureAngle);
    const lo: Vec3 = [Infinity, Infinity, Infinity], hi: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length / 3; i++)
      for (let d = 0; d < 3; d++) {
        lo[d] = Math.min(lo[d], p[3 * i + d]);
        hi[d] = Math.max(hi[d], p[3 * i + d]);
      }
    const volume = shells[r].volume - cavities.reduce((s, c) => s + shells[c].volume, 0);
    const body: Body = {
      name: roots.length === 1 ? baseName : `${baseName}-${k + 1}`,
      kind: "mesh",
      features: [],
      faces: named.faces,
      edges: named.edges,
      volume,
      bbox: { min: lo, max: hi },
      surface: { positions: p, triangles: local, faceOf: named.faceOf },
    };
    return body;
  });
}

/** Generalised winding number of a closed outward shell at a vertex position (1 inside, 0 outside). */
function windingNumber(x: Float64Array, tri: Int32Array, shell: Shell, v: number): number {
  const px = x[3 * v], py = x[3 * v + 1], pz = x[3 * v + 2];
  let w = 0;
  for (const t of shell.triangles) {
    const a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
    const ax = x[a] - px, ay = x[a + 1] - py, az = x[a + 2] - pz;
    const bx = x[b] - px, by = x[b + 1] - py, bz = x[b + 2] - pz;
    const cx = x[c] - px, cy = x[c + 1] - py, cz = x[c + 2] - pz;
    const la = Math.hypot(ax, ay, az), lb = Math.hypot(bx, by, bz), lc = Math.hypot(cx, cy, cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la + (cx * ax + cy * ay + cz * az) * lb;
    w += 2 * Math.atan2(det, den);
  }
  return w / (4 * Math.PI);
}
