// The eigensolver's pieces against independent references: the dense solver against its defining identities,
// LOBPCG against the dense solver and against the closed-form spectrum of a discretised bar.
import { describe, expect, it } from "vitest";
import { cholesky, generalizedEigen, symmetricEigen } from "../src/fem/solvers/eigen/dense.js";
import { block, combine, gram } from "../src/fem/solvers/eigen/block.js";
import { lobpcg, svqb } from "../src/fem/solvers/eigen/lobpcg.js";
import type { LinearOperator } from "../src/fem/solvers/operator.js";

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
}

function randomSymmetric(n: number, rnd: () => number, diagonalShift = 0): Float64Array {
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      const v = rnd() + (i === j ? diagonalShift : 0);
      a[i * n + j] = v;
      a[j * n + i] = v;
    }
  return a;
}

const matVec = (a: Float64Array, n: number, x: ArrayLike<number>, col = 0, stride = 1) => {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < n; k++) s += a[i * n + k] * x[k * stride + col];
    y[i] = s;
  }
  return y;
};

function denseOperator(a: Float64Array, n: number): LinearOperator {
  return { size: n, apply: (x, y) => y.set(matVec(a, n, x)) };
}

/** Linear bar elements on [0, 1]: stiffness (EA = 1) and consistent mass (rho A = 1), node 0 held. */
function bar(elements: number) {
  const n = elements + 1, h = 1 / elements;
  const K = new Float64Array(n * n), M = new Float64Array(n * n);
  for (let e = 0; e < elements; e++)
    for (const [a, b, k, m] of [[e, e, 1, 2], [e + 1, e + 1, 1, 2], [e, e + 1, -1, 1], [e + 1, e, -1, 1]] as const) {
      K[a * n + b] += k / h;
      M[a * n + b] += (m * h) / 6;
    }
  return { n, h, K, M };
}

describe("dense symmetric eigensolver", () => {
  for (const n of [1, 2, 7, 40])
    it(`n = ${n}: A V = V diag(lambda), V orthonormal, ascending`, () => {
      const a = randomSymmetric(n, random(n));
      const { values, vectors: V } = symmetricEigen(a, n);
      for (let j = 0; j < n; j++) {
        const av = matVec(a, n, V, j, n);
        for (let i = 0; i < n; i++) expect(Math.abs(av[i] - values[j] * V[i * n + j])).toBeLessThan(1e-13);
        for (let k = 0; k < n; k++) {
          let s = 0;
          for (let i = 0; i < n; i++) s += V[i * n + j] * V[i * n + k];
          expect(Math.abs(s - (j === k ? 1 : 0))).toBeLessThan(1e-13);
        }
        if (j > 0) expect(values[j]).toBeGreaterThanOrEqual(values[j - 1]);
      }
      // The trace is the sum of the eigenvalues.
      let trace = 0;
      for (let i = 0; i < n; i++) trace += a[i * n + i];
      expect(values.reduce((s, v) => s + v, 0)).toBeCloseTo(trace, 12);
    });

  it("repeated eigenvalues (the identity plus a rank-one term) come out exactly", () => {
    const n = 6;
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = (i === j ? 2 : 0) + 1;
    const { values } = symmetricEigen(a, n);
    for (let j = 0; j < n - 1; j++) expect(values[j]).toBeCloseTo(2, 13);
    expect(values[n - 1]).toBeCloseTo(2 + n, 13);
  });

  it("Cholesky refuses an indefinite matrix and factors a definite one", () => {
    expect(cholesky(Float64Array.from([1, 2, 2, 1]), 2)).toBeNull();
    const L = cholesky(Float64Array.from([4, 2, 2, 3]), 2)!;
    expect(Array.from(L)).toEqual([2, 0, 1, Math.SQRT2]);
  });

  it("the generalised problem: A v = lambda B v with B-orthonormal vectors", () => {
    const n = 25;
    const rnd = random(5);
    const A = randomSymmetric(n, rnd);
    const B = randomSymmetric(n, rnd, n); // diagonally dominant: positive definite
    const { values, vectors: V } = generalizedEigen(A, B, n)!;
    for (let j = 0; j < n; j++) {
      const av = matVec(A, n, V, j, n), bv = matVec(B, n, V, j, n);
      for (let i = 0; i < n; i++) expect(Math.abs(av[i] - values[j] * bv[i])).toBeLessThan(1e-12);
      for (let k = 0; k < n; k++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += V[i * n + k] * bv[i];
        expect(Math.abs(s - (j === k ? 1 : 0))).toBeLessThan(1e-12);
      }
    }
  });

  it("the discrete bar's spectrum is the closed form (6/h^2) (1 - cos t) / (2 + cos t)", () => {
    // Fixed-free linear elements: the modes are sin(k x) with k h = t, t = (2j - 1) pi h / 2.
    const { n, h, K, M } = bar(30);
    const r = n - 1;
    const sub = (a: Float64Array) => Float64Array.from({ length: r * r }, (_, q) => a[(Math.floor(q / r) + 1) * n + (q % r) + 1]);
    const { values } = generalizedEigen(sub(K), sub(M), r)!;
    for (let j = 1; j <= 5; j++) {
      const t = ((2 * j - 1) * Math.PI * h) / 2;
      const exact = ((6 / (h * h)) * (1 - Math.cos(t))) / (2 + Math.cos(t));
      expect(values[j - 1] / exact - 1).toBeLessThan(1e-12);
      expect(values[j - 1] / exact - 1).toBeGreaterThan(-1e-12);
    }
  });
});

