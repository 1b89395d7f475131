// A boundary-conforming tetrahedral mesher for any closed, manifold, consistently oriented triangle surface.
// Delaunay refinement: the surface points are triangulated (Bowyer-Watson, exact predicates), the boundary
// is recovered by halving surface pieces that are missing (conforming recovery: every boundary facet of
// the result is a piece of an input triangle), then bad or large tets inside are split at their
// circumcentres; a circumcentre that would cross or crowd the boundary splits the boundary piece instead.
// Sizes come from a local field (sizing.ts: `size`, `tolerance`, edge seeds); slivers left by refinement
// are removed by flips, edge removals and interior vertex moves (improve.ts).
import { SIDE_OPPOSITE } from "../tet.js";
import { Mode, Outcome, Triangulation } from "./triangulation.js";
import { SubSurface } from "./surface.js";
import { dihedralScore, minDihedral, radiusEdge, scoreOfAngle, shortestEdge2 } from "./tet-measures.js";
import { orient, triangleCircumcentre } from "./predicates.js";
import { improveSlivers } from "./improve.js";
import { heartbeat } from "../../fem/cancel-scope.js";
import { seedSources, type SeedChain } from "./edge-seeds.js";
import { curvatureSources, sizeField } from "./sizing.js";

export interface ClosedSurface {
  /** x, y, z per vertex. */
  positions: Float64Array;
  /** Three vertex indices per triangle, counter-clockwise seen from outside the solid (outward normals). */
  triangles: Int32Array;
  /** A face tag per triangle; boundary facets of the mesh carry the tag of the triangle they lie on. */
  faceTags: Int32Array;
  /** Names of the tags, for errors that say where the surface is wrong. */
  faceNames?: readonly string[];
}

export interface GeneralMeshOptions {
  /** Target edge length. */
  size: number;
  /** Largest circumradius over shortest edge a tet inside may keep (default 2, as Shewchuk's refinement). */
  radiusEdge?: number;
  /** Tets with a smaller dihedral angle (degrees) are split too, as far as the rounds allow (default 10). */
  sliverAngle?: number;
  maxNodes?: number;
  maxElements?: number;
  /**
   * Largest distance between the faceted surface read as a smooth one and a chord of the mesh: elements
   * shrink where neighbouring triangles of one face turn by a large angle for their size (sizing.ts).
   */
  tolerance?: number;
  /** Edge seeds as chains of input vertex ids with node fractions: sizes along them (edge-seeds.ts). */
  edgeSeeds?: readonly SeedChain[];
  /** Sliver removal after refinement (flips and interior vertex moves; default true). */
  optimise?: boolean;
  /** Tets below this smallest dihedral angle (degrees) are worked on by the sliver removal (default 18). */
  optimiseAngle?: number;
  /** Sweeps of the sliver removal (default 6). */
  optimisePasses?: number;
  /** Refinement rounds after the boundary is recovered (default 40). */
  maxRounds?: number;
  /**
   * Face tags whose triangles are kept as given where the mesher has a choice (no splitting to the size, none for
   * refinement, no peeling): a partition cell's cut face copied from the cell meshed on its other side, so the two
   * meshes meet node for node. Boundary recovery may still split one (the interface is then tied, not merged).
   */
  keepTags?: ReadonlySet<number>;
  signal?: AbortSignal;
}

export interface GeneralMeshQuality {
  minDihedral: number;
  maxRadiusEdge: number;
  /** Tets still above the radius-edge bound or below the sliver angle (they touch the boundary where refinement stops). */
  bad: number;
}

export interface GeneralMesh {
  nodes: Float64Array;
  /** 4 corners per tet, positive volume. */
  tets: Int32Array;
  facetElement: Int32Array;
  /** Abaqus side 0..3 (S1..S4). */
  facetSide: Uint8Array;
  /** The face tag of the input triangle each boundary facet lies on. */
  facetTag: Int32Array;
  quality: GeneralMeshQuality;
  stats: { surfacePoints: number; steinerOnSurface: number; interiorPoints: number; rounds: number; recovered: number; peeled: number; flips23: number; flips32: number; edgeRemovals: number; moves: number; inserted: number };
}

