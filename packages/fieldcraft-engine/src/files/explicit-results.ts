// An explicit step's frames in `.fieldcraft` files: displacement, velocity and acceleration of every frame and the
// supports' reactions in single precision (as the solver keeps them), each deflated; the frames' energies, the
// loads' patterns and amplitude factors, and the run's numbers. On open the frames are read back as they were
// solved; the mesh and materials come from the model itself (the results' digest guarantees they match).
import { z } from "zod";
import type { ExplicitHistory } from "../fem/explicit/types.js";
import { DEFAULT_EXPLICIT_CAPS, frameSolution, type ExplicitFrameSolution, type ExplicitSummary } from "../model/analyses/explicit.js";
import { ModelError } from "../model/errors.js";
import { elementMaterials } from "../model/problem.js";
import type { Model } from "../model/types.js";
import { decodeCompressed, encodeCompressed } from "./typed-arrays.js";

export const EXPLICIT_ENCODING = "f32le-zlib-base64";

const packed = z.object({ length: z.number().int().nonnegative(), data: z.string() }).strict();

/** One frame's time and energies: as stored in a file and as results.frames reports it. */
export const frameEnergySchema = z
  .object({
    frame: z.number().int().nonnegative(),
    time: z.number(),
    kinetic: z.number(),
    internal: z.number(),
    viscous: z.number(),
    external_work: z.number(),
    energy_balance: z.number(),
  })
  .strict();

export const explicitStoredSchema = z
  .object({
    /** Frame fields and reactions in single precision; reaction DOFs as 32-bit integers; loads in double. */
    encoding: z.literal(EXPLICIT_ENCODING),
    frames: z.array(frameEnergySchema).min(1).max(DEFAULT_EXPLICIT_CAPS.maxFrames + 1),
    displacement: packed,
    velocity: packed,
    acceleration: packed,
    reaction_dofs: packed,
    reaction: packed,
    load_factors: packed,
    loads: z.array(packed).max(10_000),
    time_step: z.number(),
    stable_time_step: z.number(),
    controlling_element: z.number().int().nonnegative(),
    characteristic_length: z.number(),
    steps: z.number().int().nonnegative(),
    total_mass: z.number(),
    seconds: z.number(),
    loop_seconds: z.number(),
    notes: z.array(z.string()),
    safety: z.number(),
  })
  .strict();

export type StoredExplicit = z.infer<typeof explicitStoredSchema>;

const pack = (a: Float64Array | Float32Array | Int32Array) => ({ length: a.length, data: encodeCompressed(a) });

export function encodeExplicit(s: ExplicitSummary): StoredExplicit {
  const h = s.history;
  return {
    encoding: EXPLICIT_ENCODING,
    frames: h.frames.map((f) => ({ ...f })),
    displacement: pack(h.displacement),
    velocity: pack(h.velocity),
    acceleration: pack(h.acceleration),
    reaction_dofs: pack(h.reactionDofs),
    reaction: pack(h.reaction),
    load_factors: pack(h.loadFactors),
    loads: s.loads.map(pack),
    time_step: h.timeStep,
    stable_time_step: h.stableTimeStep,
    controlling_element: h.controllingElement,
    characteristic_length: h.characteristicLength,
    steps: h.steps,
    total_mass: h.totalMass,
    seconds: h.seconds,
    loop_seconds: h.loopSeconds,
    notes: [...h.notes],
    safety: s.safety,
  };
}

/** The summary back, every length checked against the mesh and the frame count before anything is inflated. */
export function decodeExplicit(stored: StoredExplicit, model: Model, what: string): { explicit: ExplicitSummary; solution: ExplicitFrameSolution } {
  const mesh = model.mesh!.mesh;
  const ndof = mesh.nodes.length;
  const nf = stored.frames.length;
  const read = <C extends Float64ArrayConstructor | Float32ArrayConstructor | Int32ArrayConstructor>(a: z.infer<typeof packed>, count: number, name: string, ctor: C) => {
    if (a.length !== count) throw new ModelError(`${what}: ${name} holds ${a.length} values, ${nf} frames of this mesh need ${count}`);
    const values = decodeCompressed(a.data, count, `${what}: ${name}`, ctor);
    if (!values.every(Number.isFinite)) throw new ModelError(`${what}: ${name}: a value is not a finite number`);
    return values;
  };
  stored.frames.forEach((f, k) => {
    if (f.frame !== k) throw new ModelError(`${what}: frame ${k} is numbered ${f.frame}`);
  });
  const reactionDofs = read(stored.reaction_dofs, stored.reaction_dofs.length, "reaction_dofs", Int32Array);
  if (reactionDofs.length > ndof || reactionDofs.some((d) => d < 0 || d >= ndof)) throw new ModelError(`${what}: reaction_dofs names a DOF the mesh does not have`);
  const nl = stored.loads.length;
  const history: ExplicitHistory = {
    frames: stored.frames,
    displacement: read(stored.displacement, nf * ndof, "displacement", Float32Array),
    velocity: read(stored.velocity, nf * ndof, "velocity", Float32Array),
    acceleration: read(stored.acceleration, nf * ndof, "acceleration", Float32Array),
    reactionDofs,
    reaction: read(stored.reaction, nf * reactionDofs.length, "reaction", Float32Array),
    loadFactors: read(stored.load_factors, nf * nl, "load_factors", Float64Array),
    timeStep: stored.time_step,
    stableTimeStep: stored.stable_time_step,
    controllingElement: stored.controlling_element,
    characteristicLength: stored.characteristic_length,
    steps: stored.steps,
    totalMass: stored.total_mass,
    seconds: stored.seconds,
    loopSeconds: stored.loop_seconds,
    notes: stored.notes,
  };
  const loads = stored.loads.map((l, i) => read(l, ndof, `loads[${i}]`, Float64Array));
  const { elementMaterial, materials } = elementMaterials(model);
  const defs = model.definitions.materials;
  const explicit: ExplicitSummary = {
    history,
    mesh,
    elementMaterial,
    materials: materials.map((m, i) => ({ ...m, density: defs[i].density ?? 0 })),
    safety: stored.safety,
    loads,
  };
  return { explicit, solution: frameSolution(explicit, nf - 1) };
}
