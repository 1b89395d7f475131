// A body made of united boxes: its named faces, named edges and measures, all read off the box grid.
import { buildBoxGrid, boxGridProblem, type BoxGrid } from "./boxGrid.js";
import { traceCellLoops } from "./loops.js";
import { signedArea } from "./polygon.js";
import type { BodyEdge, BodyFace, BoxCut, BoxFeature, BoundingBox, FacePatch, Vec2, Vec3 } from "./types.js";

/** Face sides in name order: side s has axis s >> 1 and points to + when s is odd. */
export const BOX_SIDES = ["-x", "+x", "-y", "+y", "-z", "+z"] as const;

/**
 * Everything the mesher needs besides the body: for axis a, plane p along a and cell (q, r) along the
 * other two axes b = (a+1)%3, c = (a+2)%3, `faceAt[a][p + (n[a]+1) * (q + n[b] * r)]` is the index
 * of the body face holding that grid face, or -1 where the grid face is not on the boundary.
 */
export interface BoxUnionGeometry {
  grid: BoxGrid;
  faceAt: [Int32Array, Int32Array, Int32Array];
  faces: BodyFace[];
  edges: BodyEdge[];
  volume: number;
  bbox: BoundingBox;
}

interface Piece {
  feature: number;
  side: number;
  plane: number;
  cells: [number, number][];
  lowest: Vec3;
  area: number;
}

function lexLess(a: Vec3, b: Vec3): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export function analyzeBoxUnion(
  boxes: readonly BoxFeature[],
  cuts: readonly BoxCut[] = [],
): { ok: true; geometry: BoxUnionGeometry } | { ok: false; error: string } {
  // The other cells' outlines on each cut plane split the grid there, so a cut face ends where the cells stop touching.
  const lines: number[][] = [[], [], []];
  for (const cut of cuts)
    for (const [bLo, bHi, cLo, cHi] of cut.across ?? []) lines[(cut.axis + 1) % 3].push(bLo, bHi), lines[(cut.axis + 2) % 3].push(cLo, cHi);
  const built = buildBoxGrid(boxes, lines);
  if (!built.ok) return built;
  const grid = built.grid;
  const problem = boxGridProblem(grid);
  if (problem) return { ok: false, error: problem };
  const { sideAt, featureAt } = boundaryGridFaces(grid, boxes, cuts);
  const { pieces, pieceAt } = facePieces(grid, sideAt, featureAt);
  const { faces, faceAt } = mergeSameNames(nameFaces(grid, boxes, cuts, pieces, pieceAt));
  const { volume, lo, hi } = unionMeasures(grid);
  return { ok: true, geometry: { grid, faceAt, faces, edges: boxEdges(grid, faceAt, faces), volume, bbox: { min: lo, max: hi } } };
}

/**
 * 1. Boundary grid faces (per axis: the side and the feature of each), each given to the first feature whose face
 * holds it; a grid face of a partition cut (in its plane, facing across, the other cell beyond it) is given to the
 * cut instead, as feature `boxes.length + k` for cut k.
 */
