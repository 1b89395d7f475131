// Taylor-Hood P2-P1 on the C3D10 mesh: velocity at all ten nodes (quadratic), pressure at the four corners
// (linear, continuous). The pair satisfies the inf-sup condition on tetrahedra (Boffi 1997) with no
// stabilisation, and its velocity space is the C3D10 displacement space the engine already meshes, so the same
// meshes, sets and renders serve the fluid. Here: the numbering of both spaces, the scalar sparsity patterns
// and the element loops that fill the viscous + convective block, the divergence and the pressure mass.
import { C3D10 } from "../families/c3d10.js";
import { shapeGradients, tabulate, type TabulatedElement } from "../families/index.js";
import type { Mesh } from "../../mesh/types.js";
import { nodeElements } from "../sparse/block-csr.js";
import { collapsedTetRule } from "./quadrature.js";

const NPE = 10;

export interface TaylorHood {
  /** Velocity nodes: every mesh node (unused ones are held at zero by the solver). */
  nV: number;
  /** Pressure nodes: the corner nodes some element uses. */
  nP: number;
  /** Mesh node -> pressure index, -1 for mid-edge and unused nodes. */
  pressureIndex: Int32Array;
  /** Pressure index -> mesh node. */
  pressureNode: Int32Array;
  /** Nodes some element uses. */
  used: Uint8Array;
  /** Full (both triangles) scalar pattern of the velocity block, columns sorted per row. */
  vPtr: Int32Array;
  vIdx: Int32Array;
  /** Divergence pattern: pressure rows x velocity columns, sorted per row; values 3 per entry (x, y, z). */
  dPtr: Int32Array;
  dIdx: Int32Array;
}

/** Rules tabulated once: the family's 4-point rule (degree 2) and the collapsed 64-point rule (degree 5). */
const LOW: TabulatedElement = C3D10.element;
const HIGH: TabulatedElement = tabulate("C3D10/fluid", 3, NPE, collapsedTetRule(), C3D10.shapeFunctions, C3D10.shapeDerivatives, []);
const lowRule = C3D10.rules.full.points;
const highRule = collapsedTetRule().points;

export function taylorHood(mesh: Mesh): TaylorHood {
  if (mesh.type !== "C3D10") throw new Error(`Taylor-Hood needs a C3D10 mesh, not ${mesh.type}`);
  const nV = mesh.nodes.length / 3;
  const ne = mesh.elements.length / NPE;
  const used = new Uint8Array(nV);
  const pressureIndex = new Int32Array(nV).fill(-1);
  let nP = 0;
  for (let e = 0; e < ne; e++)
    for (let a = 0; a < NPE; a++) {
      const n = mesh.elements[e * NPE + a];
      used[n] = 1;
      if (a < 4 && pressureIndex[n] < 0) pressureIndex[n] = nP++;
    }
  const pressureNode = new Int32Array(nP);
  for (let n = 0; n < nV; n++) if (pressureIndex[n] >= 0) pressureNode[pressureIndex[n]] = n;
  const { ptr, idx } = nodeElements(mesh);
  const v = neighbourPattern(mesh, nV, ptr, idx, (n) => n);
  const d = neighbourPattern(mesh, nP, ptr, idx, (q) => pressureNode[q]);
  return { nV, nP, pressureIndex, pressureNode, used, vPtr: v.ptr, vIdx: v.idx, dPtr: d.ptr, dIdx: d.idx };
}

/** Row r couples to every node of the elements around node(r): sorted, each once. */
function neighbourPattern(mesh: Mesh, rows: number, ptr: Int32Array, idx: Int32Array, node: (r: number) => number): { ptr: Int32Array; idx: Int32Array } {
  const nn = mesh.nodes.length / 3;
  const mark = new Int32Array(nn).fill(-1);
  const rowPtr = new Int32Array(rows + 1);
  const cols: number[] = [];
  const scratch: number[] = [];
  const chunks: Int32Array[] = [];
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const i = node(r);
    scratch.length = 0;
    for (let k = ptr[i]; k < ptr[i + 1]; k++)
      for (let a = 0; a < NPE; a++) {
        const j = mesh.elements[idx[k] * NPE + a];
        if (mark[j] !== r) {
          mark[j] = r;
          scratch.push(j);
        }
      }
    const sorted = Int32Array.from(scratch).sort();
    chunks.push(sorted);
    total += sorted.length;
    rowPtr[r + 1] = total;
  }
  void cols;
  const out = new Int32Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { ptr: rowPtr, idx: out };
}

/** Position of column j in row i (binary search; the pattern guarantees it exists). */
export function findEntry(ptr: Int32Array, idx: Int32Array, i: number, j: number): number {
  let lo = ptr[i], hi = ptr[i + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = idx[mid];
    if (c === j) return mid;
    if (c < j) lo = mid + 1;
    else hi = mid - 1;
  }
  throw new Error(`no entry (${i}, ${j}) in the pattern`);
}

function gather(mesh: Mesh, e: number, coords: Float64Array, nodes: Int32Array): void {
  for (let a = 0; a < NPE; a++) {
    const n = mesh.elements[e * NPE + a];
    nodes[a] = n;
    coords[3 * a] = mesh.nodes[3 * n];
    coords[3 * a + 1] = mesh.nodes[3 * n + 1];
    coords[3 * a + 2] = mesh.nodes[3 * n + 2];
  }
}

