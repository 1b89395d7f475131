// mesh.hex_sweep: an extrusion's profile meshed in quadrilaterals (quadProfile.ts) and swept in layers along the
// extrusion into hexahedra. Every layer repeats the profile mesh, so the mesh conforms by construction; the quads
// turn counter-clockwise in the sketch plane's right-handed (u, v, w) frame, so with layers in increasing w every
// hexahedron has positive volume. Seeds on the edges along the sweep set (and grade) the layers; seeds on profile
// edges set that edge's divisions (even: the profile's triangle sides are halved).
import { endFace, sideFace, startFace } from "../geometry/extrudeBody.js";
import { planePoint } from "../geometry/planes.js";
import type { Body, ExtrudeFeature } from "../geometry/types.js";
import { family } from "../fem/families/index.js";
import type { HexFamilyName } from "./block.js";
import { checkAbort, divisions, MeshFailure } from "./options.js";
import { quadProfile, quadQuality, type QuadProfileMesh, type QuadQuality } from "./quadProfile.js";
import { triangulateProfile } from "./profile2d.js";

/** Triangles' scaled Jacobian (2 / sqrt 3 times the sine of the least angle: 1 for equilateral). */
function triangleQuality(p: Float64Array, tri: Int32Array, threshold = 0.2): QuadQuality {
  const n = tri.length / 3;
  let min = Infinity, sum = 0, below = 0;
  for (let k = 0; k < n; k++) {
    let least = Infinity;
    for (let c = 0; c < 3; c++) {
      const i = tri[3 * k + c], a = tri[3 * k + ((c + 1) % 3)], b = tri[3 * k + ((c + 2) % 3)];
      const ax = p[2 * a] - p[2 * i], ay = p[2 * a + 1] - p[2 * i + 1], bx = p[2 * b] - p[2 * i], by = p[2 * b + 1] - p[2 * i + 1];
      least = Math.min(least, (ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by)));
    }
    const sj = (2 / Math.sqrt(3)) * least;
    min = Math.min(min, sj);
    sum += sj;
    if (sj < threshold) below++;
  }
  return { count: n, min, mean: n ? sum / n : 0, below, threshold };
}
import { gradedFractions, type IntervalGrading, type SeedRule } from "./seeds.js";
import type { Mesh } from "./types.js";

export interface SweepOptions {
  size: number;
  /** Layers along the extrusion; default from the seeds, else depth / size. */
  layers?: number;
  /** The family: hexahedra (C3D8, C3D8R, C3D20, C3D20R) from the quadrilateral profile, or wedges (C3D6, C3D15) from its triangles. */
  type: HexFamilyName | "C3D6" | "C3D15";
  seeds: readonly SeedRule[];
  maxElements: number;
  maxNodes: number;
  signal?: AbortSignal;
}

export interface SweepStats {
  layers: number;
  /** The profile's quadrilaterals (hexahedra) or triangles (wedges; scaled Jacobian of a triangle: 2 / sqrt 3 sin of its least angle). */
  quads: QuadQuality;
  seeds: { seed: number; edge: string; count: number }[];
}

export type SweepResult = { ok: true; mesh: Mesh; stats: SweepStats } | { ok: false; error: string };

/**
 * What the seeds ask of a sweep: layers (and their grading) and divisions per profile edge. `even`: profile
 * counts must be even (the hexahedral sweep halves the triangles' sides; the tet mesher takes any count).
 */