function boundaryGridFaces(grid: BoxGrid, boxes: readonly BoxFeature[], cuts: readonly BoxCut[]): { sideAt: Int8Array[]; featureAt: Int32Array[] } {
  const { n, inside, boxRanges, coords } = grid;
  const cutAt = (a: number, plus: boolean, p: number, q: number, r: number): number => {
    const b = (a + 1) % 3, c = (a + 2) % 3;
    const mb = (coords[b][q] + coords[b][q + 1]) / 2, mc = (coords[c][r] + coords[c][r + 1]) / 2;
    return cuts.findIndex(
      (cut) =>
        cut.axis === a &&
        cut.plus === plus &&
        cut.value === coords[a][p] &&
        (cut.across === undefined || cut.across.some(([bLo, bHi, cLo, cHi]) => mb > bLo && mb < bHi && mc > cLo && mc < cHi)),
    );
  };
  const cellAt = (idx: [number, number, number]) => {
    for (let a = 0; a < 3; a++) if (idx[a] < 0 || idx[a] >= n[a]) return false;
    return inside[idx[0] + n[0] * (idx[1] + n[1] * idx[2])] === 1;
  };
  const sideAt: Int8Array[] = [];
  const featureAt: Int32Array[] = [];
  for (let a = 0; a < 3; a++) {
    const b = (a + 1) % 3;
    const c = (a + 2) % 3;
    const size = (n[a] + 1) * n[b] * n[c];
    const sides = new Int8Array(size).fill(-1);
    const feats = new Int32Array(size).fill(-1);
    const idx: [number, number, number] = [0, 0, 0];
    for (let r = 0; r < n[c]; r++)
      for (let q = 0; q < n[b]; q++)
        for (let p = 0; p <= n[a]; p++) {
          idx[b] = q;
          idx[c] = r;
          idx[a] = p - 1;
          const below = cellAt(idx);
          idx[a] = p;
          const above = cellAt(idx);
          if (below === above) continue;
          const plus = below;
          const at = p + (n[a] + 1) * (q + n[b] * r);
          sides[at] = 2 * a + (plus ? 1 : 0);
          const cut = cuts.length ? cutAt(a, plus, p, q, r) : -1;
          if (cut >= 0) {
            feats[at] = boxes.length + cut;
            continue;
          }
          for (let f = 0; f < boxes.length; f++) {
            const o = 6 * f;
            if ((plus ? boxRanges[o + 2 * a + 1] : boxRanges[o + 2 * a]) !== p) continue;
            if (q < boxRanges[o + 2 * b] || q >= boxRanges[o + 2 * b + 1]) continue;
            if (r < boxRanges[o + 2 * c] || r >= boxRanges[o + 2 * c + 1]) continue;
            feats[at] = f;
            break;
          }
        }
    sideAt.push(sides);
    featureAt.push(feats);
  }

  return { sideAt, featureAt };
}

/** 2. Connected pieces of each feature face (edge-adjacent grid faces in one plane), and the piece of each grid face. */
function facePieces(grid: BoxGrid, sideAt: Int8Array[], featureAt: Int32Array[]): { pieces: Piece[]; pieceAt: Int32Array[] } {
  const { n, coords } = grid;
  const pieces: Piece[] = [];
  const pieceAt: Int32Array[] = [];
  for (let a = 0; a < 3; a++) {
    const b = (a + 1) % 3;
    const c = (a + 2) % 3;
    const sides = sideAt[a];
    const feats = featureAt[a];
    const labels = new Int32Array(sides.length).fill(-1);
    const stride = n[a] + 1;
    for (let start = 0; start < sides.length; start++) {
      if (sides[start] < 0 || labels[start] >= 0) continue;
      const piece: Piece = {
        feature: feats[start],
        side: sides[start],
        plane: start % stride,
        cells: [],
        lowest: [Infinity, Infinity, Infinity],
        area: 0,
      };
      const id = pieces.length;
      pieces.push(piece);
      labels[start] = id;
      const stack = [start];
      while (stack.length) {
        const at = stack.pop()!;
        const rest = Math.floor(at / stride);
        const q = rest % n[b];
        const r = Math.floor(rest / n[b]);
        piece.cells.push([q, r]);
        piece.area += (coords[b][q + 1] - coords[b][q]) * (coords[c][r + 1] - coords[c][r]);
        const corner: Vec3 = [0, 0, 0];
        corner[a] = coords[a][piece.plane];
        corner[b] = coords[b][q];
        corner[c] = coords[c][r];
        if (lexLess(corner, piece.lowest) < 0) piece.lowest = corner;
        const next = [q > 0 ? at - stride : -1, q < n[b] - 1 ? at + stride : -1, r > 0 ? at - stride * n[b] : -1, r < n[c] - 1 ? at + stride * n[b] : -1];
        for (const d of next) {
          if (d >= 0 && labels[d] < 0 && sides[d] === piece.side && feats[d] === piece.feature) {
            labels[d] = id;
            stack.push(d);
          }
        }
      }
    }
    pieceAt.push(labels);
  }

  return { pieces, pieceAt };
}