describe("blocks of vectors", () => {
  it("gram and combine agree with column-by-column sums", () => {
    const rnd = random(9);
    const A = block(13, 3), B = block(13, 4);
    A.data.forEach((_, i) => (A.data[i] = rnd()));
    B.data.forEach((_, i) => (B.data[i] = rnd()));
    const G = gram(A, B);
    for (let p = 0; p < 3; p++)
      for (let q = 0; q < 4; q++) {
        let s = 0;
        for (let i = 0; i < 13; i++) s += A.data[i * 3 + p] * B.data[i * 4 + q];
        expect(G[p * 4 + q]).toBeCloseTo(s, 14);
      }
    const C = Float64Array.from({ length: 7 * 2 }, () => rnd());
    const out = combine([A, B], C, 2);
    for (let i = 0; i < 13; i++)
      for (let j = 0; j < 2; j++) {
        let s = 0;
        for (let r = 0; r < 3; r++) s += A.data[i * 3 + r] * C[r * 2 + j];
        for (let r = 0; r < 4; r++) s += B.data[i * 4 + r] * C[(3 + r) * 2 + j];
        expect(out.data[i * 2 + j]).toBeCloseTo(s, 14);
      }
  });

  it("SVQB M-orthonormalises and drops a dependent column", () => {
    const n = 20, rnd = random(4);
    const U = block(n, 3);
    for (let i = 0; i < n; i++) {
      U.data[i * 3] = rnd();
      U.data[i * 3 + 1] = rnd();
      U.data[i * 3 + 2] = 2 * U.data[i * 3] - U.data[i * 3 + 1]; // dependent
    }
    const m = Float64Array.from({ length: n }, (_, i) => 1 + i / n);
    const mu = (B: typeof U) => ({ ...B, data: B.data.map((v, q) => v * m[Math.floor(q / B.k)]) });
    const { Z, cols } = svqb(U, mu(U));
    expect(cols).toBe(2);
    const W = combine([U], Z, cols);
    const G = gram(W, mu(W));
    expect(G[0]).toBeCloseTo(1, 12);
    expect(G[3]).toBeCloseTo(1, 12);
    expect(Math.abs(G[1])).toBeLessThan(1e-12);
  });
});

