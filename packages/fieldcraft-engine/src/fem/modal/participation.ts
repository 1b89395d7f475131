// Modal participation: for each mass-normalised mode phi and each rigid-body direction r (translations x, y, z and
// rotations about the global x, y, z axes through the origin, as CalculiX reports them), the participation factor
// Gamma = phi^T M r and the effective mass Gamma^2 / (phi^T M phi). M is the mass of the free DOFs, so the effective
// masses of all modes add up to the mass that can move in that direction.
import type { LinearOperator } from "../solvers/operator.js";

export const DIRECTIONS = ["x", "y", "z", "rx", "ry", "rz"] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type PerDirection = Record<Direction, number>;

export interface Participation {
  /** Per mode. */
  participation: PerDirection[];
  effectiveMass: PerDirection[];
  /** r^T M r per direction: the mass (x, y, z) and the rotary inertia about each axis (rx, ry, rz) of the free DOFs. */
  movable: PerDirection;
  /** Sum over the modes of the effective masses divided by `movable`, per direction. */
  fraction: PerDirection;
}

/** The six rigid-body fields at `nodes` (3 coordinates per node), 3 components per node, about `origin`. */
export function rigidFields(nodes: Float64Array, origin: readonly [number, number, number] = [0, 0, 0]): Float64Array[] {
  const nn = nodes.length / 3;
  const r = DIRECTIONS.map(() => new Float64Array(3 * nn));
  for (let i = 0; i < nn; i++) {
    const x = nodes[3 * i] - origin[0], y = nodes[3 * i + 1] - origin[1], z = nodes[3 * i + 2] - origin[2];
    r[0][3 * i] = 1;
    r[1][3 * i + 1] = 1;
    r[2][3 * i + 2] = 1;
    // e_k x (x, y, z)
    r[3][3 * i + 1] = -z; r[3][3 * i + 2] = y;
    r[4][3 * i] = z; r[4][3 * i + 2] = -x;
    r[5][3 * i] = -y; r[5][3 * i + 1] = x;
  }
  return r;
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

const perDirection = (v: ArrayLike<number>): PerDirection =>
  Object.fromEntries(DIRECTIONS.map((d, k) => [d, v[k]])) as PerDirection;

/** `modes`: one displacement vector (3 per node) per mode. `M`: the mass operator of the free DOFs. */
export function modalParticipation(nodes: Float64Array, M: LinearOperator, modes: readonly Float64Array[]): Participation {
  const r = rigidFields(nodes);
  const Mr = r.map((v) => {
    const out = new Float64Array(v.length);
    M.apply(v, out);
    return out;
  });
  const movable = r.map((v, k) => dot(v, Mr[k]));
  const Mphi = new Float64Array(M.size);
  const participation: PerDirection[] = [];
  const effectiveMass: PerDirection[] = [];
  const sums = new Float64Array(6);
  for (const phi of modes) {
    M.apply(phi, Mphi);
    const gm = dot(phi, Mphi);
    const gamma = Mr.map((m) => dot(phi, m) / gm);
    const eff = gamma.map((g) => g * g * gm);
    eff.forEach((e, k) => (sums[k] += e));
    participation.push(perDirection(gamma));
    effectiveMass.push(perDirection(eff));
  }
  return {
    participation,
    effectiveMass,
    movable: perDirection(movable),
    fraction: perDirection(Array.from(sums, (s, k) => (movable[k] > 0 ? s / movable[k] : 0))),
  };
}