/** 3. Names: feature order, then side order, then pieces by their lowest corner (#k when several); a cut's pieces all take its name. */
function nameFaces(grid: BoxGrid, boxes: readonly BoxFeature[], cuts: readonly BoxCut[], pieces: Piece[], pieceAt: Int32Array[]): { faces: BodyFace[]; faceAt: BoxUnionGeometry["faceAt"] } {
  const { coords } = grid;
  const order = pieces.map((_, i) => i);
  order.sort((i, j) => {
    const p = pieces[i];
    const q = pieces[j];
    return p.feature - q.feature || p.side - q.side || lexLess(p.lowest, q.lowest);
  });
  const faceOfPiece = new Int32Array(pieces.length);
  const faces: BodyFace[] = [];
  for (let s = 0; s < order.length; ) {
    let e = s;
    const head = pieces[order[s]];
    while (e < order.length && pieces[order[e]].feature === head.feature && pieces[order[e]].side === head.side) e++;
    for (let t = s; t < e; t++) {
      const piece = pieces[order[t]];
      const cut = piece.feature >= boxes.length ? cuts[piece.feature - boxes.length] : undefined;
      const base = cut ? cut.name : `${boxes[piece.feature].id}:${BOX_SIDES[piece.side]}`;
      faceOfPiece[order[t]] = faces.length;
      faces.push({
        name: e - s > 1 && !cut ? `${base}#${t - s + 1}` : base,
        normal: sideNormal(piece.side),
        area: piece.area,
        patches: piecePatches(piece, coords),
      });
    }
    s = e;
  }
  const faceAt = pieceAt.map((labels) => labels.map((l) => (l < 0 ? -1 : faceOfPiece[l]))) as BoxUnionGeometry["faceAt"];

  return { faces, faceAt };
}

/** 3b. A partition cut's pieces (separate where the cells touch in several places) merged into its one named face. */
function mergeSameNames(named: { faces: BodyFace[]; faceAt: BoxUnionGeometry["faceAt"] }): { faces: BodyFace[]; faceAt: BoxUnionGeometry["faceAt"] } {
  const target = named.faces.map((f) => f.name);
  if (new Set(target).size === target.length) return named;
  const faces: BodyFace[] = [];
  const index = new Map<string, number>();
  const remap = target.map((name, i) => {
    const old = named.faces[i];
    const seen = index.get(name);
    if (seen === undefined) {
      index.set(name, faces.length);
      faces.push({ ...old, name, patches: [...old.patches] });
      return faces.length - 1;
    }
    faces[seen] = { ...faces[seen], area: faces[seen].area + old.area, patches: [...faces[seen].patches, ...old.patches] };
    return seen;
  });
  const faceAt = named.faceAt.map((at) => at.map((f) => (f < 0 ? -1 : remap[f]))) as BoxUnionGeometry["faceAt"];
  return { faces, faceAt };
}

/** 4. Measures: volume and bounding box of the inside cells. */
function unionMeasures(grid: BoxGrid): { volume: number; lo: Vec3; hi: Vec3 } {
  const { n, coords, inside } = grid;
  let volume = 0;
  const lo: Vec3 = [Infinity, Infinity, Infinity];
  const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < n[2]; k++)
    for (let j = 0; j < n[1]; j++)
      for (let i = 0; i < n[0]; i++) {
        if (!inside[i + n[0] * (j + n[1] * k)]) continue;
        const idx = [i, j, k];
        let v = 1;
        for (let a = 0; a < 3; a++) {
          v *= coords[a][idx[a] + 1] - coords[a][idx[a]];
          lo[a] = Math.min(lo[a], coords[a][idx[a]]);
          hi[a] = Math.max(hi[a], coords[a][idx[a] + 1]);
        }
        volume += v;
      }

  return { volume, lo, hi };
}

