// Unit checks of the solver's pieces against dense reference computations.
import { describe, expect, it } from "vitest";
import { assembleStiffness, elementStiffness } from "../src/fem/assembly.js";
import { ELEMENTS } from "../src/fem/elements/index.js";
import { blockMultiply, lowerIndex } from "../src/fem/sparse/block-csr.js";
import { galerkinProduct, multiplySparse, smoothedProlongator, transpose, type Csr } from "../src/fem/sparse/csr.js";
import { factorDense, solveDense } from "../src/fem/solvers/dense-cholesky.js";
import { boxTetMesh } from "./support/box-mesh.js";

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
}

function toDense(A: Csr): number[][] {
  const d = Array.from({ length: A.rows }, () => new Array(A.cols).fill(0));
  for (let i = 0; i < A.rows; i++) for (let k = A.ptr[i]; k < A.ptr[i + 1]; k++) d[i][A.idx[k]] += A.val[k];
  return d;
}

describe("elements", () => {
  for (const type of ["C3D4", "C3D10"] as const)
    it(`${type}: shape functions sum to one, the stiffness is symmetric and blind to rigid motions`, () => {
      const el = ELEMENTS[type];
      for (let p = 0; p < el.points; p++) {
        let s = 0;
        for (let a = 0; a < el.nodes; a++) s += el.shape[p * el.nodes + a];
        expect(s).toBeCloseTo(1, 14);
      }
      const corners = [0.1, 0.2, 0, 2.1, 0.3, 0.2, 0.4, 1.7, 0.1, 0.3, 0.5, 1.9];
      const coords = new Float64Array(3 * el.nodes);
      coords.set(corners);
      const edges = [[0, 1], [1, 2], [2, 0], [0, 3], [1, 3], [2, 3]];
      if (el.nodes === 10) edges.forEach(([a, b], m) => { for (let c = 0; c < 3; c++) coords[3 * (4 + m) + c] = (corners[3 * a + c] + corners[3 * b + c]) / 2; });
      const m = 3 * el.nodes;
      const ke = new Float64Array(m * m);
      const volume = elementStiffness(el, coords, 1000, 700, ke, new Float64Array(m));
      // Volume of the tetrahedron from the corner coordinates.
      const d = [0, 1, 2].map((k) => [0, 1, 2].map((c) => corners[3 * (k + 1) + c] - corners[c]));
      const det = d[0][0] * (d[1][1] * d[2][2] - d[1][2] * d[2][1]) - d[0][1] * (d[1][0] * d[2][2] - d[1][2] * d[2][0]) + d[0][2] * (d[1][0] * d[2][1] - d[1][1] * d[2][0]);
      expect(volume).toBeCloseTo(det / 6, 12);
      let scale = 0;
      for (let i = 0; i < m * m; i++) scale = Math.max(scale, Math.abs(ke[i]));
      for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) expect(Math.abs(ke[i * m + j] - ke[j * m + i])).toBeLessThan(1e-12 * scale);
      // Translations and an infinitesimal rotation about z produce no force.
      const modes = [
        (x: number[]) => [1, 0, 0],
        (x: number[]) => [0, 0, 1],
        (x: number[]) => [-x[1], x[0], 0],
      ];
      for (const mode of modes) {
        const u = new Float64Array(m);
        for (let a = 0; a < el.nodes; a++) u.set(mode([coords[3 * a], coords[3 * a + 1], coords[3 * a + 2]]), 3 * a);
        for (let i = 0; i < m; i++) {
          let f = 0;
          for (let j = 0; j < m; j++) f += ke[i * m + j] * u[j];
          expect(Math.abs(f)).toBeLessThan(1e-10 * scale);
        }
      }
    });
});

