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

/** The held DOFs' prescribed motion and what it takes: what the loop needs of each, by argument. */
export interface Held {
  dofs: Int32Array;
  /** Per DOF: 1 displacement, 2 velocity; its group and value (times the group's amplitude). */
  kind: Int8Array;
  group: Int32Array;
  value: Float64Array;
}

/**
 * Held DOFs over the half step from t: the velocity that reaches u(t + dt) (displacement) or v(t + dt / 2)
 * (velocity), the acceleration that gives it and the support's reaction M a + f_int - f_ext. `atNext` and
 * `atHalf` hold each group's amplitude at t + dt and t + dt / 2.
 */
export function holdPrescribed(
  h: Held, atNext: Float64Array, atHalf: Float64Array, u: Float64Array, vPrev: Float64Array, vHalf: Float64Array, a: Float64Array,
  reaction: Float64Array, mass: Float64Array, fInt: Float64Array, fExt: Float64Array, dt: number, half: number,
): void {
  const { dofs, kind, group, value } = h;
  for (let i = 0; i < dofs.length; i++) {
    const d = dofs[i], g = group[d];
    const next = kind[d] === 1 ? (value[d] * atNext[g] - u[d]) / dt : value[d] * atHalf[g];
    a[d] = (next - vPrev[d]) / half;
    vHalf[d] = next;
    reaction[d] = mass[(d / 3) | 0] * a[d] + fInt[d] - fExt[d];
  }
}

/** sum v (r + r_prev) over the support DOFs: the trapezoidal work of the reactions over a step. */
export function reactionWork(dofs: Int32Array, v: Float64Array, reaction: Float64Array, reactionPrev: Float64Array): number {
  let w = 0;
  for (let i = 0; i < dofs.length; i++) {
    const d = dofs[i];
    w += v[d] * (reaction[d] + reactionPrev[d]);
  }
  return w;
}

/** out += s x. */
export function addScaled(out: Float64Array, s: number, x: Float64Array): void {
  for (let d = 0; d < out.length; d++) out[d] += s * x[d];
}
