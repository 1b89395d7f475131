// Aggressive coarsening of the finest level: the distance-2 graph, the rule that picks it (aggregate size), and
// that a hierarchy built on it is still a good CG preconditioner giving the plain hierarchy's solution.
import { describe, expect, it } from "vitest";
import { aggregateLevel, buildAmg, DEFAULT_AMG } from "../src/fem/solvers/amg/hierarchy.js";
import { blockStrength, squareGraph, type NodeGraph } from "../src/fem/solvers/amg/strength.js";
import { pcg } from "../src/fem/solvers/cg.js";
import { blockLevelOperator } from "../src/fem/parallel/operators.js";
import { applyPrescribed } from "../src/fem/constraints.js";
import { rigidBodyNullspace } from "../src/fem/solve-static.js";
import { assembleStiffness } from "../src/fem/assembly.js";
import { blockPatternFromMesh } from "../src/fem/sparse/block-csr.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";

/** An undirected graph from an edge list. */
function graphOf(nodes: number, edges: [number, number][]): NodeGraph {
  const lists: number[][] = Array.from({ length: nodes }, () => []);
  for (const [a, b] of edges) lists[a].push(b), lists[b].push(a);
  const ptr = new Int32Array(nodes + 1);
  lists.forEach((l, i) => (ptr[i + 1] = ptr[i] + l.length));
  return { nodes, ptr, idx: Int32Array.from(lists.flat()) };
}
const neighbours = (g: NodeGraph, i: number) => Array.from(g.idx.subarray(g.ptr[i], g.ptr[i + 1])).sort((a, b) => a - b);

describe("the distance-2 graph", () => {
  it("joins nodes one or two edges apart, never a node to itself, and keeps an isolated node isolated", () => {
    // A path 0-1-2-3-4, a branch 2-5, and node 6 alone.
    const g = squareGraph(graphOf(7, [[0, 1], [1, 2], [2, 3], [3, 4], [2, 5]]));
    expect(neighbours(g, 0)).toEqual([1, 2]);
    expect(neighbours(g, 1)).toEqual([0, 2, 3, 5]);
    expect(neighbours(g, 2)).toEqual([0, 1, 3, 4, 5]);
    expect(neighbours(g, 4)).toEqual([2, 3]);
    expect(neighbours(g, 5)).toEqual([1, 2, 3]);
    expect(neighbours(g, 6)).toEqual([]);
  });
});

function box(order: 1 | 2) {
  const mesh = boxTetMesh({ size: [40, 10, 10], cells: [24, 6, 6], order, jitter: 0.2, seed: 3 });
  const K = blockPatternFromMesh(mesh, 3);
  const r = assembleStiffness(mesh, new Int32Array(mesh.elements.length / (order === 1 ? 4 : 10)), [{ young: 210000, poisson: 0.3 }], K);
  if (!r.ok) throw new Error(r.error);
  const fixed = new Uint8Array(mesh.nodes.length);
  const held = new Map<number, number>();
  for (const n of nodesWhere(mesh, 0, 0)) for (let a = 0; a < 3; a++) (fixed[3 * n + a] = 1), held.set(3 * n + a, 0);
  const f = new Float64Array(mesh.nodes.length);
  for (const n of nodesWhere(mesh, 0, 40)) f[3 * n + 2] = -1;
  applyPrescribed(K, held, f);
  return { mesh, K, fixed, f };
}

describe("aggressive coarsening of the finest level", () => {
  it("linear tets (small plain aggregates) take the distance-2 graph, quadratic tets do not", () => {
    for (const [order, expected] of [[1, true], [2, false]] as const) {
      const { K } = box(order);
      const graph = blockStrength(K, DEFAULT_AMG.theta);
      const got = aggregateLevel(graph, DEFAULT_AMG.aggressiveBelow);
      expect(got.distance2).toBe(expected);
      // Every node with a neighbour is in an aggregate, numbered 0..count-1.
      for (let i = 0; i < graph.nodes; i++) if (graph.ptr[i + 1] > graph.ptr[i]) expect(got.agg[i]).toBeGreaterThanOrEqual(0);
      expect(Math.max(...got.agg)).toBe(got.count - 1);
      const mean = graph.nodes / got.count;
      if (order === 1) expect(mean).toBeGreaterThanOrEqual(DEFAULT_AMG.aggressiveBelow);
    }
  });

  it("on C3D4, CG with the aggressive hierarchy gives the plain hierarchy's solution, from a coarser first level", async () => {
    const { mesh, K, fixed, f } = box(1);
    const B = rigidBodyNullspace(mesh, fixed);
    const solve = async (aggressiveBelow: number) => {
      const amg = await buildAmg(K, B, { ...DEFAULT_AMG, aggressiveBelow });
      const x = new Float64Array(f.length);
      const r = await pcg(blockLevelOperator(K, null), amg.preconditioner, f, x, { tolerance: 1e-10, maxIterations: 500 });
      return { x, r, amg };
    };
    const plain = await solve(0), aggressive = await solve(DEFAULT_AMG.aggressiveBelow);
    expect(plain.amg.describe).not.toMatch(/distance-2/);
    expect(aggressive.amg.describe).toMatch(/distance-2 aggregates on the finest level/);
    expect(aggressive.amg.levels[1].A.size).toBeLessThan(plain.amg.levels[1].A.size / 2);
    for (const { r } of [plain, aggressive]) expect(r.relativeResidual).toBeLessThanOrEqual(1e-10);
    let d = 0, m = 0;
    for (let i = 0; i < f.length; i++) (d = Math.max(d, Math.abs(plain.x[i] - aggressive.x[i]))), (m = Math.max(m, Math.abs(plain.x[i])));
    expect(d / m).toBeLessThan(1e-8);
    // Still a multigrid preconditioner: iterations grow by less than half.
    expect(aggressive.r.iterations).toBeLessThan(1.5 * plain.r.iterations + 2);
  });
});