export type GeneralMeshResult = { ok: true; mesh: GeneralMesh } | { ok: false; error: string };

class Refused extends Error {}

export function meshClosedSurface(surface: ClosedSurface, options: GeneralMeshOptions): GeneralMeshResult {
  try {
    return { ok: true, mesh: run(surface, options) };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, error: e.message };
    if (e instanceof RangeError) return { ok: false, error: `out of memory while meshing (${e.message}); use a larger size` };
    throw e;
  }
}

function run(surface: ClosedSurface, o: GeneralMeshOptions): GeneralMesh {
  if (o.tolerance !== undefined && !(o.tolerance > 0)) throw new Refused(`tolerance: must be a positive number, got ${o.tolerance}`);
  const { positions, triangles, faceTags } = surface;
  const nIn = positions.length / 3;
  const mIn = triangles.length / 3;
  if (!(o.size > 0) || !Number.isFinite(o.size)) throw new Refused(`size: must be a positive number, got ${o.size}`);
  if (mIn < 4) throw new Refused(`the surface has ${mIn} triangles; a closed surface needs at least 4`);
  const open = openEdge(triangles);
  if (open) {
    const [t, u, v, uses] = open;
    const name = surface.faceNames?.[faceTags[t]] ?? `tag ${faceTags[t]}`;
    throw new Refused(`the surface is not closed and manifold: its edge (${fmt(positions, u)}) - (${fmt(positions, v)}) on face ${name} is met ${uses === 0 ? "by no triangle" : `by ${uses} triangles`} running the other way; a solid needs exactly one`);
  }
  const bound = o.radiusEdge ?? 2;
  const sliver = o.sliverAngle ?? 10;
  const maxNodes = o.maxNodes ?? 2_000_000;
  const maxElements = o.maxElements ?? 10_000_000;
  const maxRounds = o.maxRounds ?? 40;
  const size = o.size;
  let lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < nIn; i++)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k], positions[3 * i + k]);
      hi[k] = Math.max(hi[k], positions[3 * i + k]);
    }
  const diag = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  // The local size: `size`, smaller near seeded edges and (with a tolerance) where the surface bends.
  const seeded = o.edgeSeeds?.length ? seedSources(surface, o.edgeSeeds) : { points: [], sizes: [] };
  const sourcePoints = seeded.points;
  const sourceSizes = seeded.sizes;
  if (o.tolerance !== undefined) curvatureSources(positions, triangles, faceTags, o.tolerance, o.size, sourcePoints, sourceSizes);
  const field = sizeField(o.size, lo, hi, sourcePoints, sourceSizes);
  const centre = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2];
  const T = new Triangulation(Math.max(64, 4 * nIn), Math.max(256, 32 * nIn));
  // A big enclosing tet (vertices 0..3); everything touching it is outside.
  const k = 50 * diag;
  const sup = [
    [1, 1, 1],
    [1, -1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
  ];
  for (const s of sup) T.addVertex(centre[0] + k * s[0], centre[1] + k * s[1], centre[2] + k * s[2]);
  T.newTet(0, 1, 2, 3);
  if (!(T.orientPoint(0, 1, 2, T.x[9], T.x[10], T.x[11]) > 0)) {
    T.alive[0] = 0;
    T.nt = 0;
    T.newTet(1, 0, 2, 3);
  }
  const base = 4;
  for (let i = 0; i < nIn; i++) T.addVertex(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]);
  const S = new SubSurface(1 << 26);
  for (let t = 0; t < mIn; t++) S.add(triangles[3 * t] + base, triangles[3 * t + 1] + base, triangles[3 * t + 2] + base, t);

  const missing: number[] = [];
  const checkCaps = () => {
    if (T.nv > maxNodes) throw new Refused(`the mesh would have more than ${maxNodes} nodes, above the cap maxNodes; use a larger size (now ${size}) or raise maxNodes`);
    if (T.nt - T.free.length > 6 * maxElements) throw new Refused(`the mesh would have more than ${maxElements} elements, above the cap maxElements; use a larger size (now ${size}) or raise maxElements`);
    if (o.signal?.aborted) throw new Refused("meshing was cancelled");
  };
  // A cancel (and the progress heartbeat) looked at every 256 steps of the long loops, well within 100 ms.
  let ticks = 0;
  const tick = () => {
    if ((++ticks & 255) !== 0) return;
    if (o.signal?.aborted) throw new Refused("meshing was cancelled");
    heartbeat();
  };
  /** The local size at the middle of (u, v). */
  const sizeAtEdge = (u: number, v: number) => field.at((T.x[3 * u] + T.x[3 * v]) / 2, (T.x[3 * u + 1] + T.x[3 * v + 1]) / 2, (T.x[3 * u + 2] + T.x[3 * v + 2]) / 2);
  const midpoint = (u: number, v: number) => T.addVertex((T.x[3 * u] + T.x[3 * v]) / 2, (T.x[3 * u + 1] + T.x[3 * v + 1]) / 2, (T.x[3 * u + 2] + T.x[3 * v + 2]) / 2);
  const len2 = (u: number, v: number) => {
    const dx = T.x[3 * u] - T.x[3 * v], dy = T.x[3 * u + 1] - T.x[3 * v + 1], dz = T.x[3 * u + 2] - T.x[3 * v + 2];
    return dx * dx + dy * dy + dz * dz;
  };

  // Planar regions: input triangles joined across exactly coplanar edges (same tag). Midpoints are rounded off
  // such planes by an ulp, so pieces are compared by their region, never by an exact test on split points.
  const plane = planarRegions(positions, triangles, faceTags, 1e-10 * diag);
  const coplanarTwin = (s: number, u: number, v: number): number => {
    for (const s2 of S.around(u, v)) {
      if (s2 === s || !S.alive[s2] || plane[S.parent[s2]] !== plane[S.parent[s]]) continue;
      if (S.after(s, u, v) < 0 || S.after(s2, v, u) < 0) continue;
      return s2;
    }
    return -1;
  };
  const ccTri = new Float64Array(3);
  /** Lawson flips inside planar regions so each stays a 2D Delaunay triangulation (which a 3D Delaunay one can contain). */
  const legalize = (queue: number[]) => {
    let guard = 0;
    while (queue.length > 0) {
      if (++guard > 1_000_000) break;
      const s = queue.pop()!;
      if (!S.alive[s]) continue;
      const corners = [S.a[s], S.b[s], S.c[s]];
      for (let e = 0; e < 3; e++) {
        const u = corners[e], v = corners[(e + 1) % 3];
        const s2 = coplanarTwin(s, u, v);
        if (s2 < 0) continue;
        const w = S.after(s, u, v), z = S.after(s2, v, u);
        const r2 = triangleCircumcentre(T.x, u, v, w, ccTri);
        const dx = T.x[3 * z] - ccTri[0], dy = T.x[3 * z + 1] - ccTri[1], dz = T.x[3 * z + 2] - ccTri[2];
        if (dx * dx + dy * dy + dz * dz < r2 * (1 - 1e-9)) {
          for (const q of [s, s2])
            if (S.present[q]) {
              const f = T.findFace(S.a[q], S.b[q], S.c[q]);
              if (f >= 0) T.flagFace(f, -1);
            }
          queue.push(...S.flip(s, s2, u, v));
          break;
        }
      }
    }
  };
  /** Marks piece s present when the triangulation has it as a face; otherwise queues it as missing. */
  const check = (s: number) => {
    if (!S.alive[s]) return;
    const f = T.findFace(S.a[s], S.b[s], S.c[s]);
    if (f >= 0) {
      T.flagFace(f, s);
      S.present[s] = 1;
    } else {
      S.present[s] = 0;
      missing.push(s);
    }
  };

  const faceName = (triangle: number) => surface.faceNames?.[faceTags[triangle]] ?? `tag ${faceTags[triangle]}`;
  const keep = o.keepTags ?? new Set<number>();
  const kept = (s: number) => keep.has(faceTags[S.parent[s]]);
  // 1. The surface refined to the size: longest edges halved until no piece has an edge above it.
  for (let s = 0; s < S.count(); s++) {
    while (S.alive[s]) {
      const [u, v] = S.longestEdge(s, T.x);
      const h = sizeAtEdge(u, v);
      if (len2(u, v) <= h * h * (1 + 1e-9)) break;
      if (keep.size > 0 && S.around(u, v).some(kept)) break;
      S.split(u, v, midpoint(u, v));
      checkCaps();
    }
  }
  legalize(Array.from({ length: S.count() }, (_, i) => S.count() - 1 - i));
  const surfacePoints = T.nv - base;


  // 2. The Delaunay tetrahedralisation of the surface points, in a space-filling-curve order.
  const order = mortonOrder(T.x, base, T.nv, lo, hi);
  let last = 0;
  for (const v of order) {
    const r = T.insert(v, T.alive[last] ? last : T.vertTet[0], Mode.Free);
    if (r !== Outcome.Inserted) throw new Refused(`internal error: could not insert surface point ${v - base + 1} (${r}); please report the file`);
    last = T.created[0];
    if ((v & 1023) === 0) checkCaps();
    tick();
  }

  // 3. Which pieces are faces now; the others are recovered by halving them.
  {
    // A walk around each piece's first corner (findFace) finds it, or not: no table of every tet's faces.
    for (let s = 0; s < S.count(); s++) {
      if (!S.alive[s]) continue;
      const f = T.findFace(S.a[s], S.b[s], S.c[s]);
      if (f < 0) continue;
      T.flagFace(f, s);
      S.present[s] = 1;
    }
    for (let s = 0; s < S.count(); s++) if (S.alive[s] && !S.present[s]) missing.push(s);
  }
  let recovered = 0;
  let steiner = 0;

  /** Splits edge (u, v) of the surface at its midpoint, inserting it into the triangulation. */
  const splitSurfaceEdge = (u: number, v: number): boolean => {
    const crossable = S.around(u, v).slice();
    const m = midpoint(u, v);
    const start = T.vertTet[u];
    const r = T.insert(m, start, Mode.Surface, crossable);
    if (r !== Outcome.Inserted) {
      T.nv--;
      return false;
    }
    steiner++;
    const children = S.split(u, v, m);
    // A split piece's face can survive the insertion when the midpoint rounds off its plane (the new tet on it is
    // flat): the face must not keep the dead piece's flag, or inside and outside would flip across it.
    for (const t of T.created) {
      const c = T.tc[4 * t + 3];
      if (c >= 0 && !S.alive[c]) T.flagFace(4 * t + 3, -1);
    }
    for (const c of T.lost) {
      if (S.alive[c] && S.present[c]) {
        S.present[c] = 0;
        missing.push(c);
      }
    }
    const before = S.count();
    legalize(children.slice());
    for (const c of children) if (S.alive[c]) check(c);
    for (let c = before; c < S.count(); c++) check(c);
    checkCaps();
    return true;
  };

  /** A missing piece whose planar neighbour, flipped, gives two faces the triangulation has (a tie between cocircular points). */
  const flipToMatch = (s: number): boolean => {
    const corners = [S.a[s], S.b[s], S.c[s]];
    for (let e = 0; e < 3; e++) {
      const u = corners[e], v = corners[(e + 1) % 3];
      const s2 = coplanarTwin(s, u, v);
      if (s2 < 0) continue;
      const w = S.after(s, u, v), z = S.after(s2, v, u);
      const f1 = T.findFace(u, z, w);
      if (f1 < 0) continue;
      const f2 = T.findFace(z, v, w);
      if (f2 < 0) continue;
      const [n1, n2] = S.flip(s, s2, u, v);
      T.flagFace(f1, n1);
      T.flagFace(f2, n2);
      S.present[n1] = 1;
      S.present[n2] = 1;
      return true;
    }
    return false;
  };

  const recover = () => {
    let guard = 0;
    while (missing.length > 0) {
      const batch = missing.splice(0, missing.length);
      for (const s of batch) {
        tick();
        if (!S.alive[s] || S.present[s]) continue;
        const f = T.findFace(S.a[s], S.b[s], S.c[s]);
        if (f >= 0) {
          T.flagFace(f, s);
          S.present[s] = 1;
          continue;
        }
        if (flipToMatch(s)) continue;
        const [u, v] = S.longestEdge(s, T.x);
        if (!splitSurfaceEdge(u, v)) throw new Refused(`could not recover the boundary on face ${faceName(S.parent[s])} near (${fmt(T.x, u)}) - (${fmt(T.x, v)}): the surface may touch or cross itself there`);
        recovered++;
      }
      if (++guard > 200) throw new Refused("the boundary could not be recovered in 200 rounds; the surface may have near-touching parts");
    }
  };

  recover();


  // 4. Inside and outside: a walk from the big tet's corner that flips side at every boundary piece.
  // Scratch reused by every classification (one per refinement round that split the surface).
  let seen = new Uint8Array(0);
  let queue = new Int32Array(0);
  const classify = () => {
    if (seen.length < T.nt) {
      seen = new Uint8Array(2 * T.nt);
      queue = new Int32Array(2 * T.nt);
    } else seen.fill(0, 0, T.nt);
    const start = T.vertTet[0];
    let head = 0, tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    T.region[start] = 0;
    while (head < tail) {
      const t = queue[head++];
      for (let i = 0; i < 4; i++) {
        const nb = T.tn[4 * t + i];
        if (nb < 0) continue;
        const r = T.tc[4 * t + i] >= 0 ? 1 - T.region[t] : T.region[t];
        if (seen[nb]) {
          if (T.region[nb] !== r) throw new Refused(disagreement(t, nb));
          continue;
        }
        seen[nb] = 1;
        T.region[nb] = r;
        queue[tail++] = nb;
      }
    }
  };
  /** Inside and outside meet across tets t and nb unbounded by the surface: name the nearest surface faces. */
  const disagreement = (t: number, nb: number): string => {
    const near = new Set<string>();
    for (const u of [t, nb])
      for (let i = 0; i < 4; i++) {
        const c = T.tc[4 * u + i];
        if (c >= 0 && S.alive[c]) near.add(faceName(S.parent[c]));
      }
    const o4 = 4 * t;
    const where = fmt(T.x, T.tv[o4]);
    return `inside and outside cannot be told apart near (${where})${near.size ? ` by faces ${[...near].join(", ")}` : ""}: the surface may cross itself or have a gap there`;
  };
  classify();

  // 5. Refinement: large or badly shaped tets inside are split at their circumcentres.
  const cc = new Float64Array(3);
  let rounds = 0;
  let interior = 0;
  /** 0 good, 1 too large or radius-edge above the bound, 2 a sliver (split only when that leaves the boundary alone). */
  const badness = (t: number): number => {
    const o4 = 4 * t;
    const a = T.tv[o4], b = T.tv[o4 + 1], c = T.tv[o4 + 2], d = T.tv[o4 + 3];
    const r2 = T.circumcentre(t, cc);
    const h = 0.75 * field.at(cc[0], cc[1], cc[2]);
    if (r2 > h * h) return 1;
    if (r2 > bound * bound * shortestEdge2(T.x, a, b, c, d)) return 1;
    return sliver > 0 && dihedralScore(T.x, a, b, c, d) < sliverScore ? 2 : 0;
  };
  const sliverScore = scoreOfAngle(sliver);
  // Tets refinement gave up on, by slot and corners (a reused slot holds another tet).
  let givenUp = new Int32Array(0);
  const isGivenUp = (t: number) => 4 * t < givenUp.length && givenUp[4 * t] === T.tv[4 * t] + 1 && givenUp[4 * t + 1] === T.tv[4 * t + 1] + 1 && givenUp[4 * t + 2] === T.tv[4 * t + 2] + 1 && givenUp[4 * t + 3] === T.tv[4 * t + 3] + 1;
  const giveUp = (t: number) => {
    if (givenUp.length < 4 * T.nt) {
      const g = new Int32Array(8 * T.nt);
      g.set(givenUp);
      givenUp = g;
    }
    for (let k = 0; k < 4; k++) givenUp[4 * t + k] = T.tv[4 * t + k] + 1;
  };
  for (; rounds < maxRounds; rounds++) {
    const bad: number[] = [];
    const kind: number[] = [];
    for (let t = 0; t < T.nt; t++) {
      if (!T.alive[t] || T.region[t] !== 1) continue;
      const b = badness(t);
      if (b > 0) {
        bad.push(t);
        kind.push(b);
      }
    }
    const corners = new Int32Array(4 * bad.length);
    bad.forEach((t, j) => corners.set(T.tv.subarray(4 * t, 4 * t + 4), 4 * j));
    const steinerBefore = steiner;
    let progress = 0;
    for (let j = 0; j < bad.length; j++) {
      tick();
      const t = bad[j];
      if (!T.alive[t] || isGivenUp(t)) continue;
      if (T.tv[4 * t] !== corners[4 * j] || T.tv[4 * t + 1] !== corners[4 * j + 1] || T.tv[4 * t + 2] !== corners[4 * j + 2] || T.tv[4 * t + 3] !== corners[4 * j + 3]) continue;
      if (T.region[t] !== 1) continue;
      T.circumcentre(t, cc);
      const p = T.addVertex(cc[0], cc[1], cc[2]);
      const r = T.insert(p, t, Mode.Constrained);
      if (r === Outcome.Inserted) {
        interior++;
        progress++;
        for (const n of T.created) T.region[n] = 1;
        checkCaps();
        continue;
      }
      T.nv--;
      if (r === Outcome.Blocked) {
        const s = T.blocked;
        if (!S.alive[s] || kind[j] === 2 || kept(s)) {
          giveUp(t);
          continue;
        }
        const [u, v] = S.longestEdge(s, T.x);
        if (len2(u, v) < (sizeAtEdge(u, v) / 8) ** 2 || !splitSurfaceEdge(u, v)) {
          giveUp(t);
          continue;
        }
        progress++;
        recover();
      } else giveUp(t);
    }
    recover();
    // Only a split of the surface can leave a new tet on the wrong side (it inherits its cavity face's region).
    if (steiner !== steinerBefore) classify();
    if (progress === 0) break;
  }

  // 6. A tet inside whose boundary faces all lie in one planar region and that has two of them is a flat
  // leftover of rounding (split points sit an ulp off oblique planes): peel it, so the boundary takes its
  // other faces (a diagonal swap in the plane; the volume moves by rounding only).
  let peeled = 0;
  for (let pass = 0; pass < 8; pass++) {
    let changed = 0;
    for (let t = 0; t < T.nt; t++) {
      if (!T.alive[t] || T.region[t] !== 1) continue;
      let flagged = 0;
      let group = -2;
      let first = -1;
      for (let i = 0; i < 4; i++) {
        const c = T.tc[4 * t + i];
        if (c < 0) continue;
        flagged++;
        const g = plane[S.parent[c]];
        if (group === -2) {
          group = g;
          first = c;
        } else if (group !== g) group = -1;
      }
      if (flagged < 2 || group < 0 || kept(first)) continue;
      const o4 = 4 * t;
      if (minDihedral(T.x, T.tv[o4], T.tv[o4 + 1], T.tv[o4 + 2], T.tv[o4 + 3]) > 1) continue;
      T.region[t] = 0;
      for (let i = 0; i < 4; i++) {
        if (T.tc[4 * t + i] >= 0) {
          T.tc[4 * t + i] = -1;
          continue;
        }
        const nb = T.tn[4 * t + i];
        const s2 = S.add(T.faceVertex(t, i, 0), T.faceVertex(t, i, 2), T.faceVertex(t, i, 1), S.parent[first]);
        S.present[s2] = 1;
        if (nb >= 0) T.tc[4 * nb + T.backFace(nb, t)] = s2;
        T.tc[4 * t + i] = s2;
      }
      changed++;
    }
    peeled += changed;
    if (changed === 0) break;
  }

  // 7. Sliver removal: flips and moves of interior vertices that raise the smallest dihedral angle (the
  // boundary's pieces and points stay; see improve.ts).
  const onSurface = new Uint8Array(T.nv);
  onSurface.fill(1, 0, base);
  for (let s = 0; s < S.count(); s++)
    if (S.alive[s]) {
      onSurface[S.a[s]] = 1;
      onSurface[S.b[s]] = 1;
      onSurface[S.c[s]] = 1;
    }
  const improved = o.optimise === false ? { flips23: 0, flips32: 0, edgeRemovals: 0, moves: 0, inserted: 0 } : improveSlivers(T, onSurface, { target: o.optimiseAngle ?? 18, insertBelow: sliver, radiusEdge: bound, passes: o.optimisePasses ?? 6, signal: o.signal });

  checkCaps();

  // 8. The tets inside, their boundary facets and tags.
  const used = new Int32Array(T.nv).fill(-1);
  let nn = 0;
  let ne = 0;
  for (let t = 0; t < T.nt; t++) if (T.alive[t] && T.region[t] === 1) ne++;
  if (ne > maxElements) throw new Refused(`the mesh would have ${ne} elements, above the cap maxElements = ${maxElements}; use a larger size (now ${size}) or raise maxElements`);
  const inside: number[] = [];
  for (let t = 0; t < T.nt; t++) if (T.alive[t] && T.region[t] === 1) inside.push(t);
  for (const t of inside) for (let c = 0; c < 4; c++) used[T.tv[4 * t + c]] = 1;
  for (let v = 0; v < T.nv; v++) if (used[v] === 1) used[v] = nn++;
  if (used[0] >= 0 || used[1] >= 0 || used[2] >= 0 || used[3] >= 0) throw new Refused("internal error: the enclosing tet reached the inside; please report the file");
  const nodes = new Float64Array(3 * nn);
  for (let v = 0; v < T.nv; v++)
    if (used[v] >= 0) {
      nodes[3 * used[v]] = T.x[3 * v];
      nodes[3 * used[v] + 1] = T.x[3 * v + 1];
      nodes[3 * used[v] + 2] = T.x[3 * v + 2];
    }
  const tets = new Int32Array(4 * ne);
  const index = new Int32Array(T.nt).fill(-1);
  inside.forEach((t, e) => {
    index[t] = e;
    for (let c = 0; c < 4; c++) tets[4 * e + c] = used[T.tv[4 * t + c]];
  });
  const fe: number[] = [];
  const fs: number[] = [];
  const ft: number[] = [];
  let minDih = 180;
  let maxRE = 0;
  let stillBad = 0;
  for (const t of inside) {
    const e = index[t];
    const o4 = 4 * t;
    const a = T.tv[o4], b = T.tv[o4 + 1], c = T.tv[o4 + 2], d = T.tv[o4 + 3];
    const dih = minDihedral(T.x, a, b, c, d);
    const re = radiusEdge(T.x, a, b, c, d);
    minDih = Math.min(minDih, dih);
    maxRE = Math.max(maxRE, re);
    if (re > bound || dih < sliver) stillBad++;
    for (let i = 0; i < 4; i++) {
      const nb = T.tn[o4 + i];
      const s = T.tc[o4 + i];
      const outside = nb < 0 || T.region[nb] !== 1;
      if (s >= 0) {
        if (!outside) throw new Refused("internal error: a boundary piece lies between two tets inside; please report the file");
        fe.push(e);
        fs.push(SIDE_OPPOSITE[i]);
        ft.push(faceTags[S.parent[s]]);
      } else if (outside) throw new Refused("internal error: a tet inside has a face outside that is not on the boundary; please report the file");
    }
  }
  return {
    nodes,
    tets,
    facetElement: Int32Array.from(fe),
    facetSide: Uint8Array.from(fs),
    facetTag: Int32Array.from(ft),
    quality: { minDihedral: minDih, maxRadiusEdge: maxRE, bad: stillBad },
    stats: { surfacePoints, steinerOnSurface: steiner, interiorPoints: interior, rounds, recovered, peeled, ...improved },
  };
}

