// What the time loop needs from each element, computed once: shape gradients times integration weight at every
// point (the B matrices, never K_e and never a global matrix), Lame constants, bulk-viscosity coefficients, the
// lumped nodal mass, and each element's stable time step from its characteristic length and wave speed.
import type { Mesh } from "../../mesh/types.js";
import { meshFamily } from "../../mesh/types.js";
import { gatherCoords } from "../assembly.js";
import { shapeGradients, type ElementFamily } from "../families/index.js";
import { LUMPED_SHARES } from "../mass/element-mass.js";
import { lame } from "../material.js";

export interface ExplicitMaterial {
  young: number;
  poisson: number;
  density: number;
}

export interface ElementOperators {
  npe: number;
  /** Integration points per element. */
  nq: number;
  ne: number;
  /** dN/dx at each point, ne x nq x npe x 3. */
  grads: Float64Array;
  /** w det J at each point, ne x nq. */
  weights: Float64Array;
  lambda: Float64Array;
  mu: Float64Array;
  /** Bulk viscosity per element: linear b1 rho c L and quadratic rho (b2 L)^2. */
  visc1: Float64Array;
  visc2: Float64Array;
  /** Characteristic length and dilatational wave speed per element. */
  length: Float64Array;
  speed: Float64Array;
  /** Lumped mass per node (the same for each of its three components). */
  mass: Float64Array;
  totalMass: number;
  /** Bytes held by these arrays (the memory cap counts them). */
  bytes: number;
}

/** Dilatational wave speed sqrt((lambda + 2 mu) / rho). */
export function dilatationalSpeed(m: ExplicitMaterial): number {
  const { lambda, mu } = lame(m);
  return Math.sqrt((lambda + 2 * mu) / m.density);
}

