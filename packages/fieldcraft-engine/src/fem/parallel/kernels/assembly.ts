// Element assembly on the pool: each task owns a range of block rows and adds every element's matrix into
// those rows only (assembleRange), elements in ascending order, so the stiffness has the bits of one thread.
// Forms cross to the workers by name: a row of ASSEMBLY_FORMS (a form built by a factory stays on one thread).
import { assembleRange } from "../../assembly.js";
import type { FamilyName } from "../../families/index.js";
import type { KernelContext } from "./types.js";
import { CONDUCTION, ELASTIC_STIFFNESS, type ElementForm } from "../../forms/index.js";

export const ASSEMBLY_FORMS: Record<string, ElementForm<never>> = {
  elastic: ELASTIC_STIFFNESS as ElementForm<never>,
  conduction: CONDUCTION as ElementForm<never>,
};

export interface AssemblyArgs {
  form: string;
  type: FamilyName;
  nodes: Float64Array;
  elements: Int32Array;
  elementConstant: Int32Array;
  constants: readonly unknown[];
  n: number;
  b: number;
  rowPtr: Int32Array;
  col: Int32Array;
  val: Float64Array;
  /** Block-row range of each task. */
  rowBounds: Int32Array;
}

/**
 * Task t: the rows [rowBounds[t], rowBounds[t + 1]); the first inverted element it met, or null. A cancelled
 * command stops it early (the pool then throws the cancellation, so the half-filled rows are never read).
 */
export function assembleRows(a: AssemblyArgs, task: number, _end: number, ctx: KernelContext): { element: number; volume: number } | null {
  const form = ASSEMBLY_FORMS[a.form];
  if (!form) throw new Error(`no assembly form named ${a.form}`);
  const K = { n: a.n, b: a.b, rowPtr: a.rowPtr, col: a.col, val: a.val };
  const r = assembleRange({ type: a.type, nodes: a.nodes, elements: a.elements }, form, a.elementConstant, a.constants as never[], K, a.rowBounds[task], a.rowBounds[task + 1], {
    get aborted() {
      return ctx.stopped();
    },
  } as AbortSignal);
  return r === "cancelled" ? null : r;
}
