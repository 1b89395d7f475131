import { z } from "zod";
import { interpolate, locatePoints } from "../../fem/locate-point.js";
import { nodeCount } from "../../mesh/types.js";
import { ANALYSIS_ROWS } from "../../model/analyses/index.js";
import { ModelError } from "../../model/errors.js";
import { defaultField, fieldRange, isFluidSolution, modeView, nodeReport, stepResult } from "../../model/results.js";
import type { StepResult } from "../../model/types.js";
import { vector3 } from "../../model/schema-parts.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { fluidNodeReportResult, heatNodeReportResult, nodeReportResult } from "../result-parts.js";
import { frameView } from "../../model/frame-view.js";
import { elementReports } from "../../model/element-report.js";
import { frameParams, frameResult } from "../frame-params.js";
import { mechanical } from "../../model/results.js";

const stressObject = z.object({ s11: z.number(), s22: z.number(), s33: z.number(), s12: z.number(), s13: z.number(), s23: z.number() });

const pointReport = z.object({
  point: z.array(z.number()).length(3),
  element: z.number().int().positive().describe("The element holding the point (1-based)"),
  values: z.record(z.string(), z.number()).describe("Every nodal field of the step, interpolated with the element's shape functions"),
  velocity: z.array(z.number()).length(3).optional().describe("Fluid steps: the velocity vector"),
});

/** Values at points inside the mesh; points outside are refused, each named. */
function probePoints(mesh: Parameters<typeof locatePoints>[0], result: StepResult, points: readonly (readonly number[])[]) {
  const located = locatePoints(mesh, points);
  const outside = located.flatMap((l, i) => (l ? [] : [`params.points[${i}] [${points[i].join(", ")}]`]));
  if (outside.length) throw new ModelError(`${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} outside the mesh; probe points inside it`);
  const row = ANALYSIS_ROWS.find((a) => a.procedure === (result.procedure ?? "static"))!;
  return located.map((l, i) => {
    const values = Object.fromEntries(row.fields.map((f) => [f.name, interpolate(l!, f.read(result.solution as never))]));
    const solution = result.solution;
    const velocity = isFluidSolution(solution) ? [0, 1, 2].map((c) => interpolate(l!, (n) => solution.velocity[3 * n + c])) : undefined;
    return { point: [...points[i]], element: l!.element + 1, values, ...(velocity ? { velocity } : {}) };
  });
}

export const solveProbeCommand = defineCommand({
  id: "solve.probe",
  label: "Probe results",
  description:
    "Stored results at nodes: coordinates, displacement components and magnitude, stress components, von Mises and reaction (static steps and mode shapes, `mode`), temperature, heat flux and reaction heat flow (heat steps), or velocity, pressure and vorticity (fluid steps). `elements` gives the stress at their integration points and its average; explicit steps read a frame (`frame`, or the nearest to `time`; default the last). `points`: every field interpolated at coordinates inside a tetrahedral mesh (points outside are refused by name). Without `nodes`, `elements` or `points`, the node with the largest value of the step's first field.",
  params: z
    .object({
      step: itemName("Solved step; default: the last solved step").optional(),
      nodes: z.array(z.number().int().positive()).min(1).max(1_000_000).optional().describe("1-based node ids"),
      points: z.array(vector3("length", "A point [x, y, z] inside the mesh")).min(1).max(100_000).optional().describe("Coordinates to interpolate the results at"),
      mode: z.number().int().positive().max(1000).optional().describe("Frequency steps: the mode shape to read (1-based; default 1)"),
      elements: z.array(z.number().int().positive()).min(1).max(10_000).optional().describe("1-based element ids: stress at their integration points and its average"),
      ...frameParams,
    })
    .strict(),
  result: z.object({
    step: z.string(),
    mode: z.number().int().positive().optional().describe("Frequency steps: the mode shape read"),
    frequency_hz: z.number().optional().describe("Frequency steps: that mode's frequency"),
    ...frameResult,
    elements: z
      .array(z.object({ element: z.number().int().positive(), body: z.string(), stress_points: z.array(stressObject), stress: stressObject.describe("Average of the points"), von_mises: z.number() }))
      .optional()
      .describe("The elements asked for"),
    nodes: z
      .array(z.union([nodeReportResult, heatNodeReportResult, fluidNodeReportResult]))
      .describe("Static steps and mode shapes: displacement, stress, reaction; heat steps: temperature, heat flux, reaction heat flow; fluid steps: velocity, pressure, vorticity"),
    points: z.array(pointReport).optional().describe("With `points`: the values interpolated at each"),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const stored = stepResult(ctx.model, params.step);
    const mode = params.mode ?? (stored.modal ? 1 : undefined);
    const picked = frameView(modeView(stored, mode), params);
    const result = picked.result;
    const count = nodeCount(ctx.model.mesh!.mesh);
    const ids = params.nodes ?? (params.elements || params.points ? [] : [fieldRange(result, defaultField(result)).max.node]);
    if (ids.length > ctx.caps.maxProbeNodes) throw new ModelError(`params.nodes: ${ids.length} nodes exceed the cap maxProbeNodes (${ctx.caps.maxProbeNodes})`);
    if (params.points && params.points.length > ctx.caps.maxProbeNodes)
      throw new ModelError(`params.points: ${params.points.length} points exceed the cap maxProbeNodes (${ctx.caps.maxProbeNodes})`);
    const bad = ids.findIndex((id) => id > count);
    if (bad >= 0) throw new ModelError(`params.nodes[${bad}]: node ${ids[bad]} is not in the mesh (ids 1..${count})`);
    const frequency = mode !== undefined ? { mode, frequency_hz: stored.modal!.modes[mode - 1].frequency_hz } : {};
    if (params.elements && ids.length + params.elements.length > ctx.caps.maxProbeNodes)
      throw new ModelError(`params.elements: ${params.elements.length} elements exceed the cap maxProbeNodes (${ctx.caps.maxProbeNodes})`);
    const elements = params.elements ? { elements: elementReports(ctx.model, mechanical(result, "element stresses").displacement, params.elements) } : {};
    let points;
    if (params.points) {
      try {
        points = probePoints(ctx.model.mesh!.mesh, result, params.points);
      } catch (error) {
        if (error instanceof ModelError) throw error;
        throw new ModelError(`params.points: ${(error as Error).message}`);
      }
    }
    return { result: { step: result.step, ...frequency, ...(picked.frame ?? {}), ...elements, nodes: ids.map((id) => nodeReport(ctx.model, result, id - 1)), ...(points ? { points } : {}) } };
  },
});
