// Preconditioned conjugate gradients that yields to the event loop, so abort signals and progress get through.
import { sharedFloat64 } from "../parallel/shared.js";
import type { LinearOperator } from "./operator.js";
import { heartbeat } from "../cancel-scope.js";

export interface CgOptions {
  tolerance: number;
  maxIterations: number;
  signal?: AbortSignal;
  onIteration?: (iteration: number, relativeResidual: number) => void;
}

export type CgResult =
  | { status: "converged"; iterations: number; relativeResidual: number }
  | { status: "max-iterations" | "breakdown" | "aborted"; iterations: number; relativeResidual: number };

const YIELD_EVERY_MS = 50;

export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Solves A x = b from x = 0; x receives the solution. */
export async function pcg(A: LinearOperator, M: LinearOperator, b: Float64Array, x: Float64Array, o: CgOptions): Promise<CgResult> {
  const n = A.size;
  x.fill(0);
  // Shared memory, so a pooled operator's threads read and write these vectors in place.
  // p and q, the product's operands, where A's fastest kernels read them (A.vector: the kernel heap).
  const vector = (m: number) => A.vector?.(m) ?? sharedFloat64(m);
  const r = sharedFloat64(n);
  r.set(b);
  const z = sharedFloat64(n);
  const p = vector(n);
  const q = vector(n);
  const bnorm = Math.sqrt(dot(b, b));
  if (bnorm === 0) return { status: "converged", iterations: 0, relativeResidual: 0 };
  M.apply(r, z);
  p.set(z);
  let rz = dot(r, z);
  let last = Date.now();
  let rel = 1;
  for (let it = 1; it <= o.maxIterations; it++) {
    A.apply(p, q);
    const pq = dot(p, q);
    if (!(pq > 0)) return { status: "breakdown", iterations: it, relativeResidual: rel };
    const alpha = rz / pq;
    let rr = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      const ri = r[i] - alpha * q[i];
      r[i] = ri;
      rr += ri * ri;
    }
    rel = Math.sqrt(rr) / bnorm;
    o.onIteration?.(it, rel);
    if (rel <= o.tolerance) return { status: "converged", iterations: it, relativeResidual: rel };
    M.apply(r, z);
    const rzNew = dot(r, z);
    const beta = rzNew / rz;
    rz = rzNew;
    for (let i = 0; i < n; i++) p[i] = z[i] + beta * p[i];
    if (Date.now() - last > YIELD_EVERY_MS) {
      await yieldToEventLoop();
      last = Date.now();
    }
    if (o.signal?.aborted) return { status: "aborted", iterations: it, relativeResidual: rel };
    heartbeat();
  }
  return { status: "max-iterations", iterations: o.maxIterations, relativeResidual: rel };
}
