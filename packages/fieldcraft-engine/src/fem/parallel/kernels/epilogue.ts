// The vector updates that follow a product y = A v in the V-cycle, applied to a DOF range once y is complete
// there. The same function runs after the one-thread product, so one thread gives the same bits as before.

export const EPILOGUE = {
  /** Nothing: a plain product. */
  none: 0,
  /** r = b - y. */
  residual: 1,
  /** The first Chebyshev step from a nonzero x: r = b - y; d = D^-1 r / theta; x += d. */
  chebyshevStart: 2,
  /** A later Chebyshev step (y = A d): r -= y; d = c1 d + c2 D^-1 r; x += d. */
  chebyshevStep: 3,
} as const;

export interface EpilogueArgs {
  mode: number;
  y: Float64Array;
  b?: Float64Array;
  r?: Float64Array;
  d?: Float64Array;
  x?: Float64Array;
  invDiag?: Float64Array;
  theta?: number;
  c1?: number;
  c2?: number;
}

export function epilogue(a: EpilogueArgs, lo: number, hi: number): void {
  const { y } = a;
  if (a.mode === EPILOGUE.residual) {
    const b = a.b!, r = a.r!;
    for (let i = lo; i < hi; i++) r[i] = b[i] - y[i];
  } else if (a.mode === EPILOGUE.chebyshevStart) {
    const b = a.b!, r = a.r!, d = a.d!, x = a.x!, invDiag = a.invDiag!, theta = a.theta!;
    for (let i = lo; i < hi; i++) {
      r[i] = b[i] - y[i];
      d[i] = (invDiag[i] * r[i]) / theta;
      x[i] += d[i];
    }
  } else if (a.mode === EPILOGUE.chebyshevStep) {
    const r = a.r!, d = a.d!, x = a.x!, invDiag = a.invDiag!, c1 = a.c1!, c2 = a.c2!;
    for (let i = lo; i < hi; i++) {
      r[i] -= y[i];
      d[i] = c1 * d[i] + c2 * invDiag[i] * r[i];
      x[i] += d[i];
    }
  }
}

/** The Chebyshev start from x = 0 (no product): x = d = D^-1 b / theta, r = b. */
export function chebyshevZeroStart(a: EpilogueArgs, lo: number, hi: number): void {
  const b = a.b!, r = a.r!, d = a.d!, x = a.x!, invDiag = a.invDiag!, theta = a.theta!;
  for (let i = lo; i < hi; i++) {
    r[i] = b[i];
    d[i] = (invDiag[i] * r[i]) / theta;
    x[i] = d[i];
  }
}
