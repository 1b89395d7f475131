// Element assembly over the pool: block-row ranges of equal stored blocks, one task each, every element's
// matrix added only into the rows a task owns (see kernels/assembly.ts): the same bits as one thread. The
// mesh arrays are shared once per assembly (a copy of nodes and elements, a few percent of the matrix).
import type { AssemblyRunner } from "../assembly.js";
import { weightedBounds } from "./bounds.js";
import { ASSEMBLY_FORMS, type AssemblyArgs } from "./kernels/assembly.js";
import { parallelMinEntries } from "./operators.js";
import type { KernelPool } from "./pool.js";
import { isShared, shareFloat64, shareInt32 } from "./shared.js";

/** The runner assembleForm takes, or undefined for one thread. */
export function poolAssembly(pool: KernelPool | null): AssemblyRunner | undefined {
  if (!pool || pool.threads < 2) return undefined;
  return (mesh, form, elementConstant, constants, K) => {
    const name = Object.keys(ASSEMBLY_FORMS).find((k) => ASSEMBLY_FORMS[k] === (form as unknown));
    if (!name || !isShared(K.val) || K.val.length < parallelMinEntries()) return undefined;
    const args: AssemblyArgs = {
      form: name,
      type: mesh.type,
      nodes: shareFloat64(mesh.nodes),
      elements: shareInt32(mesh.elements),
      elementConstant: shareInt32(elementConstant),
      constants,
      n: K.n,
      b: K.b,
      rowPtr: shareInt32(K.rowPtr),
      col: shareInt32(K.col),
      val: K.val,
      rowBounds: weightedBounds(K.rowPtr, pool.threads),
    };
    const found = pool.map<{ element: number; volume: number } | null>("assembleRows", args, pool.threads);
    let first: { element: number; volume: number } | null = null;
    for (const f of found) if (f && (!first || f.element < first.element)) first = f;
    return first;
  };
}