function triangleArea(c: Float64Array, a: number, b: number, d: number): number {
  const ux = c[3 * b] - c[3 * a], uy = c[3 * b + 1] - c[3 * a + 1], uz = c[3 * b + 2] - c[3 * a + 2];
  const vx = c[3 * d] - c[3 * a], vy = c[3 * d + 1] - c[3 * a + 1], vz = c[3 * d + 2] - c[3 * a + 2];
  return 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

/**
 * Characteristic length of an element of volume V: a tetrahedron's smallest height 3V / A_max, a hexahedron's
 * V / A_max (its faces' corner quadrilaterals), as LS-DYNA defines them. Quadratic elements have nodes at half
 * that spacing and HRZ masses that put little mass at corners; their length is a fraction of the corner
 * element's, calibrated so that the estimate stays below the true critical step of the lumped system
 * (checked against the largest eigenvalue of M^-1 K in tests/explicit-solver.test.ts).
 */
export function characteristicLength(family: ElementFamily, coords: Float64Array, volume: number): number {
  let aMax = 0;
  for (const face of family.faces) {
    const f = face.nodes;
    const area = face.corners === 3 ? triangleArea(coords, f[0], f[1], f[2]) : triangleArea(coords, f[0], f[1], f[2]) + triangleArea(coords, f[0], f[2], f[3]);
    if (area > aMax) aMax = area;
  }
  const corner = family.shape === "tetrahedron" ? (3 * volume) / aMax : volume / aMax;
  return corner * LENGTH_FACTOR[family.name];
}

/** Characteristic length over the corner element's: 1 for linear elements, measured for quadratic ones. */
const LENGTH_FACTOR: Record<string, number> = { C3D4: 0.89, C3D8: 0.83, C3D10: 0.36, C3D20: 0.25, C3D20R: 0.24 };

/** Families the explicit solver integrates (3D solids). */
export function explicitFamilyProblem(family: ElementFamily): string | null {
  if (family.dimension !== 3)
    return `explicit steps need a 3D solid mesh; ${family.name} is planar, and the explicit solver has no planar kernel yet (element forces with the section's thickness or the axisymmetric hoop strain, its lumped mass and stable step): mesh the part in 3D (mesh.tet.generate or mesh.hex), or use a static, frequency or heat step`;
  if (LENGTH_FACTOR[family.name] === undefined) return `explicit steps do not integrate ${family.name} elements yet`;
  return null;
}

/**
 * Lumped element mass shares: row sums of the consistent mass (integral of N_a) for linear elements, HRZ
 * (the consistent diagonal scaled to the element's mass) for quadratic ones, whose row sums are not all positive.
 */
export function lumpedShares(family: ElementFamily, coords: Float64Array, grad: Float64Array, out: Float64Array): number {
  const el = family.element;
  const fixed = LUMPED_SHARES[family.name];
  let volume = 0;
  out.fill(0);
  for (let p = 0; p < el.points; p++) {
    const w = el.weights[p] * shapeGradients(el, p, coords, grad);
    volume += w;
    for (let a = 0; a < el.nodes; a++) {
      const N = el.shape[p * el.nodes + a];
      out[a] += family.order === 1 ? w * N : w * N * N;
    }
  }
  if (fixed) {
    for (let a = 0; a < el.nodes; a++) out[a] = fixed[a];
    return volume;
  }
  let sum = 0;
  for (let a = 0; a < el.nodes; a++) sum += out[a];
  for (let a = 0; a < el.nodes; a++) out[a] /= sum;
  return volume;
}

export type OperatorsResult = { ok: true; ops: ElementOperators } | { ok: false; error: string };

export function elementOperators(
  mesh: Mesh,
  elementMaterial: Int32Array,
  materials: readonly ExplicitMaterial[],
  viscosity: { linear: number; quadratic: number },
): OperatorsResult {
  const family = meshFamily(mesh);
  const bad = explicitFamilyProblem(family);
  if (bad) return { ok: false, error: bad };
  const el = family.element;
  const npe = el.nodes, nq = el.points;
  const ne = mesh.elements.length / npe;
  const nn = mesh.nodes.length / 3;
  const grads = new Float64Array(ne * nq * npe * 3);
  const weights = new Float64Array(ne * nq);
  const lambda = new Float64Array(ne), mu = new Float64Array(ne);
  const visc1 = new Float64Array(ne), visc2 = new Float64Array(ne);
  const length = new Float64Array(ne), speed = new Float64Array(ne);
  const mass = new Float64Array(nn);
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  const shares = new Float64Array(npe);
  const constants = materials.map((m) => ({ ...lame(m), c: dilatationalSpeed(m), rho: m.density }));
  let totalMass = 0;
  for (let e = 0; e < ne; e++) {
    const k = constants[elementMaterial[e]];
    gatherCoords(mesh, npe, e, coords);
    let volume = 0;
    for (let p = 0; p < nq; p++) {
      const det = shapeGradients(el, p, coords, grad);
      if (!(det > 0)) return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${det}); remesh or fix its node order` };
      const w = el.weights[p] * det;
      weights[e * nq + p] = w;
      volume += w;
      grads.set(grad, (e * nq + p) * npe * 3);
    }
    lumpedShares(family, coords, grad, shares);
    const m = k.rho * volume;
    totalMass += m;
    for (let a = 0; a < npe; a++) mass[mesh.elements[e * npe + a]] += m * shares[a];
    const L = characteristicLength(family, coords, volume);
    length[e] = L;
    speed[e] = k.c;
    lambda[e] = k.lambda;
    mu[e] = k.mu;
    visc1[e] = viscosity.linear * k.rho * k.c * L;
    visc2[e] = k.rho * (viscosity.quadratic * L) ** 2;
  }
  const bytes = grads.byteLength + weights.byteLength + 8 * 8 * ne + mass.byteLength;
  return { ok: true, ops: { npe, nq, ne, grads, weights, lambda, mu, visc1, visc2, length, speed, mass, totalMass, bytes } };
}

/**
 * The stable step: the smallest over elements of L / c, reduced for the linear bulk viscosity's damping of the
 * highest mode (dt = L / c (sqrt(1 + xi^2) - xi), xi = b1, as Abaqus/Explicit states it). Also the element
 * that sets it.
 */
export function stableStep(ops: ElementOperators, linearViscosity: number): { dt: number; element: number } {
  let dt = Infinity, element = -1;
  for (let e = 0; e < ops.ne; e++) {
    const t = ops.length[e] / ops.speed[e];
    if (t < dt) {
      dt = t;
      element = e;
    }
  }
  const xi = linearViscosity;
  return { dt: dt * (Math.sqrt(1 + xi * xi) - xi), element };
}
