// Generic assembly: any family, any form, any number of unknowns per node. Element matrices from the
// form are scattered into the upper triangle of the block pattern (b x b blocks, b = form.unknowns).
import type { Mesh } from "../mesh/types.js";
import { family } from "./families/index.js";
import type { ElasticMaterial } from "./types.js";
import { ELASTIC_STIFFNESS, type ElementForm } from "./forms/index.js";
import { lame } from "./material.js";
import { blockPatternFromMesh, findBlock, type BlockCsr } from "./sparse/block-csr.js";
import { heartbeat } from "./cancel-scope.js";

export { elementStiffness } from "./forms/index.js";

/** Gathers the coordinates of element e's nodes into `coords`. */
export function gatherCoords(mesh: Pick<Mesh, "nodes" | "elements">, npe: number, e: number, coords: Float64Array): void {
  for (let a = 0; a < npe; a++) {
    const n = mesh.elements[e * npe + a];
    coords[3 * a] = mesh.nodes[3 * n];
    coords[3 * a + 1] = mesh.nodes[3 * n + 1];
    coords[3 * a + 2] = mesh.nodes[3 * n + 2];
  }
}

export type AssemblyResult = { ok: true; matrix: BlockCsr } | { ok: false; error: string };

/** Adds the 3x3 blocks of `ke` (m = 3 npe columns) for local nodes a <= b into K: unrolled, elasticity's hot loop. */
function scatter3(K: BlockCsr, elements: Int32Array, base: number, npe: number, ke: Float64Array, lo: number, hi: number): void {
  const m = 3 * npe;
  const val = K.val;
  for (let a = 0; a < npe; a++) {
    const na = elements[base + a];
    if (na < lo || na >= hi) continue; // another thread's rows
    for (let b = 0; b < npe; b++) {
      const nb = elements[base + b];
      if (nb < na) continue; // the upper triangle holds it
      const k = 9 * findBlock(K, na, nb);
      const r = 3 * a * m + 3 * b;
      val[k] += ke[r]; val[k + 1] += ke[r + 1]; val[k + 2] += ke[r + 2];
      val[k + 3] += ke[r + m]; val[k + 4] += ke[r + m + 1]; val[k + 5] += ke[r + m + 2];
      val[k + 6] += ke[r + 2 * m]; val[k + 7] += ke[r + 2 * m + 1]; val[k + 8] += ke[r + 2 * m + 2];
    }
  }
}

/** The same for any block size. */
function scatterBlocks(K: BlockCsr, elements: Int32Array, base: number, npe: number, ke: Float64Array, lo: number, hi: number): void {
  const B = K.b, BB = B * B, m = B * npe;
  const val = K.val;
  for (let a = 0; a < npe; a++) {
    const na = elements[base + a];
    if (na < lo || na >= hi) continue;
    for (let b = 0; b < npe; b++) {
      const nb = elements[base + b];
      if (nb < na) continue;
      const k = BB * findBlock(K, na, nb);
      for (let i = 0; i < B; i++) for (let j = 0; j < B; j++) val[k + B * i + j] += ke[(B * a + i) * m + B * b + j];
    }
  }
}

/** The element arrays assembly reads (a mesh's, or their shared copies in a pool's worker). */
export type AssemblyMesh = Pick<Mesh, "type" | "nodes" | "elements">;

/**
 * Adds every element's matrix into the block rows [lo, hi) of K (the blocks (i, j), j >= i, with i in the
 * range), elements in ascending order: each entry receives its elements' terms in the same order whatever
 * the split of rows, so threads owning row ranges give the bits of one thread owning all. Elements with no
 * node in the range are skipped. Returns the first inverted element (index and measure) or null.
 */
export function assembleRange<C>(
  mesh: AssemblyMesh,
  form: ElementForm<C>,
  elementConstant: Int32Array,
  constants: readonly C[],
  K: BlockCsr,
  lo: number,
  hi: number,
  signal?: AbortSignal,
): { element: number; volume: number } | "cancelled" | null {
  const fam = family(mesh.type);
  const el = fam.element;
  const npe = fam.nodes;
  const elements = mesh.elements;
  const ne = elements.length / npe;
  const coords = new Float64Array(3 * npe);
  const scratch = new Float64Array(3 * npe);
  const m = form.unknowns * npe;
  const ke = new Float64Array(m * m);
  const scatter = K.b === 3 ? scatter3 : scatterBlocks;
  const all = lo === 0 && hi >= K.n;
  for (let e = 0; e < ne; e++) {
    // A host running the engine off its event loop raises the signal from another thread: looked at every 1024 elements.
    if ((e & 1023) === 0) {
      if (signal?.aborted) return "cancelled";
      heartbeat();
    }
    const base = e * npe;
    if (!all) {
      let mine = false;
      for (let a = 0; a < npe && !mine; a++) mine = elements[base + a] >= lo && elements[base + a] < hi;
      if (!mine) continue;
    }
    gatherCoords(mesh, npe, e, coords);
    const volume = form.element(el, coords, constants[elementConstant[e]], ke, scratch);
    if (!(volume > 0)) return { element: e, volume };
    scatter(K, elements, base, npe, ke, lo, hi);
  }
  return null;
}

/** Runs assembleRange over row ranges on a pool (assembly.ts stays free of the pool; parallel/assembly.ts gives it). */
export type AssemblyRunner = <C>(mesh: AssemblyMesh, form: ElementForm<C>, elementConstant: Int32Array, constants: readonly C[], K: BlockCsr) => ReturnType<typeof assembleRange> | undefined;

/**
 * Assembles `form` over every element, element e taking `constants[elementConstant[e]]`. Assembles into
 * `pattern` (from blockPatternFromMesh with the form's unknowns) when given, so a caller that sized the job
 * first does not hold two. `parallel` (parallel/assembly.ts) runs row ranges on a pool's threads; it returns
 * undefined where it cannot (a form the workers do not know), and the caller's thread assembles.
 */
export function assembleForm<C>(
  mesh: Mesh,
  form: ElementForm<C>,
  elementConstant: Int32Array,
  constants: readonly C[],
  pattern?: BlockCsr,
  signal?: AbortSignal,
  parallel?: AssemblyRunner,
): AssemblyResult {
  const K = pattern ?? blockPatternFromMesh(mesh, form.unknowns);
  if (K.b !== form.unknowns) throw new Error(`the pattern has ${K.b} unknowns per node, the form ${form.name} ${form.unknowns}`);
  if (signal?.aborted) return { ok: false, error: "the solve was cancelled" };
  const pooled = parallel?.(mesh, form, elementConstant, constants, K);
  const problem = pooled !== undefined ? pooled : assembleRange(mesh, form, elementConstant, constants, K, 0, K.n, signal);
  if (problem === "cancelled") return { ok: false, error: "the solve was cancelled" };
  if (problem)
    return { ok: false, error: `element ${problem.element + 1} is inverted or degenerate (Jacobian ${problem.volume}); remesh or fix its node order` };
  return { ok: true, matrix: K };
}

/** The elastic stiffness (3 unknowns per node) of isotropic materials. */
export function assembleStiffness(mesh: Mesh, elementMaterial: Int32Array, materials: ElasticMaterial[], pattern?: BlockCsr, signal?: AbortSignal, parallel?: AssemblyRunner): AssemblyResult {
  return assembleForm(mesh, ELASTIC_STIFFNESS, elementMaterial, materials.map(lame), pattern, signal, parallel);
}
