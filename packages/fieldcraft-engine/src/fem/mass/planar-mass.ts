// Mass of planar meshes (CPS, CPE, CAX): m_ab = rho sum_q w det J N_a N_b times the out-of-plane measure, the
// thickness or 2 pi r (axisymmetry: the full circle, as the stiffness, loads and reactions; CalculiX's wedge
// expansion scales mass and stiffness alike, so frequencies agree). Integrated with the family's own rule, as
// ccx integrates its 3D expansion in the plane. One value per node pair like the solid mass (the 2x2 block is
// m_ab I); lumped: the consistent diagonal scaled to the element's mass (HRZ), positive for every family.
import { meshFamily, type Mesh } from "../../mesh/types.js";
import { gatherCoords } from "../assembly.js";
import { shapeGradients2D } from "../families/index.js";
import { blockPatternFromMesh, findBlock, type BlockCsr } from "../sparse/block-csr.js";
import type { MassKind, MassResult } from "./assemble.js";

/** The element's consistent mass (npe x npe) into `me`; returns its mass (<= 0: inverted or off the axis). */
export function planarElementMass(mesh: Mesh, coords: Float64Array, rho: number, thickness: number, me: Float64Array, grad: Float64Array): number {
  const fam = meshFamily(mesh);
  const el = fam.element, n = el.nodes;
  me.fill(0, 0, n * n);
  let mass = 0;
  for (let p = 0; p < el.points; p++) {
    const det = shapeGradients2D(el, p, coords, grad);
    if (!(det > 0)) return det;
    let measure = thickness;
    if (fam.planar === "axisymmetric") {
      let r = 0;
      for (let a = 0; a < n; a++) r += el.shape[p * n + a] * coords[3 * a];
      if (!(r > 0)) return -1;
      measure = 2 * Math.PI * r;
    }
    const w = rho * el.weights[p] * det * measure;
    mass += w;
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) me[a * n + b] += w * el.shape[p * n + a] * el.shape[p * n + b];
  }
  return mass;
}

/** Assembles the planar mass; `thickness` per material (ignored for axisymmetry). */
export function assemblePlanarMass(
  mesh: Mesh,
  elementMaterial: Int32Array,
  density: readonly number[],
  thickness: readonly number[],
  kind: MassKind,
  pattern?: Pick<BlockCsr, "n" | "rowPtr" | "col">,
): MassResult {
  const npe = meshFamily(mesh).nodes;
  const ne = mesh.elements.length / npe, nn = mesh.nodes.length / 3;
  for (const [i, rho] of density.entries())
    if (!(Number.isFinite(rho) && rho > 0)) return { ok: false, error: `material ${i + 1} needs a positive density for a mass matrix (got ${rho})` };
  const coords = new Float64Array(3 * npe), grad = new Float64Array(2 * npe), me = new Float64Array(npe * npe);
  const P = kind === "consistent" ? pattern ?? blockPatternFromMesh(mesh, 1) : null;
  const val = P ? new Float64Array(P.col.length) : null;
  const lookup = P ? { n: P.n, b: 1, rowPtr: P.rowPtr, col: P.col, val: new Float64Array(0) } : null;
  const diag = new Float64Array(nn);
  let total = 0;
  for (let e = 0; e < ne; e++) {
    gatherCoords(mesh, npe, e, coords);
    const m = elementMaterial[e];
    const mass = planarElementMass(mesh, coords, density[m], thickness[m] ?? 1, me, grad);
    if (!(mass > 0)) return { ok: false, error: `element ${e + 1} is inverted, degenerate or reaches x <= 0 (axisymmetry); remesh or fix its node order` };
    total += mass;
    if (val && lookup) {
      for (let a = 0; a < npe; a++) {
        const na = mesh.elements[e * npe + a];
        for (let b = 0; b < npe; b++) {
          const nb = mesh.elements[e * npe + b];
          if (nb >= na) val[findBlock(lookup, na, nb)] += me[a * npe + b];
        }
      }
    } else {
      let d = 0;
      for (let a = 0; a < npe; a++) d += me[a * npe + a];
      for (let a = 0; a < npe; a++) diag[mesh.elements[e * npe + a]] += (mass * me[a * npe + a]) / d;
    }
  }
  if (P && val) return { ok: true, mass: { kind: "consistent", n: nn, rowPtr: P.rowPtr, col: P.col, val }, total };
  return { ok: true, mass: { kind: "lumped", n: nn, diag }, total };
}