export function sweepSeedPlan(body: Body, f: ExtrudeFeature, seeds: readonly SeedRule[], size: number, fixedLayers?: number, even = true) {
  // Side faces by the feature's own names: a partition cell's cut side is `partition:<p>:<a|b>`, not `<id>:side:k`.
  const sideIndex = new Map(f.profile.map((_, k) => [sideFace(f, k + 1), k + 1]));
  const profileEdge = (name: string): number | null => {
    const side = body.edges.find((e) => e.name === name)?.faces.find((x) => sideIndex.has(x));
    return side === undefined ? null : sideIndex.get(side)!;
  };
  const alongSweep = (name: string) => body.edges.find((e) => e.name === name)?.faces.every((x) => sideIndex.has(x)) ?? false;
  let layers: { count: number; by: string; constraint: SeedRule["constraint"] } | undefined;
  let grading: IntervalGrading | undefined;
  const perEdge = new Map<number, { count: number; by: string }>();
  const order = { exact: 0, min: 1, free: 2 } as const;
  const rules = [...seeds].sort((a, b) => order[a.constraint] - order[b.constraint]);
  const depth = Math.abs(f.to - f.from);
  for (const r of rules)
    for (const name of r.edges) {
      const edge = body.edges.find((e) => e.name === name);
      if (!edge) continue; // stale: mesh.seed.list shows it
      let count = r.count ?? Math.max(1, Math.ceil(edge.length / r.size! - 1e-9));
      if (alongSweep(name)) {
        if (layers && layers.count !== count) {
          if (r.constraint === "free" || (r.constraint === "min" && layers.count >= count)) continue;
          if (!(r.constraint === "min" && layers.constraint !== "exact"))
            return { ok: false as const, error: `seeds conflict: ${r.label} asks ${count} layers on edge "${name}", but ${layers.by} asks ${layers.count}; change or clear one of them (mesh.seed.clear)` };
        }
        layers = { count, by: r.label, constraint: r.constraint };
        // The sweep edges run from the lower w to the higher, so their start is the low end of every layer stack.
        if (r.bias) grading = { ratio: r.bias.ratio, small: r.bias.toward === "both" ? "both" : r.bias.toward === "start" ? "low" : "high" };
        continue;
      }
      const k = profileEdge(name);
      if (k === null) continue;
      if (even && count % 2 === 1) {
        if (r.constraint === "exact")
          return { ok: false as const, error: `seed ${r.label}: ${count} divisions on edge "${name}" is odd, and the all-quadrilateral profile halves every triangle side, so profile edges take even counts; seed ${count + 1} or ${count - 1}` };
        count++;
      }
      const had = perEdge.get(k);
      if (had && had.count !== count) {
        if (r.constraint !== "exact") continue;
        return { ok: false as const, error: `seeds conflict: ${r.label} asks ${count} divisions on edge "${name}", but ${had.by} asks ${had.count} on the same profile edge; change or clear one of them (mesh.seed.clear)` };
      }
      perEdge.set(k, { count, by: r.label });
    }
  const n = fixedLayers ?? layers?.count ?? divisions(depth, size);
  return { ok: true as const, layers: n, grading, perEdge, alongSweep, profileEdge };
}

