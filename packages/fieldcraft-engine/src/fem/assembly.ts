// Stiffness assembly: element matrices from the isotropic form, scattered into the 3x3-block pattern.
import type { Mesh } from "../mesh/types.js";
import type { ElasticMaterial } from "./types.js";
import { ELEMENTS, shapeGradients, type TetElement } from "./elements/index.js";
import { lame } from "./material.js";
import { blockPatternFromMesh, findBlock, type BlockCsr } from "./sparse/block-csr.js";

/** Gathers the coordinates of element e's nodes into `coords`. */
export function gatherCoords(mesh: Mesh, npe: number, e: number, coords: Float64Array): void {
  for (let a = 0; a < npe; a++) {
    const n = mesh.elements[e * npe + a];
    coords[3 * a] = mesh.nodes[3 * n];
    coords[3 * a + 1] = mesh.nodes[3 * n + 1];
    coords[3 * a + 2] = mesh.nodes[3 * n + 2];
  }
}

/**
 * Element stiffness into `ke` (3n x 3n, row-major), from K_ab = sum_q w det J (lambda grad Na (x) grad Nb
 * + mu grad Nb (x) grad Na + mu (grad Na . grad Nb) I). Returns the element volume (<= 0: inverted).
 */
export function elementStiffness(
  el: TetElement,
  coords: Float64Array,
  lambda: number,
  mu: number,
  ke: Float64Array,
  grad: Float64Array,
): number {
  const n = el.nodes;
  const m = 3 * n;
  ke.fill(0, 0, m * m);
  let volume = 0;
  for (let p = 0; p < el.points; p++) {
    const det = shapeGradients(el, p, coords, grad);
    if (!(det > 0)) return det;
    const w = el.weights[p] * det;
    volume += w;
    const lw = lambda * w, mw = mu * w;
    for (let a = 0; a < n; a++) {
      const a0 = grad[3 * a], a1 = grad[3 * a + 1], a2 = grad[3 * a + 2];
      for (let b = a; b < n; b++) {
        const b0 = grad[3 * b], b1 = grad[3 * b + 1], b2 = grad[3 * b + 2];
        const dot = mw * (a0 * b0 + a1 * b1 + a2 * b2);
        const r = 3 * a * m + 3 * b;
        ke[r] += lw * a0 * b0 + mw * a0 * b0 + dot;
        ke[r + 1] += lw * a0 * b1 + mw * a1 * b0;
        ke[r + 2] += lw * a0 * b2 + mw * a2 * b0;
        ke[r + m] += lw * a1 * b0 + mw * a0 * b1;
        ke[r + m + 1] += lw * a1 * b1 + mw * a1 * b1 + dot;
        ke[r + m + 2] += lw * a1 * b2 + mw * a2 * b1;
        ke[r + 2 * m] += lw * a2 * b0 + mw * a0 * b2;
        ke[r + 2 * m + 1] += lw * a2 * b1 + mw * a1 * b2;
        ke[r + 2 * m + 2] += lw * a2 * b2 + mw * a2 * b2 + dot;
      }
    }
  }
  // Fill the lower triangle of blocks by symmetry.
  for (let a = 0; a < n; a++)
    for (let b = 0; b < a; b++)
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) ke[(3 * a + i) * m + 3 * b + j] = ke[(3 * b + j) * m + 3 * a + i];
  return volume;
}

export type AssemblyResult = { ok: true; matrix: BlockCsr } | { ok: false; error: string };

/** Assembles into `pattern` (from blockPatternFromMesh) when given, so a caller that sized the job first does not hold two. */
export function assembleStiffness(mesh: Mesh, elementMaterial: Int32Array, materials: ElasticMaterial[], pattern?: BlockCsr): AssemblyResult {
  const el = ELEMENTS[mesh.type];
  const npe = el.nodes;
  const ne = mesh.elements.length / npe;
  const K = pattern ?? blockPatternFromMesh(mesh);
  const constants = materials.map(lame);
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  const m = 3 * npe;
  const ke = new Float64Array(m * m);
  const val = K.val;
  for (let e = 0; e < ne; e++) {
    const mat = constants[elementMaterial[e]];
    gatherCoords(mesh, npe, e, coords);
    const volume = elementStiffness(el, coords, mat.lambda, mat.mu, ke, grad);
    if (!(volume > 0))
      return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${volume}); remesh or fix its node order` };
    for (let a = 0; a < npe; a++) {
      const na = mesh.elements[e * npe + a];
      for (let b = 0; b < npe; b++) {
        const nb = mesh.elements[e * npe + b];
        if (nb < na) continue; // the upper triangle holds it
        const k = 9 * findBlock(K, na, nb);
        const r = 3 * a * m + 3 * b;
        val[k] += ke[r]; val[k + 1] += ke[r + 1]; val[k + 2] += ke[r + 2];
        val[k + 3] += ke[r + m]; val[k + 4] += ke[r + m + 1]; val[k + 5] += ke[r + m + 2];
        val[k + 6] += ke[r + 2 * m]; val[k + 7] += ke[r + 2 * m + 1]; val[k + 8] += ke[r + 2 * m + 2];
      }
    }
  }
  return { ok: true, matrix: K };
}
