// The core is open to additions: a form (the Poisson integrand, 1 unknown per node) and an analysis row
// (procedure schema, step to problem, solve, result field) written in this test alone, solved through the
// generic assembly, the constraint handling and the scalar multigrid + CG, and checked against exact solutions.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  applyPrescribed,
  assembleForm,
  CONDUCTION,
  computeReactions,
  constantModes,
  family,
  gatherCoords,
  massForm,
  patternWithinMemory,
  solveSystem,
  type ElementForm,
} from "../src/fem/index.js";
import { shapeGradients } from "../src/fem/families/index.js";
import { blockMultiply, blockPatternFromMesh, expandToScalar } from "../src/fem/sparse/block-csr.js";
import { csrMultiply } from "../src/fem/sparse/csr.js";
import type { AnalysisRow } from "../src/model/analyses/index.js";
import { emptyModel, type Model, type StepDefinition } from "../src/model/types.js";
import type { Mesh } from "../src/mesh/types.js";
import { boxTetMesh } from "./support/box-mesh.js";

// ---- the throwaway rows -------------------------------------------------------------------------------

/** -div(k grad u) = f: K_ab = k sum_q w det J grad Na . grad Nb, one unknown per node. */
const POISSON_FORM: ElementForm<{ k: number }> = {
  name: "Poisson (test)",
  unknowns: 1,
  element(el, coords, { k }, ke, grad) {
    const n = el.nodes;
    ke.fill(0, 0, n * n);
    let volume = 0;
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      if (!(det > 0)) return det;
      volume += el.weights[p] * det;
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++)
          ke[a * n + b] += k * el.weights[p] * det * (grad[3 * a] * grad[3 * b] + grad[3 * a + 1] * grad[3 * b + 1] + grad[3 * a + 2] * grad[3 * b + 2]);
    }
    return volume;
  },
};

const poissonProcedure = z
  .object({
    type: z.literal("poisson"),
    /** u = c0 + c1 x + c2 y + c3 z on the whole boundary. */
    boundary: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    /** "sine": f = 3 pi^2 sin(pi x) sin(pi y) sin(pi z) on the unit cube (zero on its boundary). */
    source: z.enum(["none", "sine"]),
  })
  .strict();
type PoissonProcedure = z.infer<typeof poissonProcedure>;

interface PoissonProblem {
  mesh: Mesh;
  prescribed: Map<number, number>;
  load: Float64Array;
}

interface PoissonSolution {
  potential: Float64Array;
  /** Boundary flux at prescribed nodes: K u - f. */
  flux: Float64Array;
  solver: string;
  iterations: number;
}

const sine = (x: number, y: number, z: number) => Math.sin(Math.PI * x) * Math.sin(Math.PI * y) * Math.sin(Math.PI * z);

/** Consistent nodal loads of a body source, with the family's own rule. */
function sourceLoad(mesh: Mesh, f: (x: number, y: number, z: number) => number): Float64Array {
  const fam = family(mesh.type);
  const el = fam.element;
  const npe = fam.nodes;
  const load = new Float64Array(mesh.nodes.length / 3);
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  for (let e = 0; e < mesh.elements.length / npe; e++) {
    gatherCoords(mesh, npe, e, coords);
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      let x = 0, y = 0, z = 0;
      for (let a = 0; a < npe; a++) {
        const N = el.shape[p * npe + a];
        x += N * coords[3 * a]; y += N * coords[3 * a + 1]; z += N * coords[3 * a + 2];
      }
      const fw = f(x, y, z) * el.weights[p] * det;
      for (let a = 0; a < npe; a++) load[mesh.elements[e * npe + a]] += fw * el.shape[p * npe + a];
    }
  }
  return load;
}

