// Reference points coupled to faces, as rows of the constraint transform (node-constraints.ts). A point has six
// unknowns, held as two extra 3-DOF "nodes" after the mesh's: its translations (node N + 2p) and its rotations
// (node N + 2p + 1), so the 3x3 block machinery takes them unchanged.
// Kinematic: each face node follows the point rigidly, u_i = u_R + theta_R x (x_i - x_R), in the chosen components.
// Distributing (RBE3, as CalculiX's *DISTRIBUTING): the point's force and moment reach the face nodes as
// f_i = w_i F + w_i (J^-1 M_c) x r_i (w_i the nodal areas over the total, r_i = x_i - c from the weighted centroid c,
// J = sum w_i (|r_i|^2 I - r_i r_i^T), M_c = M + (x_R - c) x F); the point's motion is that map's transpose.
import type { Mesh } from "../mesh/types.js";
import { eachFacetPoint, type Facets } from "./loads.js";
import type { NodeConstraints } from "./node-constraints.js";

export interface PointCoupling {
  /** Index of the reference point. */
  point: number;
  kind: "kinematic" | "distributing";
  /** The face the point is coupled to. */
  facets: Facets;
  /** Kinematic: the translation components (0..2) of the face nodes that follow the point (default all). */
  components?: number[];
  /** The coupling's name, for messages. */
  name: string;
}

/** The reference points of a static problem: where they are, how they are coupled, loaded and held. */
export interface PointSystem {
  /** 3 per point. */
  coordinates: Float64Array;
  /** Point names, for messages. */
  names: string[];
  couplings: PointCoupling[];
  /** 6 per point: force (3), then moment (3). */
  loads: Float64Array;
  /** Prescribed point DOFs: 6 p + k (k 0..2 translations, 3..5 rotations) -> value. */
  held: Map<number, number>;
}

export type ConstraintRow = NonNullable<NodeConstraints["rows"]>[number];

/** The extra node holding point p's translations (rotations: the next one). */
export const pointNode = (nodes: number, p: number) => nodes + 2 * p;

/** Each face node once, ascending, with its share of the face's area (integral of its shape function). */
export function faceNodeAreas(mesh: Mesh, facets: Facets): { nodes: number[]; areas: number[] } {
  const area = new Map<number, number>();
  eachFacetPoint(mesh, facets, (nodes, N, nx, ny, nz) => {
    const dA = Math.hypot(nx, ny, nz);
    nodes.forEach((n, k) => area.set(n, (area.get(n) ?? 0) + N[k] * dA));
  });
  const nodes = [...area.keys()].sort((a, b) => a - b);
  return { nodes, areas: nodes.map((n) => area.get(n)!) };
}

/** The cross-product matrix [a]x (row-major): [a]x b = a x b. */
function skew(a: readonly number[]): Float64Array {
  return Float64Array.of(0, -a[2], a[1], a[2], 0, -a[0], -a[1], a[0], 0);
}

function mul3(a: Float64Array, b: Float64Array): Float64Array {
  const c = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[3 * i + j] = a[3 * i] * b[j] + a[3 * i + 1] * b[3 + j] + a[3 * i + 2] * b[6 + j];
  return c;
}

function inverse3(m: Float64Array): Float64Array | null {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h, B = f * g - d * i, C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const scale = Math.max(...Array.from(m, Math.abs));
  if (!(Math.abs(det) > 1e-12 * scale ** 3)) return null;
  return Float64Array.of(A, c * h - b * i, b * f - c * e, B, a * i - c * g, c * d - a * f, C, b * g - a * h, a * e - b * d).map((v) => v / det);
}

/** Kinematic rows: each face node's chosen components from the point's translation and rotation. */
function kinematicRows(mesh: Mesh, nodes: number, sys: PointSystem, c: PointCoupling): ConstraintRow[] {
  const R = c.point;
  const xR = [sys.coordinates[3 * R], sys.coordinates[3 * R + 1], sys.coordinates[3 * R + 2]];
  const chosen = c.components ?? [0, 1, 2];
  const t = pointNode(nodes, R);
  return faceNodeAreas(mesh, c.facets).nodes.map((i) => {
    const d = [0, 1, 2].map((k) => mesh.nodes[3 * i + k] - xR[k]);
    // theta x d = -[d]x theta
    const S = skew(d).map((v) => -v);
    const own = new Float64Array(9), follow = new Float64Array(9), turn = new Float64Array(9);
    for (let a = 0; a < 3; a++) {
      if (!chosen.includes(a)) {
        own[4 * a] = 1;
        continue;
      }
      follow[4 * a] = 1;
      for (let b = 0; b < 3; b++) turn[3 * a + b] = S[3 * a + b];
    }
    const partial = chosen.length < 3;
    return {
      node: i,
      cols: partial ? [i, t, t + 1] : [t, t + 1],
      blocks: partial ? [own, follow, turn] : [follow, turn],
      held: chosen.map((a) => 3 * i + a),
      owner: c.name,
    };
  });
}

