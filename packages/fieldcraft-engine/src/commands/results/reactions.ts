import { z } from "zod";
import { lookup } from "../../model/definitions.js";
import { resolvedTarget } from "../../model/problem.js";
import { isFluidSolution, isHeatSolution, stepResult } from "../../model/results.js";
import { ModelError } from "../../model/errors.js";
import type { Model, StepResult } from "../../model/types.js";
import { itemName, vector3 } from "../params.js";
import { defineCommand } from "../types.js";
import { vec3 } from "../result-parts.js";
import { frameParams, frameResult } from "../frame-params.js";
import { frameView } from "../../model/frame-view.js";
import { pointReactions, setItems } from "../../model/reference-points.js";

const resultant = { force: vec3, moment: vec3 };

type V3 = [number, number, number];

function sumOver(model: Model, values: Float64Array, about: V3, nodes: ArrayLike<number> | null) {
  const x = model.mesh!.mesh.nodes;
  const force: V3 = [0, 0, 0];
  const moment: V3 = [0, 0, 0];
  const count = nodes ? nodes.length : values.length / 3;
  for (let t = 0; t < count; t++) {
    const n = nodes ? nodes[t] : t;
    const f = [values[3 * n], values[3 * n + 1], values[3 * n + 2]];
    const r = [x[3 * n] - about[0], x[3 * n + 1] - about[1], x[3 * n + 2] - about[2]];
    force[0] += f[0];
    force[1] += f[1];
    force[2] += f[2];
    moment[0] += r[1] * f[2] - r[2] * f[1];
    moment[1] += r[2] * f[0] - r[0] * f[2];
    moment[2] += r[0] * f[1] - r[1] * f[0];
  }
  return { force, moment };
}

/**
 * The heat or force a balance is measured against: the larger net (applied or reaction) or the gross flow through the
 * model (half the sum of the nodal magnitudes, the throughput when in and out balance). A bar held at two
 * temperatures has no net applied heat and a net reaction near zero: its imbalance is relative to the heat through it.
 */
function balanceScale(nets: number[], nodal: Float64Array[], per: number): number {
  let gross = 0;
  for (const values of nodal)
    for (let n = 0; n < values.length; n += per) gross += per === 1 ? Math.abs(values[n]) : Math.hypot(values[n], values[n + 1], values[n + 2]);
  return Math.max(...nets.map(Math.abs), gross / 2, 1e-300);
}

function defaultSets(model: Model, result: StepResult): string[] {
  const step = model.definitions.steps.find((s) => s.name === result.step)!;
  const names = setItems(model, step).boundary_conditions.flatMap((n) => {
    const bc = lookup(model, "boundary_conditions", n, `step ${step.name}`);
    return "target" in bc ? [bc.target.set] : [];
  });
  return [...new Set(names)];
}

export const resultsReactionsCommand = defineCommand({
  id: "results.reactions",
  label: "Reactions",
  description:
    "Reaction force and moment (about `about`, default the origin) per node set and in total, with the applied load they balance. Default sets: those the step's boundary conditions hold. Explicit steps: a frame's (`frame`, or the nearest to `time`; default the last), reaction = internal force + inertia at the held nodes, against the loads at that time.",
  params: z
    .object({
      step: itemName("Solved step; default: the last solved step").optional(),
      sets: z.array(itemName("Set name")).max(1000).optional().describe("Node sets to sum over"),
      about: vector3("length", "Point the moments are taken about").default([0, 0, 0]),
      ...frameParams,
    })
    .strict(),
  result: z.object({
    step: z.string(),
    about: vec3.optional().describe("Static steps: the point moments are taken about"),
    ...frameResult,
    sets: z.array(
      z.union([
        z.object({ set: z.string(), nodes: z.number().int().nonnegative(), ...resultant }),
        z.object({ set: z.string(), nodes: z.number().int().nonnegative(), heat_flow: z.number() }).describe("Heat steps"),
      ]),
    ),
    total: z.union([z.object(resultant), z.object({ heat_flow: z.number() })]).describe("Reaction resultant (heat steps: reaction heat flow) over every node"),
    applied: z.union([z.object(resultant), z.object({ heat_flow: z.number() })]).describe("Applied load resultant (heat steps: net heat the fluxes, body heat and films bring in)"),
    relative_imbalance: z.number(),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const { model } = ctx;
    // Explicit steps: a frame's reactions (internal force plus inertia at the held DOFs) against its loads then.
    const picked = frameView(stepResult(model, params.step), { frame: params.frame, time: params.time });
    const result = picked.result;
    const at = picked.frame ?? {};
    const names = params.sets ?? defaultSets(model, result);
    if (result.modal) throw new ModelError(`params.step: step ${result.step} is a frequency step: it has no reactions (results.modes lists its modes)`);
    if (isFluidSolution(result.solution))
      throw new ModelError(`params.step: step ${result.step} is a fluid step: it has no reactions; results.flow gives the flow rate and mean pressure through sets of faces`);
    if (isHeatSolution(result.solution)) {
      // Heat steps: the heat flowing in at the held nodes per set, against the net heat the loads and films bring.
      const q = result.solution.reaction;
      const sum = (nodes: ArrayLike<number> | null) => {
        let s = 0;
        for (let t = 0, count = nodes ? nodes.length : q.length; t < count; t++) s += q[nodes ? nodes[t] : t];
        return s;
      };
      const sets = names.map((name, i) => {
        lookup(model, "sets", name, `params.sets[${i}]`);
        const r = resolvedTarget(model, name, `set ${name}`);
        return { set: name, nodes: r.nodes.length, heat_flow: sum(r.nodes) };
      });
      const total = sum(null);
      let applied = 0;
      for (let n = 0; n < result.applied.length; n++) applied += result.applied[n];
      const scale = balanceScale([total, applied], [q, result.applied], 1);
      return { result: { step: result.step, sets, total: { heat_flow: total }, applied: { heat_flow: applied }, relative_imbalance: Math.abs(total + applied) / scale } };
    }
    const about = params.about as V3;
    const reaction = result.solution.reaction;
    const sets = names.map((name, i) => {
      lookup(model, "sets", name, `params.sets[${i}]`);
      const r = resolvedTarget(model, name, `set ${name}`);
      return { set: name, nodes: r.nodes.length, ...sumOver(model, reaction, about, r.nodes) };
    });
    const total = sumOver(model, reaction, about, null);
    // Held reference points react too (force and moment at the point).
    const atPoints = pointReactions(model, (result.solution as { points?: Float64Array }).points, about);
    for (let c = 0; c < 3; c++) {
      total.force[c] += atPoints.force[c];
      total.moment[c] += atPoints.moment[c];
    }
    const applied = sumOver(model, result.applied, about, null);
    const scale = balanceScale([Math.hypot(...applied.force), Math.hypot(...total.force)], [reaction, result.applied], 3);
    const imbalance = Math.hypot(total.force[0] + applied.force[0], total.force[1] + applied.force[1], total.force[2] + applied.force[2]) / scale;
    return { result: { step: result.step, about, ...at, sets, total, applied, relative_imbalance: imbalance } };
  },
});