/** Linear (pressure) shape functions at a reference point: the volume coordinates. */
function linear(xi: readonly number[], out: Float64Array): void {
  out[0] = 1 - xi[0] - xi[1] - xi[2];
  out[1] = xi[0];
  out[2] = xi[1];
  out[3] = xi[2];
}

export interface ElementFluid {
  /** Viscosity and density per element. */
  viscosity: Float64Array;
  density: Float64Array;
}

/**
 * The velocity block (one scalar operator shared by the three components):
 * F_ab = integral mu grad N_a . grad N_b + rho N_a (w . grad N_b) + rho/2 (div w) N_a N_b.
 * The last term (Temam's) makes the convection skew-symmetric for any w, so each Oseen problem is stable even
 * while w is not yet divergence-free. `w` (3 per node) null: Stokes (and the degree-2 rule suffices).
 * Returns the values on the full pattern, or the first degenerate element.
 */
export function assembleVelocityBlock(mesh: Mesh, th: TaylorHood, f: ElementFluid, w: Float64Array | null): { ok: true; values: Float64Array } | { ok: false; error: string } {
  const el = w ? HIGH : LOW;
  const ne = mesh.elements.length / NPE;
  const values = new Float64Array(th.vIdx.length);
  const coords = new Float64Array(3 * NPE), nodes = new Int32Array(NPE), grad = new Float64Array(3 * NPE);
  const ke = new Float64Array(NPE * NPE);
  const conv = new Float64Array(NPE);
  for (let e = 0; e < ne; e++) {
    gather(mesh, e, coords, nodes);
    ke.fill(0);
    const mu = f.viscosity[e], rho = f.density[e];
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      if (!(det > 0)) return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${det}); remesh` };
      const wd = el.weights[p] * det;
      const N = el.shape.subarray(p * NPE, p * NPE + NPE);
      for (let a = 0; a < NPE; a++)
        for (let b = a; b < NPE; b++) {
          const v = mu * wd * (grad[3 * a] * grad[3 * b] + grad[3 * a + 1] * grad[3 * b + 1] + grad[3 * a + 2] * grad[3 * b + 2]);
          ke[a * NPE + b] += v;
          if (b !== a) ke[b * NPE + a] += v;
        }
      if (w && rho > 0) {
        let wx = 0, wy = 0, wz = 0, div = 0;
        for (let a = 0; a < NPE; a++) {
          const n = nodes[a];
          wx += N[a] * w[3 * n]; wy += N[a] * w[3 * n + 1]; wz += N[a] * w[3 * n + 2];
          div += grad[3 * a] * w[3 * n] + grad[3 * a + 1] * w[3 * n + 1] + grad[3 * a + 2] * w[3 * n + 2];
        }
        for (let b = 0; b < NPE; b++) conv[b] = wx * grad[3 * b] + wy * grad[3 * b + 1] + wz * grad[3 * b + 2];
        const rw = rho * wd;
        for (let a = 0; a < NPE; a++) {
          const na = rw * N[a];
          for (let b = 0; b < NPE; b++) ke[a * NPE + b] += na * (conv[b] + 0.5 * div * N[b]);
        }
      }
    }
    for (let a = 0; a < NPE; a++) {
      const row = nodes[a];
      for (let b = 0; b < NPE; b++) values[findEntry(th.vPtr, th.vIdx, row, nodes[b])] += ke[a * NPE + b];
    }
  }
  return { ok: true, values };
}

/**
 * The divergence D (3 values per pattern entry): D_q,(b,i) = - integral psi_q dN_b/dx_i, so that the
 * saddle-point system is [F D^T; D 0] (symmetric for Stokes). With it, the pressure mass scaled by 1/mu per
 * element (its diagonal: the Schur complement approximation) and each pressure node's volume share.
 */
export function assembleDivergence(mesh: Mesh, th: TaylorHood, f: ElementFluid): { D: Float64Array; massOverMu: Float64Array } {
  const el = LOW;
  const ne = mesh.elements.length / NPE;
  const D = new Float64Array(3 * th.dIdx.length);
  const massOverMu = new Float64Array(th.nP);
  const coords = new Float64Array(3 * NPE), nodes = new Int32Array(NPE), grad = new Float64Array(3 * NPE);
  const L = new Float64Array(4);
  for (let e = 0; e < ne; e++) {
    gather(mesh, e, coords, nodes);
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      const wd = el.weights[p] * det;
      linear(lowRule[p], L);
      for (let q = 0; q < 4; q++) {
        const pq = th.pressureIndex[nodes[q]];
        massOverMu[pq] += (wd * L[q] * L[q]) / f.viscosity[e];
        for (let b = 0; b < NPE; b++) {
          const k = 3 * findEntry(th.dPtr, th.dIdx, pq, nodes[b]);
          D[k] -= wd * L[q] * grad[3 * b];
          D[k + 1] -= wd * L[q] * grad[3 * b + 1];
          D[k + 2] -= wd * L[q] * grad[3 * b + 2];
        }
      }
    }
  }
  return { D, massOverMu };
}

export { highRule, lowRule, linear, NPE, HIGH as HIGH_RULE };
