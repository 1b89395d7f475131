// Element counts estimated before a mesher starts, so a mesh over the cap is refused at once, naming the estimate and
// the size that would fit, instead of after minutes of work. The meshers keep their exact counts as a backstop.
// Factors are calibrated on what each mesher makes (bench/mesh-estimates.ts) and set at the low end, so an estimate
// stays below the true count or near it: a refusal never turns away a mesh that would fit by more than about 2x.
import { analyzeBoxUnion } from "../geometry/boxBody.js";
import type { Body, BoxFeature, ExtrudeFeature, Vec2 } from "../geometry/types.js";
import { curvatureSources, sizeField, type SizeField } from "./general/sizing.js";
import { defaultSize, divisions } from "./options.js";

/**
 * The general mesher makes about 13 tets per size^3 of volume once volume dominates (12.7 to 13.7 measured on a box,
 * a sphere and a torus), more at coarse sizes where the boundary weighs in (about 10 per size^2 of area on the box).
 */
export const GENERAL_TETS_PER_VOLUME = 12;
export const GENERAL_TETS_PER_AREA = 4;

export type MeshKind = "tet" | "hex" | "wedge";

/** An element count a body would get at `size`; `low`: it may fall short of the mesher's count by up to 2x. */
export interface BodyEstimate {
  elements: number;
  low: boolean;
}

/** Solid grid cells of a box union with the divisions each axis interval gets at `size` (no seeds). */
function boxCells(body: Body, size: number): number {
  const made = analyzeBoxUnion(body.features as BoxFeature[], body.cuts);
  if (!made.ok) return 0;
  const { grid } = made.geometry;
  const per = grid.coords.map((c) => Array.from({ length: c.length - 1 }, (_, i) => divisions(c[i + 1] - c[i], size)));
  const [nx, ny] = [grid.n[0], grid.n[1]];
  let cells = 0;
  for (let k = 0; k < grid.n[2]; k++)
    for (let j = 0; j < ny; j++) for (let i = 0; i < nx; i++) if (grid.inside[i + nx * (j + ny * k)]) cells += per[0][i] * per[1][j] * per[2][k];
  return cells;
}

/**
 * Triangles of a profile at `size`: a triangulation of V points, B of them on the boundary, has 2V - B - 2; the
 * inside points are about the area over an equilateral pair's (0.9 of it: the Delaunay refinement is not that dense).
 */
function profileTriangles(profile: readonly Vec2[], size: number): number {
  let boundary = 0, area = 0;
  profile.forEach((p, k) => {
    const q = profile[(k + 1) % profile.length];
    boundary += divisions(Math.hypot(q[0] - p[0], q[1] - p[1]), size);
    area += p[0] * q[1] - q[0] * p[1];
  });
  const inside = (0.9 * Math.abs(area / 2)) / ((size * size * Math.sqrt(3)) / 2);
  return Math.max(1, 2 * inside + boundary - 2);
}

/** An extrusion's layers at `size` (seeds along the sweep change them; the mesher counts exactly). */
const layersOf = (f: ExtrudeFeature, size: number) => divisions(Math.abs(f.to - f.from), size);

/**
 * ∫ dV / h^3 over a closed outward surface's solid, h the local size field: the solid as the signed cones from the
 * box centre to each triangle, each sampled along its axis (the cone's cross-section grows as t^2). No inside test,
 * linear in the triangles; a sample of triangles stands for all on a big surface.
 */
