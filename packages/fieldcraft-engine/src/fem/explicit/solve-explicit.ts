// Central differences with a lumped mass (Belytschko's explicit algorithm): a = M^-1 (f_ext - f_int), velocities
// at half steps, displacements at whole steps. Prescribed DOFs follow their motion; the supports' reactions are
// M a + f_int - f_ext there. Energies at frames: kinetic from the whole-step velocity, strain energy from the
// element kernel, the work of loads and supports and the bulk viscosity's dissipation by the trapezoidal rule.
import type { Solved } from "../../model/analyses/types.js";
import { accelerate, addScaled, advance, holdPrescribed, reactionWork, type Held } from "./dof-passes.js";
import { solvePool } from "../linear-solve.js";
import { internalForce } from "./internal-force.js";
import { parallelMinElements, tet4Forces, type Tet4Forces } from "./tet4-forces.js";
import { elementOperators, stableStep } from "./operators.js";
import type { ExplicitHistory, ExplicitLimits, ExplicitProblem, FrameEnergy } from "./types.js";

const YIELD_MS = 50;

const cpuSince = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
};

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function solveExplicit(p: ExplicitProblem, limits: ExplicitLimits): Promise<Solved<ExplicitHistory>> {
  const t0 = performance.now();
  const { mesh } = p;
  const nn = mesh.nodes.length / 3;
  const ndof = 3 * nn;
  const built = elementOperators(mesh, p.elementMaterial, p.materials, p.bulkViscosity);
  if (!built.ok) return built;
  const ops = built.ops;
  const stable = stableStep(ops, p.bulkViscosity.linear);
  const safeStep = stable.dt * p.timeStep.safety;
  const notes: string[] = [];
  let dt: number;
  let steps: number;
  const frames = p.frames;
  if (frames > limits.maxFrames) return { ok: false, error: `${frames} frames exceed the cap maxFrames (${limits.maxFrames}); ask for fewer` };
  if (p.timeStep.fixed !== undefined) {
    if (p.timeStep.fixed > stable.dt && !p.timeStep.unchecked)
      return { ok: false, error: `time_step.fixed ${p.timeStep.fixed} is above the stable step ${stable.dt.toPrecision(6)} (element ${stable.element + 1}, length ${ops.length[stable.element].toPrecision(6)}): the integration would blow up; give at most that, or leave it out` };
    dt = p.timeStep.fixed;
    steps = Math.max(1, Math.round(p.duration / dt));
  } else {
    // Whole steps per frame, so frames fall exactly on steps; the step is at most the safe one.
    const perFrame = Math.max(1, Math.ceil(p.duration / frames / safeStep));
    steps = perFrame * frames;
    dt = p.duration / steps;
  }
  const elementSteps = steps * ops.ne;
  if (elementSteps > limits.maxElementSteps)
    return { ok: false, error: `${steps} steps of ${dt.toPrecision(4)} over ${ops.ne} elements are ${elementSteps.toExponential(2)} element-steps, above the cap maxElementSteps (${limits.maxElementSteps.toExponential(2)}): shorten the duration or coarsen the mesh` };
  const frameBytes = (frames + 1) * ndof * 4 * 3;
  // C3D4: the specialised kernel (tet4-kernel.ts), on the pool's threads for a large enough model.
  let kernel: Tet4Forces | null = null;
  if (ops.npe === 4 && ops.nq === 1) {
    const threads = ops.ne >= parallelMinElements() ? await solvePool(limits.threads, limits.maxThreads) : ({ ok: true, pool: null, note: "1 thread" } as const);
    if (!threads.ok) return threads;
    kernel = tet4Forces(ops, mesh.elements, nn, threads.pool);
    // Said when the pool ran the forces, or when it was asked for and could not start (the note says why).
    if (kernel.threads > 1) notes.push(`element forces on ${kernel.threads} threads`);
    else if (threads.note.includes("(")) notes.push(`element forces on ${threads.note}`);
  }
  const vector = kernel ? kernel.alloc : (n: number) => new Float64Array(n);
  const work = 10 * ndof * 8 + ops.bytes + (kernel?.bytes ?? 0);
  if (frameBytes + work > limits.maxMemoryBytes)
    return { ok: false, error: `the frames need about ${((frameBytes + work) / 1024 ** 2).toFixed(0)} MiB, above the cap maxMemoryBytes (${(limits.maxMemoryBytes / 1024 ** 2).toFixed(0)} MiB): ask for fewer frames` };
  // Frame k is written at step frameStep[k].
  const frameStep = Int32Array.from({ length: frames + 1 }, (_, k) => Math.round((k * steps) / frames));

  // Prescribed DOFs: a mask, and each DOF's group and value.
  const kind = new Int8Array(ndof); // 0 free, 1 displacement, 2 velocity
  const group = new Int32Array(ndof).fill(-1);
  const value = new Float64Array(ndof);
  const held: number[] = [];
  p.prescribed.forEach((g, gi) => {
    for (let i = 0; i < g.dofs.length; i++) {
      const d = g.dofs[i];
      if (kind[d] === 0) held.push(d);
      kind[d] = g.kind === "displacement" ? 1 : 2;
      group[d] = gi;
      value[d] = g.values[i];
    }
  });
  const heldDofs = Int32Array.from(held).sort();
  // Nodes on oblique planes slide along them: their normal acceleration is removed, and the support's force
  // is what that takes. Their three DOFs are reported with the held ones.
  const normalNodes = p.normals?.nodes ?? new Int32Array(0);
  const normalDirs = p.normals?.normals ?? new Float64Array(0);
  const reactionDofs = Int32Array.from(new Set([...heldDofs, ...Array.from(normalNodes).flatMap((n) => [3 * n, 3 * n + 1, 3 * n + 2])])).sort();
  const project = (x: Float64Array, i: number) => {
    const b = 3 * normalNodes[i], nx = normalDirs[3 * i], ny = normalDirs[3 * i + 1], nz = normalDirs[3 * i + 2];
    const dot = x[b] * nx + x[b + 1] * ny + x[b + 2] * nz;
    x[b] -= dot * nx; x[b + 1] -= dot * ny; x[b + 2] -= dot * nz;
  };
  const mass = ops.mass;
  const invMass = new Float64Array(ndof);
  // Held DOFs get no free acceleration (theirs follows their motion): a zero inverse mass, so the loop needs no test.
  for (let d = 0; d < ndof; d++) invMass[d] = mass[(d / 3) | 0] > 0 && kind[d] === 0 ? 1 / mass[(d / 3) | 0] : 0;

  const u = vector(ndof);
  const vHalf = new Float64Array(ndof); // v at n + 1/2 (before the first step: v at 0)
  const vPrev = new Float64Array(ndof); // v at n - 1/2
  const a = new Float64Array(ndof);
  // The forces of this step and the last one: swapped each step rather than copied.
  let fInt = vector(ndof), fIntPrev = vector(ndof);
  let reaction = new Float64Array(ndof), reactionPrev = new Float64Array(ndof);
  const fExt = new Float64Array(ndof);
  const fExtPrev = new Float64Array(ndof);
  const sums = new Float64Array(2);

  const prescribedU = (d: number, t: number) => value[d] * p.prescribed[group[d]].amplitude(t);
  // External forces are summed again only when an amplitude changed (a constant load costs nothing a step);
  // fExtPrev keeps the last step's for the work, copied only when the two differ.
  const factors = new Float64Array(p.loads.length).fill(Number.NaN);
  let prevSame = false;
  const external = (t: number) => {
    let changed = false;
    p.loads.forEach((load, i) => {
      const f = load.amplitude(t);
      if (f !== factors[i]) changed = true;
      factors[i] = f;
    });
    if (!changed) {
      if (!prevSame) fExtPrev.set(fExt);
      prevSame = true;
      return;
    }
    fExtPrev.set(fExt);
    prevSame = false;
    fExt.fill(0);
    p.loads.forEach((load, i) => {
      const f = factors[i];
      if (f !== 0) addScaled(fExt, f, load.forces);
    });
  };

  // Initial state.
  vHalf.set(p.initialVelocity);
  for (let i = 0; i < normalNodes.length; i++) project(vHalf, i);
  for (const d of heldDofs) {
    if (kind[d] === 1) {
      u[d] = prescribedU(d, 0);
      vHalf[d] = 0;
    } else vHalf[d] = prescribedU(d, 0);
  }
  const viscous = p.bulkViscosity.linear > 0 || p.bulkViscosity.quadratic > 0;

  const history = {
    displacement: new Float32Array((frames + 1) * ndof),
    velocity: new Float32Array((frames + 1) * ndof),
    acceleration: new Float32Array((frames + 1) * ndof),
    reaction: new Float32Array((frames + 1) * reactionDofs.length),
    loadFactors: new Float64Array((frames + 1) * p.loads.length),
  };
  const energies: FrameEnergy[] = [];
  let externalWork = 0, internalWork = 0, e0 = 0;
  let frame = 0;
  let lastYield = performance.now();
  const loopStart = lastYield;
  const loopCpu = process.cpuUsage();

  // Held DOFs by group: each group's amplitude at t + dt and t + dt / 2 is evaluated once a step.
  const heldMotion: Held = { dofs: heldDofs, kind, group, value };
  const atNext = new Float64Array(p.prescribed.length), atHalf = new Float64Array(p.prescribed.length);

  for (let n = 0; n <= steps; n++) {
    const t = n * dt;
    const atFrame = n === frameStep[frame];
    [fInt, fIntPrev] = [fIntPrev, fInt];
    [reaction, reactionPrev] = [reactionPrev, reaction];
    let strain: number;
    // The C3D4 kernel's bulk viscosity takes its rate from each element's volumetric strain one step back; the
    // first step takes it from the initial velocity.
    if (kernel && n > 0) strain = kernel.forces(u, fInt, 1 / dt, atFrame);
    else {
      strain = internalForce(ops, mesh.elements, u, vHalf, fInt, viscous);
      kernel?.start(u);
    }
    external(t);
    // One pass: accelerations (zero at held DOFs), the half-step velocity after this step, and the work of the
    // loads and of the element forces over the step just taken (trapezoidal; u moved by dt v_{n-1/2}).
    const half = n === 0 ? 0.5 * dt : dt;
    accelerate(vHalf, vPrev, a, fExt, fExtPrev, fInt, fIntPrev, invMass, half, sums);
    let dw = sums[0];
    const di = sums[1];
    for (let i = 0; i < normalNodes.length; i++) {
      project(a, i);
      const b = 3 * normalNodes[i];
      for (let c = b; c < b + 3; c++) {
        vHalf[c] = vPrev[c] + half * a[c];
        reaction[c] = mass[normalNodes[i]] * a[c] + fInt[c] - fExt[c];
      }
    }
    for (let g = 0; g < p.prescribed.length; g++) {
      atNext[g] = p.prescribed[g].amplitude(t + dt);
      atHalf[g] = p.prescribed[g].amplitude(t + 0.5 * dt);
    }
    holdPrescribed(heldMotion, atNext, atHalf, u, vPrev, vHalf, a, reaction, mass, fInt, fExt, dt, half);
    if (n > 0) {
      dw += reactionWork(reactionDofs, vPrev, reaction, reactionPrev);
      externalWork += 0.5 * dt * dw;
      internalWork += 0.5 * dt * di;
    }
    if (atFrame) {
      // Whole-step velocity: the mean of the half steps around it (v_0 itself at the start).
      let kinetic = 0;
      const off = frame * ndof;
      for (let d = 0; d < ndof; d++) {
        const vn = n === 0 ? vPrev[d] : 0.5 * (vPrev[d] + vHalf[d]);
        kinetic += 0.5 * mass[(d / 3) | 0] * vn * vn;
        history.velocity[off + d] = vn;
        history.acceleration[off + d] = a[d];
        history.displacement[off + d] = u[d];
      }
      for (let i = 0; i < reactionDofs.length; i++) history.reaction[frame * reactionDofs.length + i] = reaction[reactionDofs[i]];
      p.loads.forEach((load, i) => (history.loadFactors[frame * p.loads.length + i] = load.amplitude(t)));
      if (n === 0) e0 = kinetic + strain;
      const dissipated = internalWork - (strain - (n === 0 ? strain : energies[0].internal));
      const total = kinetic + strain + dissipated - externalWork - e0;
      if (!Number.isFinite(total)) return { ok: false, error: `the solution diverged by frame ${frame} (t = ${t.toPrecision(4)}): the step ${dt.toPrecision(4)} is not stable for this model` };
      energies.push({ frame, time: t, kinetic, internal: strain, viscous: dissipated, external_work: externalWork, energy_balance: total });
      limits.onProgress?.({ progress: frame, total: frames, message: `frame ${frame}/${frames} at t = ${t.toPrecision(4)} (step ${n}/${steps})` });
      frame++;
    }
    if (n === steps) break;
    if (limits.signal?.aborted) return { ok: false, error: `cancelled at step ${n} of ${steps} (t = ${t.toPrecision(4)})` };
    if (performance.now() - lastYield > YIELD_MS) {
      await yieldToLoop();
      lastYield = performance.now();
      if (limits.signal?.aborted) return { ok: false, error: `cancelled at step ${n} of ${steps} (t = ${t.toPrecision(4)})` };
    }
    advance(u, vHalf, dt);
  }
  if (p.timeStep.fixed === undefined) notes.push(`stable step ${stable.dt.toPrecision(6)} x safety ${p.timeStep.safety}`);
  return {
    ok: true,
    solution: {
      frames: energies,
      ...history,
      reactionDofs,
      timeStep: dt,
      stableTimeStep: stable.dt,
      controllingElement: stable.element,
      characteristicLength: ops.length[stable.element],
      steps,
      totalMass: ops.totalMass,
      seconds: (performance.now() - t0) / 1000,
      loopSeconds: (performance.now() - loopStart) / 1000,
      loopCpuSeconds: cpuSince(loopCpu),
      notes,
      threads: kernel?.threads ?? 1,
    },
  };
}