/** Distributing rows: the point's translation and rotation as the transpose of the RBE3 load distribution. */
function distributingRows(mesh: Mesh, nodes: number, sys: PointSystem, c: PointCoupling): ConstraintRow[] | string {
  const { nodes: face, areas } = faceNodeAreas(mesh, c.facets);
  const total = areas.reduce((s, a) => s + a, 0);
  if (!(total > 0)) return `coupling ${c.name}: its face has no area`;
  const w = areas.map((a) => a / total);
  const cg = [0, 0, 0];
  face.forEach((n, k) => {
    for (let a = 0; a < 3; a++) cg[a] += w[k] * mesh.nodes[3 * n + a];
  });
  const r = face.map((n) => [0, 1, 2].map((a) => mesh.nodes[3 * n + a] - cg[a]));
  const J = new Float64Array(9);
  r.forEach((ri, k) => {
    const rr = ri[0] ** 2 + ri[1] ** 2 + ri[2] ** 2;
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) J[3 * a + b] += w[k] * ((a === b ? rr : 0) - ri[a] * ri[b]);
  });
  const Jinv = inverse3(J);
  if (!Jinv) return `coupling ${c.name}: the nodes of its face lie on a line, which cannot carry a moment; couple the point to a face with area`;
  const R = c.point;
  const p = [0, 1, 2].map((a) => sys.coordinates[3 * R + a] - cg[a]);
  const P = skew(p);
  // u_R = sum w_i (I - [p]x J^-1 [r_i]x) u_i,  theta_R = sum w_i J^-1 [r_i]x u_i
  const turn = r.map((ri, k) => mul3(Jinv, skew(ri)).map((v) => v * w[k]));
  const move = turn.map((T, k) => {
    const PT = mul3(P, T);
    return PT.map((v, q) => (q % 4 === 0 ? w[k] : 0) - v);
  });
  const t = pointNode(nodes, R);
  return [
    { node: t, cols: face.slice(), blocks: move, held: [3 * t, 3 * t + 1, 3 * t + 2], owner: c.name },
    { node: t + 1, cols: face.slice(), blocks: turn, held: [3 * t + 3, 3 * t + 4, 3 * t + 5], owner: c.name },
  ];
}

/** All couplings as constraint rows over the mesh's `nodes` and the points' extra nodes, or the first problem. */
export function couplingRows(mesh: Mesh, sys: PointSystem): ConstraintRow[] | string {
  const nodes = mesh.nodes.length / 3;
  const rows: ConstraintRow[] = [];
  for (const c of sys.couplings) {
    if (c.facets.element.length === 0) return `coupling ${c.name}: its set has no faces to couple to`;
    const made = c.kind === "kinematic" ? kinematicRows(mesh, nodes, sys, c) : distributingRows(mesh, nodes, sys, c);
    if (typeof made === "string") return made;
    rows.push(...made);
  }
  return rows;
}

/** The points' rows of the near-nullspace (6 modes, scaled as rigidBodyModes scales the mesh's). */
export function pointNullspace(sys: PointSystem, center: readonly number[], scale: number, modes: number): Float64Array {
  const count = sys.coordinates.length / 3;
  const B = new Float64Array(6 * count * modes);
  for (let p = 0; p < count; p++) {
    const [x, y, z] = [0, 1, 2].map((a) => (sys.coordinates[3 * p + a] - center[a]) / scale);
    const r0 = 6 * p * modes, r1 = r0 + modes, r2 = r1 + modes;
    B[r0] = 1; B[r1 + 1] = 1; B[r2 + 2] = 1;
    B[r1 + 3] = -z; B[r2 + 3] = y;
    B[r0 + 4] = z; B[r2 + 4] = -x;
    B[r0 + 5] = -y; B[r1 + 5] = x;
    // Rotation rows: a unit rotation mode turns the point by 1 / scale about its axis.
    for (let a = 0; a < 3; a++) B[r0 + 3 * modes + a * modes + 3 + a] = 1 / scale;
  }
  return B;
}

/**
 * The mesh's nodal forces with each point's force and moment spread over its coupled face as a distributing
 * coupling spreads them: the same resultant about any point, so reactions balance it (for a kinematic coupling
 * the actual split over the face comes out of the solve).
 */
export function equivalentNodalLoads(mesh: Mesh, forces: Float64Array, sys: PointSystem): Float64Array {
  const out = Float64Array.from(forces);
  for (const c of sys.couplings) {
    const rows = distributingRows(mesh, mesh.nodes.length / 3, sys, { ...c, kind: "distributing" });
    if (typeof rows === "string") continue; // a face on a line: the solve refuses it
    const load = sys.loads.subarray(6 * c.point, 6 * c.point + 6);
    rows.forEach((row, half) =>
      row.cols.forEach((n, k) => {
        const g = row.blocks[k];
        for (let s = 0; s < 3; s++) out[3 * n + s] += g[s] * load[3 * half] + g[3 + s] * load[3 * half + 1] + g[6 + s] * load[3 * half + 2];
      }),
    );
  }
  return out;
}