function fieldIntegrals(x: Float64Array, tri: Int32Array, field: SizeField): { volume: number; area: number } {
  const m = tri.length / 3;
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < x.length; i += 3)
    for (let k = 0; k < 3; k++) (lo[k] = Math.min(lo[k], x[i + k])), (hi[k] = Math.max(hi[k], x[i + k]));
  const o = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2);
  const T = [0.125, 0.375, 0.625, 0.875, 0.97];
  const W = [0.25, 0.25, 0.25, 0.19, 0.06].map((w, k) => w * 3 * T[k] ** 2);
  const wsum = W.reduce((a, b) => a + b, 0);
  const stride = Math.max(1, Math.ceil(m / 40_000));
  let volume = 0, area = 0;
  for (let t = 0; t < m; t += stride) {
    const a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
    const u = [0, 1, 2].map((k) => x[b + k] - x[a + k]), w = [0, 1, 2].map((k) => x[c + k] - x[a + k]);
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    const g = [0, 1, 2].map((k) => (x[a + k] + x[b + k] + x[c + k]) / 3);
    const cone = (n[0] * (g[0] - o[0]) + n[1] * (g[1] - o[1]) + n[2] * (g[2] - o[2])) / 6;
    let f = 0;
    T.forEach((s, k) => (f += (W[k] / wsum) * field.at(o[0] + s * (g[0] - o[0]), o[1] + s * (g[1] - o[1]), o[2] + s * (g[2] - o[2])) ** -3));
    volume += stride * cone * f;
    area += (stride * Math.hypot(n[0], n[1], n[2])) / 2 / field.at(g[0], g[1], g[2]) ** 2;
  }
  return { volume, area };
}

/** The general mesher's count on an imported (or general polyhedron) body: `tolerance` shrinks sizes where it bends. */
function surfaceEstimate(body: Body, size: number, tolerance: number | undefined): number {
  const s = body.surface!;
  let volume = 0, area = 0;
  const x = s.positions, tri = s.triangles;
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < x.length; i += 3)
    for (let k = 0; k < 3; k++) (lo[k] = Math.min(lo[k], x[i + k])), (hi[k] = Math.max(hi[k], x[i + k]));
  for (let t = 0; t < tri.length; t += 3) {
    const a = 3 * tri[t], b = 3 * tri[t + 1], c = 3 * tri[t + 2];
    const u = [0, 1, 2].map((k) => x[b + k] - x[a + k]), w = [0, 1, 2].map((k) => x[c + k] - x[a + k]);
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    volume += (n[0] * x[a] + n[1] * x[a + 1] + n[2] * x[a + 2]) / 6;
    area += Math.hypot(n[0], n[1], n[2]) / 2;
  }
  // The uniform count: the field is never larger than `size`, so this is the least the local sizes can give.
  const uniform = GENERAL_TETS_PER_VOLUME * (volume / size ** 3) + GENERAL_TETS_PER_AREA * (area / size ** 2);
  if (tolerance === undefined) return uniform;
  const points: number[] = [], sizes: number[] = [];
  curvatureSources(x, tri, s.faceOf, tolerance, size, points, sizes);
  if (sizes.length === 0) return uniform;
  const field = sizeField(size, lo, hi, points, sizes);
  const integral = fieldIntegrals(x, tri, field);
  return Math.max(uniform, GENERAL_TETS_PER_VOLUME * integral.volume + GENERAL_TETS_PER_AREA * integral.area);
}

/** About how many elements of `kind` a body gets at `size` from the mesher that takes it. */
export function estimateBody(body: Body, kind: MeshKind, size: number, tolerance?: number): BodyEstimate {
  if (body.kind === "boxes") {
    const cells = boxCells(body, size);
    return kind === "tet" ? { elements: 6 * cells, low: false } : { elements: cells, low: false };
  }
  if (body.kind === "extrude") {
    const f = body.features[0] as ExtrudeFeature;
    const layers = layersOf(f, size);
    // Three tets per prism; wedges one a triangle; three quadrilaterals per triangle of the profile at twice the size,
    // counted 2.5 (three came out 1.3 to 1.9 times over: bench/mesh-estimates.ts).
    if (kind === "tet") return { elements: 3 * profileTriangles(f.profile, size) * layers, low: false };
    if (kind === "wedge") return { elements: profileTriangles(f.profile, size) * layers, low: false };
    return { elements: 2.5 * profileTriangles(f.profile, 2 * size) * layers, low: false };
  }
  if (body.surface && kind === "tet") return { elements: surfaceEstimate(body, size, tolerance), low: true };
  return { elements: 0, low: false };
}

/**
 * Nodes per element of a big mesh by family, on the low side (corners shared by about 6 tets, 1 hexahedron, half a
 * wedge; quadratic families add a node per edge): the node cap turned into an element count.
 */
