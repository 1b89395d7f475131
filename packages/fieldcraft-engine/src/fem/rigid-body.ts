// Pieces and restraint: the mesh's connected pieces (elements joined through shared nodes and through the
// constraints that tie nodes together), and per piece the rigid-body motions its held DOFs leave free.
import type { Mesh } from "../mesh/types.js";
import { NODES_PER_ELEMENT } from "../mesh/types.js";

/** Nodes tied together by a constraint: a slave and the nodes it follows. */
export interface NodeLink {
  slave: number;
  masters: readonly number[];
}

/** A node held along a direction (unit), e.g. normal to an oblique symmetry plane. */
export interface DirectionHold {
  node: number;
  normal: readonly number[];
}

/**
 * A hold through a reference point rigidly coupled to a face of a piece (a kinematic coupling of every component):
 * the face follows the point, so a held translation along `direction` holds the piece's motion there at `at`, and
 * a held rotation holds its rotation about `axis`. `node` is any coupled node, naming the piece.
 */
export type PointHold = { node: number; at: readonly number[]; direction: readonly number[] } | { node: number; axis: readonly number[] };

export interface Pieces {
  count: number;
  /** Piece per node (-1: no element uses it). */
  nodePiece: Int32Array;
  /** Piece per element. */
  elementPiece: Int32Array;
  /** Per piece: its lowest node (a handle when two pieces hold the same bodies). */
  anchor: Int32Array;
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

function join(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a), rb = find(parent, b);
  if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}

/** Connected pieces by union-find over nodes: an element joins its nodes, a link joins a slave to its masters. */
export function meshPieces(mesh: Mesh, links: readonly NodeLink[] = []): Pieces {
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const parent = new Int32Array(nn);
  for (let i = 0; i < nn; i++) parent[i] = i;
  for (let e = 0; e < ne; e++) for (let a = 1; a < npe; a++) join(parent, mesh.elements[e * npe], mesh.elements[e * npe + a]);
  for (const l of links) for (const m of l.masters) join(parent, l.slave, m);
  const used = new Uint8Array(nn);
  for (let k = 0; k < mesh.elements.length; k++) used[mesh.elements[k]] = 1;
  // Roots are each piece's lowest node (join keeps the smaller root), so numbering by root keeps node order.
  const rootPiece = new Int32Array(nn).fill(-1);
  const nodePiece = new Int32Array(nn).fill(-1);
  const anchors: number[] = [];
  for (let i = 0; i < nn; i++) {
    if (!used[i]) continue;
    const r = find(parent, i);
    if (rootPiece[r] < 0) {
      rootPiece[r] = anchors.length;
      anchors.push(i);
    }
    nodePiece[i] = rootPiece[r];
  }
  const elementPiece = new Int32Array(ne);
  for (let e = 0; e < ne; e++) elementPiece[e] = nodePiece[mesh.elements[e * npe]];
  return { count: anchors.length, nodePiece, elementPiece, anchor: Int32Array.from(anchors) };
}