function sideNormal(side: number): Vec3 {
  const v: Vec3 = [0, 0, 0];
  v[side >> 1] = side & 1 ? 1 : -1;
  return v;
}

function piecePatches(piece: Piece, coords: BoxGrid["coords"]): FacePatch[] {
  const a = piece.side >> 1;
  const b = (a + 1) % 3;
  const c = (a + 2) % 3;
  const plus = (piece.side & 1) === 1;
  const to3 = ([q, r]: [number, number]): Vec3 => {
    const p: Vec3 = [0, 0, 0];
    p[a] = coords[a][piece.plane];
    p[b] = coords[b][q];
    p[c] = coords[c][r];
    return p;
  };
  const idxLoops = traceCellLoops(piece.cells);
  const loops2 = idxLoops.map((loop) => loop.map(([q, r]) => [coords[b][q], coords[c][r]] as Vec2));
  const outers: number[] = [];
  const holes: number[] = [];
  loops2.forEach((l, i) => (signedArea(l) > 0 ? outers : holes).push(i));
  const patches: { outer: number; holes: number[] }[] = outers.map((o) => ({ outer: o, holes: [] }));
  for (const h of holes) {
    // A point just inside the face beside the hole's first edge (the face lies left of every loop edge).
    const [p0, p1] = [loops2[h][0], loops2[h][1]];
    const dx = p1[0] - p0[0];
    const dy = p1[1] - p0[1];
    const len = Math.hypot(dx, dy);
    const eps = len * 1e-6;
    const x = (p0[0] + p1[0]) / 2 - (dy / len) * eps;
    const y = (p0[1] + p1[1]) / 2 + (dx / len) * eps;
    const owner = patches.find((p) => inPolygon(loops2[p.outer], x, y)) ?? patches[0];
    owner.holes.push(h);
  }
  // Seen from outside a -side face the (b, c) frame is mirrored, so its loops run the other way.
  const orient = (loop: Vec3[]) => (plus ? loop : loop.reverse());
  return patches.map((p) => ({
    loops: [p.outer, ...p.holes].map((i) => orient(idxLoops[i].map(to3))),
  }));
}

