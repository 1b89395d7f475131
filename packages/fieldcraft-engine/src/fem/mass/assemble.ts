// The global mass matrix: one value per node pair (the 3x3 block is m_ab I), stored like the stiffness (upper
// triangle, the same row pointers and columns), or a diagonal when lumped. A ninth of the stiffness's values.
import type { Mesh } from "../../mesh/types.js";
import { meshFamily } from "../../mesh/types.js";
import { gatherCoords } from "../assembly.js";
import { blockPatternFromMesh, findBlock, type BlockCsr } from "../sparse/block-csr.js";
import type { LinearOperator } from "../solvers/operator.js";
import { consistentElementMass, lumpedElementMass } from "./element-mass.js";

export type MassKind = "consistent" | "lumped";

export type NodeMass =
  | { kind: "consistent"; n: number; rowPtr: Int32Array; col: Int32Array; val: Float64Array }
  | { kind: "lumped"; n: number; diag: Float64Array };

export type MassResult = { ok: true; mass: NodeMass; total: number } | { ok: false; error: string };

/**
 * Assembles the mass of every element with density `density[elementMaterial[e]]`. `pattern` (a stiffness pattern
 * from blockPatternFromMesh) shares its row pointers and columns when given.
 */
export function assembleMass(
  mesh: Mesh,
  elementMaterial: Int32Array,
  density: readonly number[],
  kind: MassKind,
  pattern?: Pick<BlockCsr, "n" | "rowPtr" | "col">,
): MassResult {
  const el = meshFamily(mesh).element;
  const npe = el.nodes;
  const ne = mesh.elements.length / npe;
  const nn = mesh.nodes.length / 3;
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  let total = 0;
  for (const [i, rho] of density.entries())
    if (!(Number.isFinite(rho) && rho > 0)) return { ok: false, error: `material ${i + 1} needs a positive density for a mass matrix (got ${rho})` };
  if (kind === "lumped") {
    const diag = new Float64Array(nn);
    const me = new Float64Array(npe);
    for (let e = 0; e < ne; e++) {
      gatherCoords(mesh, npe, e, coords);
      const rho = density[elementMaterial[e]];
      const v = lumpedElementMass(el, coords, rho, me, grad);
      if (!(v > 0)) return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${v}); remesh or fix its node order` };
      total += rho * v;
      for (let a = 0; a < npe; a++) diag[mesh.elements[e * npe + a]] += me[a];
    }
    return { ok: true, mass: { kind, n: nn, diag }, total };
  }
  const P = pattern ?? blockPatternFromMesh(mesh);
  const val = new Float64Array(P.col.length);
  const lookup = { n: P.n, b: 1, rowPtr: P.rowPtr, col: P.col, val: new Float64Array(0) };
  const me = new Float64Array(npe * npe);
  for (let e = 0; e < ne; e++) {
    gatherCoords(mesh, npe, e, coords);
    const rho = density[elementMaterial[e]];
    const v = consistentElementMass(el, coords, rho, me, grad);
    if (!(v > 0)) return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${v}); remesh or fix its node order` };
    total += rho * v;
    for (let a = 0; a < npe; a++) {
      const na = mesh.elements[e * npe + a];
      for (let b = 0; b < npe; b++) {
        const nb = mesh.elements[e * npe + b];
        if (nb < na) continue;
        val[findBlock(lookup, na, nb)] += me[a * npe + b];
      }
    }
  }
  return { ok: true, mass: { kind, n: nn, rowPtr: P.rowPtr, col: P.col, val }, total };
}

/**
 * y = M x for `components` interleaved unknowns per node (3 for displacements, 1 for temperatures).
 * `held` DOFs are left out of the product both ways (their rows and columns are zero): the mass of the free DOFs.
 * `abs` applies |M| instead (every entry by its absolute value: the scale of the round-off in M x).
 */
export function massOperator(M: NodeMass, components: number, held?: Uint8Array, abs = false): LinearOperator {
  const size = components * M.n;
  const c = components;
  if (M.kind === "lumped")
    return {
      size,
      apply(x, y) {
        for (let i = 0; i < M.n; i++) for (let a = 0; a < c; a++) y[c * i + a] = held?.[c * i + a] ? 0 : M.diag[i] * x[c * i + a];
      },
    };
  const { rowPtr, col } = M;
  const val = abs ? M.val.map(Math.abs) : M.val;
  const scratch = held ? new Float64Array(size) : null;
  return {
    size,
    apply(x, y) {
      let xs = x;
      if (held && scratch) {
        for (let d = 0; d < size; d++) scratch[d] = held[d] ? 0 : x[d];
        xs = scratch;
      }
      y.fill(0);
      for (let i = 0; i < M.n; i++)
        for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
          const j = col[k], m = val[k];
          for (let a = 0; a < c; a++) {
            y[c * i + a] += m * xs[c * j + a];
            if (j !== i) y[c * j + a] += m * xs[c * i + a];
          }
        }
      if (held) for (let d = 0; d < size; d++) if (held[d]) y[d] = 0;
    },
  };
}

/** K += sigma M on the stiffness blocks (the shifted matrix a multigrid preconditioner of a free model is built on). */
export function addScaledMass(K: BlockCsr, M: NodeMass, sigma: number): void {
  // Block size b: the diagonal of block k is at b*b*k + (b+1)*a.
  const b = K.b, bb = b * b;
  if (M.kind === "lumped") {
    for (let i = 0; i < K.n; i++) {
      const k = K.rowPtr[i]; // the diagonal block comes first in each row
      for (let a = 0; a < b; a++) K.val[bb * k + (b + 1) * a] += sigma * M.diag[i];
    }
    return;
  }
  if (M.col.length !== K.col.length) throw new Error("addScaledMass: the mass was not assembled on the stiffness pattern");
  for (let k = 0; k < K.col.length; k++) for (let a = 0; a < b; a++) K.val[bb * k + (b + 1) * a] += sigma * M.val[k];
}