export const NODES_PER_ELEMENT: Readonly<Record<string, number>> = { C3D4: 1 / 6.5, C3D10: 1.2, C3D8: 0.9, C3D8R: 0.9, C3D20: 3.6, C3D20R: 3.6, C3D6: 0.45, C3D15: 2.2 };

/** Rounded up to two significant digits: a size to quote. */
function roundUp(x: number): number {
  const p = 10 ** (Math.floor(Math.log10(x)) - 1);
  return Number((Math.ceil(x / p - 1e-9) * p).toPrecision(12));
}

function shown(n: number): string {
  if (!Number.isFinite(n) || n > 1e15) return "far more than";
  if (n >= 1e6) return `${n >= 1e8 ? Math.round(n / 1e6) : (n / 1e6).toPrecision(2)} million`;
  return String(Math.round(n));
}

/**
 * Null when the bodies' estimated total fits `cap`, else the refusal: the estimate at the sizes asked and the size
 * (all sizes scaled alike, quoted for `lead`) from which the estimate fits, found by scaling the sizes as the count
 * falls (about as size^-3; a tolerance's local sizes fall slower, so the scale is checked, not assumed).
 */
export function refuseOverCap(
  rows: readonly { body: Body; kind: MeshKind; size: number }[],
  caps: { maxElements: number; maxNodes?: number; family?: string },
  tolerance?: number,
  what = "the mesh",
): string | null {
  if (rows.length === 0) return null;
  // The tighter of the two caps, in elements: the node cap through the family's nodes per element.
  const perNode = caps.family !== undefined ? NODES_PER_ELEMENT[caps.family] : undefined;
  const byNodes = perNode !== undefined && caps.maxNodes !== undefined && caps.maxNodes / perNode < caps.maxElements;
  const cap = byNodes ? caps.maxNodes! / perNode! : caps.maxElements;
  const [unit, capName, capValue, per] = byNodes ? ["nodes", "maxNodes", caps.maxNodes!, perNode!] : ["elements", "maxElements", caps.maxElements, 1];
  const total = (scale: number) => rows.reduce((sum, r) => sum + estimateBody(r.body, r.kind, scale * r.size, tolerance).elements, 0);
  const each = rows.map((r) => estimateBody(r.body, r.kind, r.size, tolerance));
  const now = each.reduce((a, b) => a + b.elements, 0);
  if (!(now > cap)) return null;
  const counts = each.map((e) => e.elements);
  const lead = rows[counts.indexOf(Math.max(...counts))];
  // The size quoted must fit: an estimate that may fall short by 2x is searched down to half the cap.
  const target = each.some((e) => e.low) ? cap / 2 : cap;
  // A size so small the count overflows: start the search from the body's default size (its box / 20).
  let scale = Number.isFinite(now) ? 1 : defaultSize(lead.body) / lead.size;
  let count = Number.isFinite(now) ? now : total(scale);
  // A tolerance's field takes a few hundred ms to build: its search takes two steps, quoting what it reached (a
  // count of steps, not a clock, so every machine gives the same answer).
  const steps = tolerance !== undefined ? 2 : 12;
  for (let step = 0; step < steps && count > target; step++) {
    scale *= Math.max(1.05, (count / target) ** (1 / 3) * 1.02);
    count = total(roundUp(scale * lead.size) / lead.size);
  }
  const names = rows.length === 1 ? `body "${lead.body.name}": ` : "";
  const about = (n: number) => (shown(n * per) === "far more than" ? `far more than ${capValue}` : `about ${shown(n * per)}`);
  // No size fits when even one element per feature is too many: say so rather than quote a size that does not fit.
  const least = count > target ? total(1e6 * (20 * defaultSize(lead.body) + 1) / lead.size) : 0;
  const fits =
    count <= target
      ? `size ${roundUp(scale * lead.size)} or larger fits`
      : least > target
        ? `no size fits: the coarsest mesh has ${about(least)} ${unit}`
        : `size ${roundUp(scale * lead.size)} still gives ${about(count)}${tolerance !== undefined ? `; raise tolerance (now ${tolerance}) or the size` : "; use a larger size"}`;
  return `${names}at size ${lead.size} ${what} would have ${about(now)} ${unit}, above the cap ${capName} = ${capValue}; ${fits}, or raise ${capName} (estimated before meshing)`;
}
