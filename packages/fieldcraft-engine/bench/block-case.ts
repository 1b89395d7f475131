// The bench's model: a 200 x 100 x 100 block meshed by the engine (Kuhn-split grid), root face clamped,
// 1000 N down spread over the far face; sized to about a given number of DOFs.
import { assembleStiffness } from "../src/fem/assembly.js";
import { patternWithinMemory } from "../src/fem/linear-solve.js";
import { parseSolidcraft } from "../src/geometry/index.js";
import { generateTetMesh, type Mesh } from "../src/mesh/index.js";
import { buildCase, nodesOnTags, tagIndex } from "../tests/support/cases.js";

export const SIZES: Record<string, number> = { "10k": 10_000, "50k": 50_000, "200k": 200_000, "1M": 1_000_000 };
export const BLOCK = { x: 200, y: 100, z: 100 };

/** Element size giving about `dofs` on the 200 x 100 x 100 block (Kuhn grid: nodes per cell edge = order). */
function sizeFor(dofs: number, order: 1 | 2): number {
  // nodes ~ (order 200/h + 1)(order 100/h + 1)^2; solve for an integer count of cells along y.
  let n = 1;
  while (3 * (2 * order * n + 1) * (order * n + 1) ** 2 < dofs) n++;
  return BLOCK.y / n;
}

export function blockMesh(order: 1 | 2, dofs: number): { mesh: Mesh; seconds: number } {
  const parsed = parseSolidcraft(
    JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Block", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [BLOCK.x, BLOCK.y, BLOCK.z] }] }] }),
  );
  if (!parsed.ok) throw new Error(parsed.error);
  const t0 = performance.now();
  // A hair under the exact size so rounding never adds a row of cells.
  const r = generateTetMesh(parsed.design, { order, size: sizeFor(dofs, order) * (1 + 1e-9), maxElements: 20_000_000, maxNodes: 20_000_000 });
  if (!r.ok) throw new Error(r.error);
  return { mesh: r.mesh, seconds: (performance.now() - t0) / 1000 };
}

/** The cantilever load case on the block: root -x clamped, 1000 N down spread over the +x face. */
export function blockCase(mesh: Mesh) {
  const root = nodesOnTags(mesh, [tagIndex(mesh, "Block", "F1:-x")]);
  const c = buildCase(mesh, root, { kind: "force", faceTags: [tagIndex(mesh, "Block", "F1:+x")], force: [0, 0, -1000] });
  // The tip's middle node, printed by ccx for the cross-check.
  const tipNodes = nodesOnTags(mesh, [tagIndex(mesh, "Block", "F1:+x")]);
  let tip = tipNodes[0], best = Infinity;
  for (const n of tipNodes) {
    const d = (mesh.nodes[3 * n + 1] - BLOCK.y / 2) ** 2 + (mesh.nodes[3 * n + 2] - BLOCK.z / 2) ** 2;
    if (d < best) [tip, best] = [n, d];
  }
  c.deck.nsets.push({ name: "Tip", nodes: [tip] });
  return { ...c, tip };
}


/** The block of about `dofs` unknowns, its load case and its assembled stiffness (the kernel benches' start). */
export function assembledBlock(order: 1 | 2, dofs: number) {
  const { mesh } = blockMesh(order, dofs);
  const c = blockCase(mesh);
  const sized = patternWithinMemory(mesh, 3, 1e12);
  if (!sized.ok) throw new Error(sized.error);
  const a = assembleStiffness(mesh, c.problem.elementMaterial, c.problem.materials, sized.pattern);
  if (!a.ok) throw new Error(a.error);
  return { mesh, c, K: a.matrix };
}