const POISSON_ANALYSIS: AnalysisRow<PoissonProblem, "potential", PoissonSolution> = {
  procedure: "poisson",
  label: "Poisson (test only)",
  schema: poissonProcedure,
  command: "solve.poisson",
  checkStep: () => ({ errors: [], warnings: [] }),
  problem(model, step) {
    const mesh = model.mesh!.mesh;
    const proc = step.procedure as unknown as PoissonProcedure;
    const [c0, c1, c2, c3] = proc.boundary;
    const prescribed = new Map<number, number>();
    const fam = family(mesh.type);
    for (let f = 0; f < mesh.boundary.element.length; f++)
      for (const a of fam.faces[mesh.boundary.side[f]].nodes) {
        const n = mesh.elements[mesh.boundary.element[f] * fam.nodes + a];
        const x = mesh.nodes[3 * n], y = mesh.nodes[3 * n + 1], z = mesh.nodes[3 * n + 2];
        prescribed.set(n, c0 + c1 * x + c2 * y + c3 * z);
      }
    const load = proc.source === "sine" ? sourceLoad(mesh, (x, y, z) => 3 * Math.PI ** 2 * sine(x, y, z)) : new Float64Array(mesh.nodes.length / 3);
    return { mesh, prescribed, load };
  },
  async solve(p, o) {
    const nodes = p.mesh.nodes.length / 3;
    const sized = patternWithinMemory(p.mesh, POISSON_FORM.unknowns, o.maxMemoryBytes ?? 2 ** 32);
    if (!sized.ok) return sized;
    const assembled = assembleForm(p.mesh, POISSON_FORM, new Int32Array(p.mesh.elements.length / family(p.mesh.type).nodes), [{ k: 1 }], sized.pattern);
    if (!assembled.ok) return assembled;
    const system = applyPrescribed(assembled.matrix, p.prescribed, p.load);
    const solved = await solveSystem(
      assembled.matrix,
      system,
      () => {
        // Near-nullspace of one unknown per node: the constants, zero where the value is held.
        const B = constantModes(nodes);
        for (let d = 0; d < nodes; d++) if (system.fixed[d]) B[d] = 0;
        return B;
      },
      { tolerance: o.tolerance ?? 1e-10, maxIterations: o.maxIterations ?? 500, report: () => {} },
    );
    if (!solved.ok) return solved;
    return { ok: true, solution: { potential: solved.x, flux: computeReactions(system, solved.x, p.load), solver: solved.solver, iterations: solved.iterations } };
  },
  applied: (p) => p.load,
  stored: { arrays: { potential: 1, flux: 1 }, appliedPerNode: 1 },
  fields: [{ name: "potential", dimension: "length", description: "the Poisson unknown", read: (s) => (n) => s.potential[n] }],
  decks: { name: "poisson" },
};

// ---- using them ---------------------------------------------------------------------------------------

function unitCube(order: 1 | 2, cells: number, jitter = 0): Model {
  const mesh = boxTetMesh({ size: [1, 1, 1], cells: [cells, cells, cells], order, jitter, seed: 7 });
  return { ...emptyModel(), mesh: { mesh, parameters: { order } } };
}

async function solvePoisson(model: Model, procedure: PoissonProcedure) {
  const step = { name: "P", procedure: POISSON_ANALYSIS.schema.parse(procedure), boundary_conditions: [], loads: [] } as unknown as StepDefinition;
  const problem = POISSON_ANALYSIS.problem(model, step);
  const solved = await POISSON_ANALYSIS.solve(problem, { tolerance: 1e-11 });
  if (!solved.ok) throw new Error(solved.error);
  return { problem, solution: solved.solution, read: POISSON_ANALYSIS.fields[0].read(solved.solution) };
}

