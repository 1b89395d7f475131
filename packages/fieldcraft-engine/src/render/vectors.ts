// Velocity arrows: a nodal vector field drawn as arrows at sampled nodes. The nodes are sampled on a coarse lattice
// over the mesh's bounding box (in each lattice cell the node nearest its centre), so the arrows spread evenly
// through the volume whatever the mesh's grading, and nodes where the field nearly vanishes (no-slip walls) are
// skipped. Interior arrows would hide behind the boundary's contour, so they are drawn over it: the picture
// shows the flow's direction through the body, the contour its speed on the boundary.
import type { Vec3 } from "../geometry/types.js";
import type { Mesh } from "../mesh/types.js";
import type { Rgb } from "./raster.js";

export interface SceneVectors {
  name: string;
  /** 3 per mesh node. */
  values: Float64Array;
  /** Most arrows drawn (default 150). */
  max?: number;
}

export interface VectorArrow {
  tail: Vec3;
  head: Vec3;
}

/** Dark violet: no band of the rainbow map (blue-cyan-green-yellow-red, shaded or darkened) has red and blue without green. */
export const VECTOR_COLOR: Rgb = [150, 0, 190];
export const DEFAULT_MAX_ARROWS = 150;
/** Below this fraction of the largest magnitude a node gets no arrow. */
const SMALL = 0.05;

/** Arrows at sampled nodes, the longest (the largest magnitude) 0.9 lattice cells long. */
export function sampleArrows(mesh: Mesh, values: Float64Array, max = DEFAULT_MAX_ARROWS): VectorArrow[] {
  const X = mesh.nodes;
  const nn = X.length / 3;
  const used = new Uint8Array(nn);
  for (let i = 0; i < mesh.elements.length; i++) used[mesh.elements[i]] = 1;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  let peak = 0;
  for (let n = 0; n < nn; n++) {
    if (!used[n]) continue;
    for (let c = 0; c < 3; c++) {
      lo[c] = Math.min(lo[c], X[3 * n + c]);
      hi[c] = Math.max(hi[c], X[3 * n + c]);
    }
    peak = Math.max(peak, Math.hypot(values[3 * n], values[3 * n + 1], values[3 * n + 2]));
  }
  if (!(peak > 0) || !Number.isFinite(peak)) return [];
  // Lattice cells of about equal size whose count is near 2 max (about half hold a moving node).
  const ext = [0, 1, 2].map((c) => Math.max(hi[c] - lo[c], 0));
  const longest = Math.max(...ext);
  const volumeShare = ext.map((e) => Math.max(e, 0.05 * longest) / longest);
  const k = Math.cbrt((2 * max) / (volumeShare[0] * volumeShare[1] * volumeShare[2]));
  const cells = volumeShare.map((s) => Math.max(1, Math.round(k * s)));
  const size = ext.map((e, c) => (e > 0 ? e / cells[c] : 1));
  const best = new Map<number, { node: number; d: number }>();
  for (let n = 0; n < nn; n++) {
    if (!used[n]) continue;
    const speed = Math.hypot(values[3 * n], values[3 * n + 1], values[3 * n + 2]);
    if (speed < SMALL * peak) continue;
    let key = 0, d = 0;
    for (let c = 2; c >= 0; c--) {
      const t = (X[3 * n + c] - lo[c]) / size[c];
      const i = Math.min(cells[c] - 1, Math.max(0, Math.floor(t)));
      key = key * cells[c] + i;
      d += (t - i - 0.5) ** 2;
    }
    const b = best.get(key);
    if (!b || d < b.d) best.set(key, { node: n, d });
  }
  const chosen = [...best.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b.node);
  // Keep at most `max`, spread through the lattice order.
  const step = chosen.length > max ? chosen.length / max : 1;
  const length = 0.9 * Math.min(...size.filter((s, c) => ext[c] > 0));
  const out: VectorArrow[] = [];
  for (let i = 0; i < chosen.length && out.length < max; i += step) {
    const n = chosen[Math.floor(i)];
    const f = length / peak;
    const tail: Vec3 = [X[3 * n], X[3 * n + 1], X[3 * n + 2]];
    out.push({ tail, head: [tail[0] + f * values[3 * n], tail[1] + f * values[3 * n + 1], tail[2] + f * values[3 * n + 2]] });
  }
  return out;
}
