// Solves a small cantilever on two threads and returns: the process must exit by itself (idle workers are unref'd).
import { solveStatic } from "../../src/fem/index.js";
import { boxTetMesh, nodesWhere } from "./box-mesh.js";
import { buildCase } from "./cases.js";

const mesh = boxTetMesh({ size: [100, 10, 10], cells: [20, 2, 2], order: 1, jitter: 0.2, seed: 3 });
const c = buildCase(mesh, nodesWhere(mesh, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] });
const r = await solveStatic(c.problem, { threads: 2 });
if (!r.ok) throw new Error(r.error);
const tip = r.solution.displacement.reduce((m, v) => Math.min(m, v), 0);
process.stdout.write(`${r.solution.stats.solver.split(", ").pop()}: ${tip}\n`);