describe("a form and an analysis added in a test", () => {
  it("the procedure schema is closed like the core's", () => {
    expect(POISSON_ANALYSIS.schema.safeParse({ type: "poisson", boundary: [0, 0, 0, 0], source: "none" }).success).toBe(true);
    expect(POISSON_ANALYSIS.schema.safeParse({ type: "poisson", boundary: [0, 0, 0, 0], source: "none", extra: 1 }).success).toBe(false);
  });

  for (const order of [1, 2] as const)
    it(`reproduces a linear field exactly on a jittered mesh (order ${order}), through the scalar multigrid`, async () => {
      const model = unitCube(order, order === 1 ? 10 : 5, 0.3);
      const { solution, read } = await solvePoisson(model, { type: "poisson", boundary: [1, 2, -3, 0.5], source: "none" });
      // More than the dense limit of 600 DOFs: the multigrid was built on 1 unknown per node.
      expect(solution.potential.length).toBeGreaterThan(600);
      expect(solution.solver).toMatch(/^CG with smoothed-aggregation AMG, [2-9] levels/);
      const x = model.mesh!.mesh.nodes;
      let worst = 0;
      for (let n = 0; n < solution.potential.length; n++) worst = Math.max(worst, Math.abs(read(n) - (1 + 2 * x[3 * n] - 3 * x[3 * n + 1] + 0.5 * x[3 * n + 2])));
      expect(worst).toBeLessThan(1e-9);
    });

  it("converges to the exact solution of -Δu = 3π² sin sin sin + linear boundary values, and the boundary flux balances the source", async () => {
    const errors: number[] = [];
    for (const cells of [4, 8]) {
      const model = unitCube(2, cells);
      const { problem, solution, read } = await solvePoisson(model, { type: "poisson", boundary: [0.5, 1, 0, -1], source: "sine" });
      const x = model.mesh!.mesh.nodes;
      let worst = 0;
      for (let n = 0; n < solution.potential.length; n++) {
        const exact = 0.5 + x[3 * n] - x[3 * n + 2] + sine(x[3 * n], x[3 * n + 1], x[3 * n + 2]);
        worst = Math.max(worst, Math.abs(read(n) - exact));
      }
      errors.push(worst);
      // Constants are in the null space of K, so the boundary flux balances the applied source exactly,
      // and the source integrates to 3π² (2/π)³ = 24/π up to the quadrature error.
      const totalFlux = solution.flux.reduce((s, v) => s + v, 0);
      const totalLoad = POISSON_ANALYSIS.applied(problem).reduce((s, v) => s + v, 0);
      expect(Math.abs(totalFlux + totalLoad)).toBeLessThan(1e-8 * totalLoad);
      expect(Math.abs(totalLoad - 24 / Math.PI)).toBeLessThan(0.02 * (24 / Math.PI));
    }
    // Quadratic tets: the nodal error falls faster than h^3 when the mesh is halved (measured 0.018 -> 0.0013).
    expect(errors[1]).toBeLessThan(errors[0] / 8);
    expect(errors[1]).toBeLessThan(2e-3);
  });

  it("the test's form and the core's conduction form assemble the same matrix; the mass form integrates the volume", () => {
    const mesh = boxTetMesh({ size: [2, 1, 1], cells: [4, 2, 2], order: 2, jitter: 0.2, seed: 3 });
    const ne = mesh.elements.length / family(mesh.type).nodes;
    const mine = assembleForm(mesh, POISSON_FORM, new Int32Array(ne), [{ k: 2.5 }]);
    const core = assembleForm(mesh, CONDUCTION, new Int32Array(ne), [{ conductivity: 2.5 }]);
    if (!mine.ok || !core.ok) throw new Error("assembly failed");
    expect(mine.matrix.b).toBe(1);
    let diff = 0, scale = 0;
    for (let k = 0; k < mine.matrix.val.length; k++) {
      diff = Math.max(diff, Math.abs(mine.matrix.val[k] - core.matrix.val[k]));
      scale = Math.max(scale, Math.abs(core.matrix.val[k]));
    }
    expect(diff).toBeLessThan(1e-12 * scale);
    // 1^T M 1 = density * volume per component (the box's volume is 2).
    const mass = assembleForm(mesh, massForm(3), new Int32Array(ne), [{ density: 7.85 }]);
    if (!mass.ok) throw new Error(mass.error);
    const ones = new Float64Array(mesh.nodes.length).fill(1);
    const y = new Float64Array(ones.length);
    blockMultiply(mass.matrix, ones, y);
    expect(y.reduce((s, v) => s + v, 0)).toBeCloseTo(3 * 7.85 * 2, 10);
  });

  for (const b of [1, 2, 3])
    it(`block products, their scalar expansion and the dense matrix agree for ${b} unknown(s) per node`, () => {
      const mesh = boxTetMesh({ size: [1, 1, 1], cells: [2, 2, 1], order: 1 });
      const K = blockPatternFromMesh(mesh, b);
      let seed = 11;
      const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) - 0.5;
      // Symmetric: diagonal blocks symmetric themselves, off-diagonal blocks anything (the lower half is their transpose).
      for (let i = 0; i < K.n; i++)
        for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
          for (let r = 0; r < b; r++)
            for (let c = 0; c < b; c++) {
              if (K.col[k] === i && c < r) continue;
              const v = rand();
              K.val[b * b * k + b * r + c] = v;
              if (K.col[k] === i) K.val[b * b * k + b * c + r] = v;
            }
      const n = b * K.n;
      const dense = new Float64Array(n * n);
      for (let i = 0; i < K.n; i++)
        for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
          for (let r = 0; r < b; r++)
            for (let c = 0; c < b; c++) {
              dense[(b * i + r) * n + b * K.col[k] + c] = K.val[b * b * k + b * r + c];
              dense[(b * K.col[k] + c) * n + b * i + r] = K.val[b * b * k + b * r + c];
            }
      const x = Float64Array.from({ length: n }, rand);
      const y1 = new Float64Array(n), y2 = new Float64Array(n);
      blockMultiply(K, x, y1);
      csrMultiply(expandToScalar(K), x, y2);
      for (let r = 0; r < n; r++) {
        let want = 0;
        for (let c = 0; c < n; c++) want += dense[r * n + c] * x[c];
        expect(y1[r]).toBeCloseTo(want, 12);
        expect(y2[r]).toBeCloseTo(want, 12);
      }
    });
});