describe("sparse kernels", () => {
  const mesh = boxTetMesh({ size: [2, 1, 1], cells: [3, 2, 2], order: 2, jitter: 0.2 });
  const ne = mesh.elements.length / 10;
  const assembled = assembleStiffness(mesh, new Int32Array(ne), [{ young: 1000, poisson: 0.25 }]);
  if (!assembled.ok) throw new Error(assembled.error);
  const K = assembled.matrix;
  const n = 3 * K.n;
  // The full matrix, expanded from the upper-triangle storage.
  const dense = Array.from({ length: n }, () => new Array(n).fill(0));
  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++) {
          dense[3 * i + a][3 * K.col[k] + b] = K.val[9 * k + 3 * a + b];
          dense[3 * K.col[k] + b][3 * i + a] = K.val[9 * k + 3 * a + b];
        }
  const rnd = random(5);

  it("the symmetric block product equals the dense product", () => {
    const x = Float64Array.from({ length: n }, rnd);
    const y = new Float64Array(n);
    blockMultiply(K, x, y);
    for (let i = 0; i < n; i++) {
      const ref = dense[i].reduce((s, v, j) => s + v * x[j], 0);
      expect(Math.abs(y[i] - ref)).toBeLessThan(1e-9 * Math.abs(dense[i][i]));
    }
  });

  it("sparse products and the sliced Galerkin product equal their dense counterparts", () => {
    const cols = 7;
    const ptr = Int32Array.from({ length: n + 1 }, (_, i) => 2 * i);
    const idx = Int32Array.from({ length: 2 * n }, (_, k) => (k * 5 + (k >> 1)) % cols);
    for (let i = 0; i < n; i++) if (idx[2 * i] === idx[2 * i + 1]) idx[2 * i + 1] = (idx[2 * i + 1] + 1) % cols;
    const P: Csr = { rows: n, cols, ptr, idx, val: Float64Array.from({ length: 2 * n }, rnd) };
    const AP = toDense(multiplySparse({ kind: "block", A: K, lower: lowerIndex(K) }, P));
    const Pd = toDense(P);
    for (let i = 0; i < n; i += 7)
      for (let j = 0; j < cols; j++) {
        const ref = dense[i].reduce((s, v, k) => s + v * Pd[k][j], 0);
        expect(Math.abs(AP[i][j] - ref)).toBeLessThan(1e-9 * dense[i][i]);
      }
    const whole = toDense(multiplySparse({ kind: "csr", A: transpose(P) }, multiplySparse({ kind: "block", A: K, lower: lowerIndex(K) }, P)));
    const sliced = toDense(galerkinProduct({ kind: "block", A: K, lower: lowerIndex(K) }, P, 500));
    for (let i = 0; i < cols; i++) for (let j = 0; j < cols; j++) expect(Math.abs(sliced[i][j] - whole[i][j])).toBeLessThan(1e-9 * Math.abs(whole[i][i]));
  });

  it("the smoothed prolongator T + diag(s) A T, stored in single precision, equals its dense counterpart", () => {
    const cols = 6;
    const ptr = Int32Array.from({ length: n + 1 }, (_, i) => i);
    const idx = Int32Array.from({ length: n }, (_, i) => i % cols);
    const T: Csr = { rows: n, cols, ptr, idx, val: Float64Array.from({ length: n }, () => 1 + rnd()) };
    const scale = Float64Array.from({ length: n }, (_, i) => -0.5 / dense[i][i]);
    const P = smoothedProlongator({ kind: "block", A: K, lower: lowerIndex(K) }, T, scale);
    expect(P.val).toBeInstanceOf(Float32Array);
    const Pd = toDense(P as unknown as Csr);
    const Td = toDense(T);
    let smoothingSeen = 0;
    for (let i = 0; i < n; i++) {
      const ref = Td[i].map((t, j) => t + scale[i] * dense[i].reduce((acc, v, k) => acc + v * Td[k][j], 0));
      const rowMax = Math.max(...ref.map(Math.abs));
      // Float32 storage: about 7 significant digits of the row's largest entry.
      for (let j = 0; j < cols; j++) expect(Math.abs(Pd[i][j] - ref[j])).toBeLessThan(1e-6 * rowMax);
      smoothingSeen = Math.max(smoothingSeen, ...ref.map((r, j) => Math.abs(r - Td[i][j]) / rowMax));
    }
    // The smoothing changed the operator visibly, so the comparison above is not T against T.
    expect(smoothingSeen).toBeGreaterThan(0.1);
  });

  it("the dense LDL^T factor solves a symmetric positive definite system", () => {
    const m = 12;
    const a = new Float64Array(m * m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) a[i * m + j] = dense[i + 30][j + 30] + (i === j ? 1 : 0);
    const x = Float64Array.from({ length: m }, rnd);
    const b = new Float64Array(m);
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) b[i] += a[i * m + j] * x[j];
    const y = new Float64Array(m);
    solveDense(factorDense(a, m), b, y);
    for (let i = 0; i < m; i++) expect(y[i]).toBeCloseTo(x[i], 9);
  });
});