describe("LOBPCG", () => {
  it("the lowest modes of a held bar equal the dense solver's, with and without a preconditioner", async () => {
    const { n, K, M } = bar(120);
    // Held DOF 0: an identity row and column in K, and a mask.
    const Kc = K.slice();
    for (let j = 0; j < n; j++) Kc[j] = Kc[j * n] = 0;
    Kc[0] = 1;
    const mask = new Uint8Array(n);
    mask[0] = 1;
    const r = n - 1;
    const sub = (a: Float64Array) => Float64Array.from({ length: r * r }, (_, q) => a[(Math.floor(q / r) + 1) * n + (q % r) + 1]);
    const ref = generalizedEigen(sub(K), sub(M), r)!;
    const diag = Float64Array.from({ length: n }, (_, i) => Kc[i * n + i]);
    const jacobi: LinearOperator = { size: n, apply: (x, y) => { for (let i = 0; i < n; i++) y[i] = x[i] / diag[i]; } };
    for (const T of [null, jacobi]) {
      const out = await lobpcg(denseOperator(Kc, n), denseOperator(M, n), T, { count: 4, constrained: mask, maxIterations: 5000 });
      expect(out.status).toBe("converged");
      for (let j = 0; j < 4; j++) {
        expect(Math.abs(out.values[j] / ref.values[j] - 1)).toBeLessThan(1e-9);
        // M-normalised, zero at the held DOF, and the same vector as the dense one up to sign.
        const x = Float64Array.from({ length: n }, (_, i) => out.vectors.data[i * 4 + j]);
        expect(x[0]).toBe(0);
        const mx = matVec(M, n, x);
        expect(x.reduce((s, v, i) => s + v * mx[i], 0)).toBeCloseTo(1, 10);
        const mv = matVec(sub(M), r, ref.vectors, j, r);
        let c = 0;
        for (let i = 1; i < n; i++) c += x[i] * mv[i - 1];
        expect(Math.abs(c)).toBeCloseTo(1, 7);
      }
    }
  });

  it("a free bar gives its rigid mode at zero, then the elastic ones", async () => {
    const { n, K, M } = bar(60);
    const ref = generalizedEigen(K, M, n);
    expect(ref).not.toBeNull();
    const out = await lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 3, maxIterations: 5000 });
    expect(out.status).toBe("converged");
    expect(Math.abs(out.values[0])).toBeLessThan(1e-7 * out.values[1]);
    expect(out.values[1] / ref!.values[1]).toBeCloseTo(1, 9);
    expect(out.values[2] / ref!.values[2]).toBeCloseTo(1, 9);
  });

  it("accepts pairs at their round-off limit only when it knows |K| and |M|, reporting residuals from K X itself", async () => {
    const { n, K, M } = bar(100);
    const ref = generalizedEigen(K, M, n)!;
    const abs = (a: Float64Array) => denseOperator(a.map(Math.abs), n);
    // 1e-15 lies below what double precision can compute for K x - lambda M x here (|K| ~ 200, lambda ~ 10).
    const capped = await lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 3, tolerance: 1e-15, maxIterations: 300 });
    expect(capped.status).toBe("max-iterations");
    expect(capped.limited).toEqual([]);
    const out = await lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 3, tolerance: 1e-15, maxIterations: 3000, absolute: { K: abs(K), M: abs(M) } });
    expect(out.status).toBe("converged");
    expect(out.limited.length).toBeGreaterThan(0);
    for (let j = 0; j < 3; j++) {
      expect(Math.abs(out.values[j] - ref.values[j])).toBeLessThan(1e-9 * ref.values[2]);
      // The reported residual is the one the returned pair has (not the drifting implicit update's).
      const x = Float64Array.from({ length: n }, (_, i) => out.vectors.data[i * 3 + j]);
      const kx = matVec(K, n, x), mx = matVec(M, n, x);
      const r = Math.hypot(...kx.map((v, i) => v - out.values[j] * mx[i]));
      const floor = Math.max(1e-3 * out.values[2], 0);
      const scaled = r / ((Math.abs(out.values[j]) + floor) * Math.hypot(...mx));
      expect(scaled).toBeGreaterThan(0.5 * out.residuals[j]);
      expect(scaled).toBeLessThan(2 * out.residuals[j] + 1e-15);
      // A limited pair sits within 8 eps of its round-off scale ||(|K| + lambda |M|) |x||| (a few tens of eps here).
      if (out.limited.includes(j)) {
        const ax = x.map(Math.abs), ka = matVec(K.map(Math.abs), n, ax), ma = matVec(M.map(Math.abs), n, ax);
        const bound = (8 * Number.EPSILON * Math.hypot(...ka.map((v, i) => v + out.values[j] * ma[i]))) / ((out.values[j] + floor) * Math.hypot(...mx));
        expect(out.residuals[j]).toBeLessThanOrEqual(bound * 1.01);
      }
    }
  });

  it("stops at the iteration cap, and on an aborted signal", async () => {
    const { n, K, M } = bar(80);
    const capped = await lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 3, maxIterations: 2 });
    expect(capped.status).toBe("max-iterations");
    const controller = new AbortController();
    controller.abort();
    const aborted = await lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 3, signal: controller.signal, maxIterations: 5000 });
    expect(aborted.status).toBe("aborted");
  });

  it("refuses more pairs than free DOFs", async () => {
    const { n, K, M } = bar(4);
    await expect(lobpcg(denseOperator(K, n), denseOperator(M, n), null, { count: 9 })).rejects.toThrow(/free DOFs/);
  });
});
