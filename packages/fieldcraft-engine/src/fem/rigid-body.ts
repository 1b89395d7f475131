// Restraint check before solving: each connected piece of the mesh must have its six rigid-body motions held.
import type { Mesh } from "../mesh/types.js";
import { NODES_PER_ELEMENT } from "../mesh/types.js";

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]];
    i = parent[i];
  }
  return i;
}

/** Eigen-decomposition of a symmetric 6x6 matrix by cyclic Jacobi rotations: values and column eigenvectors. */
function symmetricEigen(a: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const A = Float64Array.from(a);
  const V = new Float64Array(n * n);
  for (let i = 0; i < n; i++) V[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p * n + q] ** 2;
    if (off < 1e-30) break;
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

const AXES = ["x", "y", "z"];

function describeMode(v: number[]): string {
  const t = v.slice(0, 3), r = v.slice(3, 6);
  const tn = Math.hypot(...t), rn = Math.hypot(...r);
  const [kind, w] = rn > 1e-3 * Math.max(tn, 1e-300) && rn >= 0.2 * tn ? ["rotation about", r] : ["translation in", t];
  const axis = w.map(Math.abs).indexOf(Math.max(...w.map(Math.abs)));
  return `${kind} ${AXES[axis]}`;
}

/** A description of the unrestrained rigid-body motions, or null when every piece is held. */
export function unrestrainedMotion(mesh: Mesh, fixed: Uint8Array): string | null {
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const parent = Int32Array.from({ length: nn }, (_, i) => i);
  for (let e = 0; e < ne; e++) {
    const r0 = find(parent, mesh.elements[e * npe]);
    for (let a = 1; a < npe; a++) {
      const r = find(parent, mesh.elements[e * npe + a]);
      if (r !== r0) parent[r] = r0;
    }
  }
  // Per component: centroid and size, then G = sum over prescribed DOFs of b b^T (b: the 6 rigid modes at that DOF).
  const roots = new Map<number, number>();
  const used = new Uint8Array(nn);
  for (let k = 0; k < mesh.elements.length; k++) used[mesh.elements[k]] = 1;
  const compOf = new Int32Array(nn).fill(-1);
  for (let i = 0; i < nn; i++) {
    if (!used[i]) continue;
    const r = find(parent, i);
    if (!roots.has(r)) roots.set(r, roots.size);
    compOf[i] = roots.get(r)!;
  }
  const nc = roots.size;
  const sums = new Float64Array(4 * nc);
  const lo = new Float64Array(3 * nc).fill(Infinity), hi = new Float64Array(3 * nc).fill(-Infinity);
  for (let i = 0; i < nn; i++) {
    const c = compOf[i];
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
  for (let i = 0; i < nn; i++) {
    const c = compOf[i];
    if (c < 0) continue;
    const size = Math.max(hi[3 * c] - lo[3 * c], hi[3 * c + 1] - lo[3 * c + 1], hi[3 * c + 2] - lo[3 * c + 2]) || 1;
    const x = (mesh.nodes[3 * i] - sums[4 * c] / sums[4 * c + 3]) / size;
    const y = (mesh.nodes[3 * i + 1] - sums[4 * c + 1] / sums[4 * c + 3]) / size;
    const z = (mesh.nodes[3 * i + 2] - sums[4 * c + 2] / sums[4 * c + 3]) / size;
    for (let a = 0; a < 3; a++) {
      if (!fixed[3 * i + a]) continue;
      b.fill(0);
      b[a] = 1;
      if (a === 0) { b[4] = z; b[5] = -y; }
      if (a === 1) { b[3] = -z; b[5] = x; }
      if (a === 2) { b[3] = y; b[4] = -x; }
      for (let p = 0; p < 6; p++) for (let q = 0; q < 6; q++) G[36 * c + 6 * p + q] += b[p] * b[q];
    }
  }
  const problems: string[] = [];
  for (const [root, c] of roots) {
    const { values, vectors } = symmetricEigen(G.subarray(36 * c, 36 * c + 36), 6);
    const free: string[] = [];
    values.forEach((lambda, k) => {
      if (lambda < 1e-9) free.push(describeMode([0, 1, 2, 3, 4, 5].map((p) => vectors[p * 6 + k])));
    });
    if (free.length === 0) continue;
    const bodies = new Set<string>();
    for (let e = 0; e < ne; e++) if (find(parent, mesh.elements[e * npe]) === root) bodies.add(mesh.bodies[mesh.elementBody[e]] ?? "?");
    const where = nc > 1 ? `the piece of ${[...bodies].map((n) => `"${n}"`).join(", ")} containing node ${root + 1}` : [...bodies].map((n) => `body "${n}"`).join(", ");
    problems.push(`${where} can move freely (${[...new Set(free)].join(", ")})`);
  }
  return problems.length ? problems.join("; ") : null;
}