function inPolygon(points: readonly Vec2[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Edges: where two differently named boundary faces meet along a grid line. */
function boxEdges(grid: BoxGrid, faceAt: BoxUnionGeometry["faceAt"], faces: BodyFace[]): BodyEdge[] {
  const { n, coords } = grid;
  const vkey = (i: number, j: number, k: number) => i + (n[0] + 1) * (j + (n[1] + 1) * k);
  const groups = new Map<string, { f: [number, number]; segs: [number, number][] }>();
  for (let a = 0; a < 3; a++) {
    const b = (a + 1) % 3;
    const c = (a + 2) % 3;
    for (let pc = 0; pc <= n[c]; pc++)
      for (let pb = 0; pb <= n[b]; pb++)
        for (let t = 0; t < n[a]; t++) {
          const found: number[] = [];
          for (const cc of [pc - 1, pc]) {
            if (cc < 0 || cc >= n[c]) continue;
            const f = faceAt[b][pb + (n[b] + 1) * (cc + n[c] * t)];
            if (f >= 0) found.push(f);
          }
          for (const bb of [pb - 1, pb]) {
            if (bb < 0 || bb >= n[b]) continue;
            const f = faceAt[c][pc + (n[c] + 1) * (t + n[a] * bb)];
            if (f >= 0) found.push(f);
          }
          if (found.length !== 2 || found[0] === found[1]) continue;
          const pair: [number, number] = faces[found[0]].name < faces[found[1]].name ? [found[0], found[1]] : [found[1], found[0]];
          const idx = [0, 0, 0];
          idx[a] = t;
          idx[b] = pb;
          idx[c] = pc;
          const v0 = vkey(idx[0], idx[1], idx[2]);
          idx[a] = t + 1;
          const v1 = vkey(idx[0], idx[1], idx[2]);
          const key = `${pair[0]},${pair[1]}`;
          const g = groups.get(key);
          if (g) g.segs.push([v0, v1]);
          else groups.set(key, { f: pair, segs: [[v0, v1]] });
        }
  }
  const point = (v: number): Vec3 => {
    const i = v % (n[0] + 1);
    const rest = Math.floor(v / (n[0] + 1));
    return [coords[0][i], coords[1][rest % (n[1] + 1)], coords[2][Math.floor(rest / (n[1] + 1))]];
  };
  const edges: BodyEdge[] = [];
  const sorted = [...groups.values()].sort((g, h) => {
    const ng = `${faces[g.f[0]].name}|${faces[g.f[1]].name}`;
    const nh = `${faces[h.f[0]].name}|${faces[h.f[1]].name}`;
    return ng < nh ? -1 : ng > nh ? 1 : 0;
  });
  for (const g of sorted) {
    const comps = connectedSegments(g.segs).map((segs) => {
      const pts = segs.map(([p, q]) => [point(p), point(q)] as [Vec3, Vec3]);
      const lowest = pts.flat().reduce((m, p) => (lexLess(p, m) < 0 ? p : m));
      return { segments: mergeCollinear(pts), lowest };
    });
    comps.sort((x, y) => lexLess(x.lowest, y.lowest));
    const base = `${faces[g.f[0]].name}|${faces[g.f[1]].name}`;
    comps.forEach((comp, k) => {
      const length = comp.segments.reduce((s, [p, q]) => s + Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]), 0);
      edges.push({
        name: comps.length > 1 ? `${base}~${k + 1}` : base,
        faces: [faces[g.f[0]].name, faces[g.f[1]].name],
        length,
        segments: comp.segments,
      });
    });
  }
  return edges;
}

function connectedSegments(segs: [number, number][]): [number, number][][] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const [p, q] of segs) {
    if (!parent.has(p)) parent.set(p, p);
    if (!parent.has(q)) parent.set(q, q);
    parent.set(find(p), find(q));
  }
  const comps = new Map<number, [number, number][]>();
  for (const s of segs) {
    const r = find(s[0]);
    const list = comps.get(r);
    if (list) list.push(s);
    else comps.set(r, [s]);
  }
  return [...comps.values()];
}

/** Joins axis-aligned unit segments that continue each other on one line. */
function mergeCollinear(segs: [Vec3, Vec3][]): [Vec3, Vec3][] {
  const lines = new Map<string, [Vec3, Vec3][]>();
  for (const s of segs) {
    const a = s[0][0] !== s[1][0] ? 0 : s[0][1] !== s[1][1] ? 1 : 2;
    const key = `${a}:${[0, 1, 2].filter((x) => x !== a).map((x) => s[0][x]).join(",")}`;
    const list = lines.get(key);
    if (list) list.push(s);
    else lines.set(key, [s]);
  }
  const out: [Vec3, Vec3][] = [];
  for (const [key, list] of lines) {
    const a = Number(key[0]);
    list.sort((s, t) => s[0][a] - t[0][a]);
    let cur: [Vec3, Vec3] = [list[0][0], list[0][1]];
    for (let i = 1; i < list.length; i++) {
      if (list[i][0][a] === cur[1][a]) cur = [cur[0], list[i][1]];
      else {
        out.push(cur);
        cur = [list[i][0], list[i][1]];
      }
    }
    out.push(cur);
  }
  return out.sort((s, t) => lexLess(s[0], t[0]) || lexLess(s[1], t[1]));
}