/** Eigen-decomposition of a symmetric n x n matrix by cyclic Jacobi rotations: values and column eigenvectors. */
export function symmetricEigen(a: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const A = Float64Array.from(a);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0, diag = 0;
    for (let p = 0; p < n; p++) {
      diag += A[p * n + p] ** 2;
      for (let q = p + 1; q < n; q++) off += A[p * n + q] ** 2;
    }
    if (off <= 1e-32 * diag || off < 1e-300) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = A[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (A[q * n + q] - A[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k * n + p], akq = A[k * n + q];
          A[k * n + p] = c * akp - s * akq;
          A[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p * n + k], aqk = A[q * n + k];
          A[p * n + k] = c * apk - s * aqk;
          A[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k * n + p], vkq = V[k * n + q];
          V[k * n + p] = c * vkp - s * vkq;
          V[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: Array.from({ length: n }, (_, i) => A[i * n + i]), vectors: V };
}

/** The six rigid motions in order: translations along x, y, z, rotations about x, y, z. */
export const RIGID_MOTIONS = ["translation along x", "translation along y", "translation along z", "rotation about x", "rotation about y", "rotation about z"] as const;

/** Eigenvalues at or below this fraction of the largest count as zero (Jacobi is accurate to ~1e-16 of it). */
const RANK_TOLERANCE = 1e-12;

/**
 * The motions (indices into RIGID_MOTIONS) a 6x6 Gram matrix G = sum b b^T leaves free: its null space, named by
 * greedily picking the rigid motion that has the largest part in what remains of it (so k free motions get k
 * distinct names, the plainest first).
 */
export function nullMotions(G: Float64Array): number[] {
  const { values, vectors } = symmetricEigen(G, 6);
  const top = Math.max(0, ...values);
  const basis: number[][] = [];
  values.forEach((lambda, k) => {
    if (lambda <= RANK_TOLERANCE * top) basis.push([0, 1, 2, 3, 4, 5].map((p) => vectors[p * 6 + k]));
  });
  const free: number[] = [];
  let span = basis;
  while (span.length > 0) {
    // Weight of motion p in the span: |P e_p|^2 = sum over the basis of v_p^2.
    let best = -1, weight = -1;
    for (let p = 0; p < 6; p++) {
      if (free.includes(p)) continue;
      const w = span.reduce((s, v) => s + v[p] * v[p], 0);
      if (w > weight + 1e-9) (best = p), (weight = w);
    }
    free.push(best);
    // Take the direction P e_best out of the span and re-orthonormalise what is left (one dimension less).
    const norm = Math.sqrt(weight) || 1;
    const dir = [0, 1, 2, 3, 4, 5].map((p) => span.reduce((s, v) => s + (v[best] / norm) * v[p], 0));
    const next: number[][] = [];
    for (const v of span) {
      const w = v.slice();
      for (const u of [dir, ...next]) {
        const c = w.reduce((s, x, p) => s + x * u[p], 0);
        for (let p = 0; p < 6; p++) w[p] -= c * u[p];
      }
      const n = Math.hypot(...w);
      if (n > 1e-6 && next.length < span.length - 1) next.push(w.map((x) => x / n));
    }
    span = next;
  }
  return free.sort((a, b) => a - b);
}

/**
 * Per piece, the rigid motions (indices into RIGID_MOTIONS) the holds leave free. `fixed` marks held DOFs, 3 per
 * node; a direction hold holds the displacement along its normal. Coordinates are taken about each piece's centroid,
 * scaled by its size, so the Gram matrix is well scaled whatever the units.
 */
export function freeMotions(mesh: Mesh, pieces: Pieces, fixed: Uint8Array, directions: readonly DirectionHold[] = [], points: readonly PointHold[] = []): number[][] {
  const nn = mesh.nodes.length / 3;
  const nc = pieces.count;
  const sums = new Float64Array(4 * nc);
  const lo = new Float64Array(3 * nc).fill(Infinity), hi = new Float64Array(3 * nc).fill(-Infinity);
  for (let i = 0; i < nn; i++) {
    const c = pieces.nodePiece[i];
    if (c < 0) continue;
    for (let a = 0; a < 3; a++) {
      const x = mesh.nodes[3 * i + a];
      sums[4 * c + a] += x;
      lo[3 * c + a] = Math.min(lo[3 * c + a], x);
      hi[3 * c + a] = Math.max(hi[3 * c + a], x);
    }
    sums[4 * c + 3]++;
  }
  const G = new Float64Array(36 * nc);
  const b = new Float64Array(6);
  // A hold along c at x: b = (c, x × c), since c · (t + ω × x) = c · t + ω · (x × c).
  const addAt = (p: number, at: readonly number[], c0: number, c1: number, c2: number) => {
    const size = Math.max(hi[3 * p] - lo[3 * p], hi[3 * p + 1] - lo[3 * p + 1], hi[3 * p + 2] - lo[3 * p + 2]) || 1;
    const x = (at[0] - sums[4 * p] / sums[4 * p + 3]) / size;
    const y = (at[1] - sums[4 * p + 1] / sums[4 * p + 3]) / size;
    const z = (at[2] - sums[4 * p + 2] / sums[4 * p + 3]) / size;
    b[0] = c0, b[1] = c1, b[2] = c2;
    b[3] = y * c2 - z * c1, b[4] = z * c0 - x * c2, b[5] = x * c1 - y * c0;
    for (let r = 0; r < 6; r++) for (let q = 0; q < 6; q++) G[36 * p + 6 * r + q] += b[r] * b[q];
  };
  const add = (i: number, c0: number, c1: number, c2: number) => {
    const p = pieces.nodePiece[i];
    if (p >= 0) addAt(p, [mesh.nodes[3 * i], mesh.nodes[3 * i + 1], mesh.nodes[3 * i + 2]], c0, c1, c2);
  };
  for (let i = 0; i < nn; i++) {
    if (fixed[3 * i]) add(i, 1, 0, 0);
    if (fixed[3 * i + 1]) add(i, 0, 1, 0);
    if (fixed[3 * i + 2]) add(i, 0, 0, 1);
  }
  for (const d of directions) add(d.node, d.normal[0], d.normal[1], d.normal[2]);
  for (const h of points) {
    const p = pieces.nodePiece[h.node];
    if (p < 0) continue;
    if ("axis" in h) {
      // A held rotation about an axis: b = (0, axis), as ω · axis is what it holds.
      b.fill(0);
      b[3] = h.axis[0], b[4] = h.axis[1], b[5] = h.axis[2];
      for (let r = 0; r < 6; r++) for (let q = 0; q < 6; q++) G[36 * p + 6 * r + q] += b[r] * b[q];
    } else addAt(p, h.at, h.direction[0], h.direction[1], h.direction[2]);
  }
  return Array.from({ length: nc }, (_, p) => nullMotions(G.subarray(36 * p, 36 * p + 36)));
}

/** Bodies of each piece, in mesh body order. */
export function pieceBodies(mesh: Mesh, pieces: Pieces): string[][] {
  const seen = new Uint8Array(pieces.count * mesh.bodies.length);
  for (let e = 0; e < pieces.elementPiece.length; e++) seen[pieces.elementPiece[e] * mesh.bodies.length + mesh.elementBody[e]] = 1;
  return Array.from({ length: pieces.count }, (_, p) => mesh.bodies.filter((_, b) => seen[p * mesh.bodies.length + b]));
}

/** A description of the unrestrained rigid-body motions, or null when every piece is held (the solvers' safety net). */
export function unrestrainedMotion(mesh: Mesh, fixed: Uint8Array, links: readonly NodeLink[] = [], directions: readonly DirectionHold[] = []): string | null {
  const pieces = meshPieces(mesh, links);
  const free = freeMotions(mesh, pieces, fixed, directions);
  const bodies = pieceBodies(mesh, pieces);
  const problems: string[] = [];
  free.forEach((motions, p) => {
    if (motions.length === 0) return;
    const names = bodies[p].map((n) => `"${n}"`).join(", ");
    const where = pieces.count > 1 ? `the piece of ${names} containing node ${pieces.anchor[p] + 1}` : bodies[p].map((n) => `body "${n}"`).join(", ");
    problems.push(`${where} can move freely (${motions.map((m) => RIGID_MOTIONS[m]).join(", ")})`);
  });
  return problems.length ? problems.join("; ") : null;
}