export function sweepHexMesh(body: Body, o: SweepOptions): SweepResult {
  if (body.kind !== "extrude") return { ok: false, error: `body "${body.name}" is a box union, not an extrusion: use hex_blocks (or hex)` };
  const f = body.features[0] as ExtrudeFeature;
  const fam = family(o.type);
  const wedges = fam.shape === "wedge";
  const plan = sweepSeedPlan(body, f, o.seeds, o.size, o.layers, !wedges);
  if (!plan.ok) return plan;
  let pm: QuadProfileMesh & { cells: Int32Array; per: number };
  try {
    const divisionsOf = (k: number) => plan.perEdge.get(k)?.count;
    if (wedges) {
      const t = triangulateProfile(f.profile, o.size, o.signal, divisionsOf);
      pm = { ...t, quads: new Int32Array(), cells: t.triangles, per: 3 };
    } else {
      const q = quadProfile(f.profile, o.size, o.signal, divisionsOf);
      pm = { ...q, cells: q.quads, per: 4 };
    }
  } catch (e) {
    if (e instanceof MeshFailure) return { ok: false, error: `body "${body.name}": ${e.message}` };
    throw e;
  }
  checkAbort(o.signal);
  const quality = wedges ? triangleQuality(pm.points, pm.cells) : quadQuality(pm.points, pm.cells);
  if (!(quality.min > 0)) return { ok: false, error: `body "${body.name}": the profile's quadrilateral mesh has an inverted quad at size ${o.size}; try a different size, or use tet` };
  const per = pm.per, np = pm.points.length / 2, nq = pm.cells.length / per, L = plan.layers;
  const elementCount = nq * L;
  if (elementCount > o.maxElements) return { ok: false, error: `body "${body.name}": the mesh would have ${elementCount} elements, above the cap maxElements = ${o.maxElements}; use a larger size (now ${o.size}) or raise maxElements` };
  const cornerCount = np * (L + 1);
  if (cornerCount > o.maxNodes) return { ok: false, error: `body "${body.name}": the mesh would have ${cornerCount} nodes, above the cap maxNodes = ${o.maxNodes}; use a larger size or raise maxNodes` };
  // Layer heights in increasing w.
  const lo = Math.min(f.from, f.to), hi = Math.max(f.from, f.to);
  const t = gradedFractions(L, plan.grading);
  const nodes: number[] = [];
  for (let l = 0; l <= L; l++) {
    checkAbort(o.signal);
    const w = l === L ? hi : lo + (hi - lo) * t[l];
    for (let p = 0; p < np; p++) nodes.push(...planePoint(f.plane, pm.points[2 * p], pm.points[2 * p + 1], w));
  }
  const faceIndex = new Map(body.faces.map((face, i) => [face.name, i]));
  // The feature's own face names (a partition cell renames its cut end or side), never `<id>:start` by pattern.
  const named = (name: string) => {
    const i = faceIndex.get(name);
    if (i === undefined) throw new Error(`internal: body "${body.name}" has no face "${name}"`);
    return i;
  };
  const lowFace = named(f.from < f.to ? startFace(f) : endFace(f));
  const highFace = named(f.from < f.to ? endFace(f) : startFace(f));
  const sideOf = new Map<number, number>();
  for (let s = 0; s < pm.segmentEdge.length; s++) {
    const a = pm.segments[2 * s], b = pm.segments[2 * s + 1];
    sideOf.set(Math.min(a, b) * np + Math.max(a, b), named(sideFace(f, pm.segmentEdge[s])));
  }
  const corners = new Int32Array(2 * per * elementCount);
  const bel: number[] = [], bside: number[] = [], btag: number[] = [];
  let e = 0;
  for (let l = 0; l < L; l++) {
    checkAbort(o.signal);
    for (let k = 0; k < nq; k++, e++) {
      for (let c = 0; c < per; c++) {
        corners[2 * per * e + c] = l * np + pm.cells[per * k + c];
        corners[2 * per * e + per + c] = (l + 1) * np + pm.cells[per * k + c];
      }
      if (l === 0) (bel.push(e), bside.push(0), btag.push(lowFace));
      if (l === L - 1) (bel.push(e), bside.push(1), btag.push(highFace));
      // Side 2 + c is the face over the profile cell's side from corner c to c + 1 (hexahedra and wedges alike).
      for (let c = 0; c < per; c++) {
        const a = pm.cells[per * k + c], b = pm.cells[per * k + ((c + 1) % per)];
        const face = sideOf.get(Math.min(a, b) * np + Math.max(a, b));
        if (face !== undefined) (bel.push(e), bside.push(2 + c), btag.push(face));
      }
    }
  }
  const out = fam.order === 2 ? withMidEdgeNodes(Float64Array.from(nodes), corners, fam.edges, fam.nodes, o.signal) : { nodes: Float64Array.from(nodes), elements: corners };
  if (out.nodes.length / 3 > o.maxNodes) return { ok: false, error: `body "${body.name}": the mesh would have ${out.nodes.length / 3} nodes, above the cap maxNodes = ${o.maxNodes}; use a larger size or raise maxNodes` };
  const mesh: Mesh = {
    type: o.type,
    nodes: out.nodes,
    elements: out.elements,
    elementBody: new Int32Array(elementCount),
    bodies: [body.name],
    boundary: { element: Int32Array.from(bel), side: Uint8Array.from(bside), tag: Int32Array.from(btag) },
    faceTags: body.faces.map((face) => ({ body: body.name, face: face.name })),
  };
  // What each seeded edge got, counted from the mesh's own divisions.
  const seeds = o.seeds.flatMap((r) =>
    r.edges.flatMap((name) => {
      if (!body.edges.some((x) => x.name === name)) return [];
      if (plan.alongSweep(name)) return [{ seed: Number(r.label.slice(1)), edge: name, count: L }];
      const k = plan.profileEdge(name);
      if (k === null) return [];
      let count = 0;
      for (let s = 0; s < pm.segmentEdge.length; s++) if (pm.segmentEdge[s] === k) count++;
      return [{ seed: Number(r.label.slice(1)), edge: name, count }];
    }),
  );
  return { ok: true, mesh, stats: { layers: L, quads: quality, seeds } };
}

/**
 * Corner elements (8 or 6 corners each) to their quadratic family: one node at the middle of each distinct edge,
 * shared by every element around it, in the family's mid-side order (edge k's node is local node corners + k).
 */
export function withMidEdgeNodes(corners: Float64Array, elements: Int32Array, edges: readonly (readonly [number, number])[], npe: number, signal?: AbortSignal): { nodes: Float64Array; elements: Int32Array } {
  const nc = npe - edges.length;
  const ne = elements.length / nc;
  const base = corners.length / 3;
  const xyz: number[] = Array.from(corners);
  const mid = new Map<number, number>();
  const out = new Int32Array(ne * npe);
  for (let e = 0; e < ne; e++) {
    if ((e & 4095) === 0) checkAbort(signal);
    for (let c = 0; c < nc; c++) out[e * npe + c] = elements[e * nc + c];
    edges.forEach(([p, q], k) => {
      const a = elements[e * nc + p], b = elements[e * nc + q];
      const key = Math.min(a, b) * base + Math.max(a, b);
      let m = mid.get(key);
      if (m === undefined) {
        m = xyz.length / 3;
        xyz.push((corners[3 * a] + corners[3 * b]) / 2, (corners[3 * a + 1] + corners[3 * b + 1]) / 2, (corners[3 * a + 2] + corners[3 * b + 2]) / 2);
        mid.set(key, m);
      }
      out[e * npe + nc + k] = m;
    });
  }
  return { nodes: Float64Array.from(xyz), elements: out };
}