/** The first triangle edge whose reverse is not used by exactly one triangle: [triangle, u, v, uses], or null. */
function openEdge(triangles: Int32Array): [number, number, number, number] | null {
  const uses = new Map<string, number>();
  const m = triangles.length / 3;
  for (let t = 0; t < m; t++)
    for (let e = 0; e < 3; e++) {
      const k = `${triangles[3 * t + e]},${triangles[3 * t + ((e + 1) % 3)]}`;
      uses.set(k, (uses.get(k) ?? 0) + 1);
    }
  for (let t = 0; t < m; t++)
    for (let e = 0; e < 3; e++) {
      const u = triangles[3 * t + e], v = triangles[3 * t + ((e + 1) % 3)];
      const back = uses.get(`${v},${u}`) ?? 0;
      if (back !== 1 || uses.get(`${u},${v}`) !== 1) return [t, u, v, back];
    }
  return null;
}

/** Distance of z from the plane of (u, v, w) (Infinity when that triangle has no plane). */
function height(x: Float64Array, u: number, v: number, w: number, z: number): number {
  const ax = x[3 * v] - x[3 * u], ay = x[3 * v + 1] - x[3 * u + 1], az = x[3 * v + 2] - x[3 * u + 2];
  const bx = x[3 * w] - x[3 * u], by = x[3 * w + 1] - x[3 * u + 1], bz = x[3 * w + 2] - x[3 * u + 2];
  const nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
  const n = Math.hypot(nx, ny, nz);
  if (n === 0) return Infinity;
  return Math.abs(nx * (x[3 * z] - x[3 * u]) + ny * (x[3 * z + 1] - x[3 * u + 1]) + nz * (x[3 * z + 2] - x[3 * u + 2])) / n;
}

