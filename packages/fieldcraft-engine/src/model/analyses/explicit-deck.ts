// What an explicit step writes into decks beyond the mechanical default: each load's nodal forces with its
// amplitude, prescribed displacements and velocities with theirs, and (model-wide) the amplitudes and initial
// velocities the written explicit steps use.
import type { DeckModel, DeckStep } from "../../decks/types.js";
import { lookup } from "../definitions.js";
import type { Model, StepDefinition } from "../types.js";
import { heldComponents, stepForces } from "../problem.js";
import { symmetryDeckBoundary } from "../symmetry-set.js";

export function explicitDeckStep(model: Model, step: StepDefinition): Pick<DeckStep, "boundaries" | "cloads" | "pressures" | "gravity"> {
  const boundaries: DeckStep["boundaries"] = step.boundary_conditions.flatMap((name) => {
    const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
    if (bc.type === "symmetry") return [symmetryDeckBoundary(model, bc)];
    const amplitude = bc.type === "displacement" || bc.type === "velocity" ? bc.amplitude : undefined;
    const held = bc.type === "velocity" ? bc.vector.map((value, component) => ({ component, value })) : heldComponents(bc);
    const byValue = new Map<number, number[]>();
    for (const { component, value } of held) byValue.set(value, [...(byValue.get(value) ?? []), component + 1]);
    return [...byValue].map(([value, components]) => ({
      nset: bc.target.set,
      components,
      value,
      ...(bc.type === "velocity" ? { velocity: true } : {}),
      ...(amplitude !== undefined ? { amplitude } : {}),
    }));
  });
  const gravity: NonNullable<DeckStep["gravity"]> = [];
  const cloads: DeckStep["cloads"] = step.loads.flatMap((name) => {
    const load = lookup(model, "loads", name, `step ${step.name}`);
    if (load.type === "gravity") {
      gravity.push({ elset: load.target.set, vector: [...load.vector], ...(load.amplitude !== undefined ? { amplitude: load.amplitude } : {}) });
      return [];
    }
    const forces = stepForces(model, { ...step, loads: [name] });
    const amplitude = load.type === "force" || load.type === "pressure" ? load.amplitude : undefined;
    const out: DeckStep["cloads"] = [];
    for (let i = 0; i < forces.length; i++)
      if (forces[i] !== 0) out.push({ node: Math.floor(i / 3), component: (i % 3) + 1, value: forces[i], ...(amplitude !== undefined ? { amplitude } : {}) });
    return out;
  });
  return { boundaries, cloads, pressures: [], ...(gravity.length ? { gravity } : {}) };
}

/** Amplitudes and initial velocities, when any written step is explicit. */
export function explicitDefinitions(model: Model, steps: StepDefinition[]): Pick<DeckModel, "amplitudes" | "initialVelocities"> {
  if (!steps.some((s) => s.procedure.type === "explicit")) return {};
  return {
    amplitudes: (model.definitions.amplitudes ?? []).map((a) =>
      a.points ? { name: a.name, points: a.points.map((p) => [p[0], p[1]] as [number, number]) } : { name: a.name, points: [[a.smooth_step!.t0, 0], [a.smooth_step!.t1, 1]], smooth: true },
    ),
    initialVelocities: (model.definitions.initial_conditions ?? []).map((ic) => ({ nset: ic.target.set, vector: [...ic.vector] as [number, number, number] })),
  };
}
