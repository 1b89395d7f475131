// The per-DOF passes of a time step as plain functions over their arrays. Inside the async solver their
// arrays are locals that live across an `await`, so V8 keeps them in the generator's context and reloads them
// on every access; passed as arguments they are registers (the passes ran about 3x faster so, measured).

/**
 * Accelerations (zero at held DOFs, whose inverse mass is zero), the half-step velocity after this step, and
 * the trapezoidal work terms over the step just taken: out[0] = sum v (f_ext + f_ext_prev), out[1] the same
 * for the internal force. vPrev receives the half-step velocity before the update.
 */
export function accelerate(
  vHalf: Float64Array, vPrev: Float64Array, a: Float64Array, fExt: Float64Array, fExtPrev: Float64Array,
  fInt: Float64Array, fIntPrev: Float64Array, invMass: Float64Array, half: number, out: Float64Array,
): void {
  let dw = 0, di = 0;
  const n = vHalf.length;
  for (let d = 0; d < n; d++) {
    const vp = vHalf[d], fe = fExt[d], fi = fInt[d];
    const ad = (fe - fi) * invMass[d];
    vPrev[d] = vp;
    a[d] = ad;
    vHalf[d] = vp + half * ad;
    dw += vp * (fe + fExtPrev[d]);
    di += vp * (fi + fIntPrev[d]);
  }
  out[0] = dw;
  out[1] = di;
}

/** u += dt v. */
export function advance(u: Float64Array, v: Float64Array, dt: number): void {
  const n = u.length;
  for (let d = 0; d < n; d++) u[d] += dt * v[d];
}