/**
 * Input triangles joined across edges where they are coplanar (same tag): exactly, or within `flatten` (a length):
 * a plane cut's section points are rounded off their plane, and a face read as curved by rounding would have its
 * diagonals picked by rounding too, recovered by halving without end. Pieces of a region may be flipped.
 */
function planarRegions(positions: Float64Array, triangles: Int32Array, tags: Int32Array, flatten: number): Int32Array {
  const m = triangles.length / 3;
  const parent = Int32Array.from({ length: m }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const n = positions.length / 3;
  const edges = new Map<number, number>();
  for (let t = 0; t < m; t++)
    for (let e = 0; e < 3; e++) {
      const u = triangles[3 * t + e], v = triangles[3 * t + ((e + 1) % 3)];
      const key = u < v ? u * n + v : v * n + u;
      const other = edges.get(key);
      if (other === undefined) {
        edges.set(key, t);
        continue;
      }
      if (tags[other] !== tags[t]) continue;
      let z = -1;
      for (let k = 0; k < 3; k++) {
        const c = triangles[3 * other + k];
        if (c !== u && c !== v) z = c;
      }
      const w = triangles[3 * t + ((e + 2) % 3)];
      if (z >= 0 && (orient(positions, u, v, w, z) === 0 || (flatten > 0 && height(positions, u, v, w, z) <= flatten && height(positions, v, u, z, w) <= flatten))) {
        const a = find(t), b = find(other);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  return Int32Array.from({ length: m }, (_, i) => find(i));
}

function same(a: number, b: number, c: number, p: number, q: number, r: number): boolean {
  return (a === p || a === q || a === r) && (b === p || b === q || b === r) && (c === p || c === q || c === r);
}

function fmt(x: Float64Array, v: number): string {
  return [x[3 * v], x[3 * v + 1], x[3 * v + 2]].map((n) => Number(n.toPrecision(6))).join(", ");
}

/** Vertices from..to-1 sorted along a Morton curve over the box (ties by index: deterministic). */
function mortonOrder(x: Float64Array, from: number, to: number, lo: number[], hi: number[]): Int32Array {
  const n = to - from;
  const keys = new Float64Array(n);
  const span = [hi[0] - lo[0] || 1, hi[1] - lo[1] || 1, hi[2] - lo[2] || 1];
  for (let i = 0; i < n; i++) {
    const v = from + i;
    const q = [0, 1, 2].map((k) => Math.min(1023, Math.max(0, Math.floor(((x[3 * v + k] - lo[k]) / span[k]) * 1024))));
    let key = 0;
    for (let bit = 9; bit >= 0; bit--) for (let k = 0; k < 3; k++) key = key * 2 + ((q[k] >> bit) & 1);
    keys[i] = key;
  }
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => keys[a] - keys[b] || a - b);
  return Int32Array.from(idx, (i) => i + from);
}
