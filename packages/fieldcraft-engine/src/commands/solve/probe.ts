import { z } from "zod";
import { nodeCount } from "../../mesh/types.js";
import { ModelError } from "../../model/errors.js";
import { defaultField, fieldRange, modeView, nodeReport, stepResult } from "../../model/results.js";
import { vector3 } from "../../model/schema-parts.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { fluidNodeReportResult, heatNodeReportResult, nodeReportResult } from "../result-parts.js";
import { frameView } from "../../model/frame-view.js";
import { elementReports } from "../../model/element-report.js";
import { frameParams, frameResult } from "../frame-params.js";
import { mechanical } from "../../model/results.js";
import { insidePointResult, nearReports, nearResult, nodeForces, outsidePointResult, pointReports, setListing, setResult } from "./probe-parts.js";

const stressObject = z.object({ s11: z.number(), s22: z.number(), s33: z.number(), s12: z.number(), s13: z.number(), s23: z.number() });
const points = (what: string) => z.array(vector3("length", "A point [x, y, z]")).min(1).max(100_000).describe(what);

/** Nodes reported by default when nothing is asked for: the largest value of the step's first field. */
const asksSomething = (p: { nodes?: unknown; elements?: unknown; points?: unknown; near?: unknown; set?: unknown }) =>
  p.nodes !== undefined || p.elements !== undefined || p.points !== undefined || p.near !== undefined || p.set !== undefined;

export const solveProbeCommand = defineCommand({
  id: "solve.probe",
  label: "Probe results",
  description:
    "Stored results at nodes: coordinates, displacement components and magnitude, stress components, von Mises and reaction (static steps and mode shapes, `mode`), temperature, heat flux and reaction heat flow (heat steps), or velocity, pressure and vorticity (fluid steps); `forces` adds each node's applied load plus reaction. `elements` gives the stress at their integration points and its average; explicit steps read a frame (`frame`, or the nearest to `time`; default the last). `points`: the element holding each point (any element family; planar meshes lie in z = 0) and every nodal field interpolated there with its shape functions; a point outside the mesh is marked `outside` with its nearest node and distance. `near`: the node nearest each point. `set`: the set's node and element ids, `limit` from `offset`. points, near and set need only a mesh (values come with results). Without `nodes`, `elements`, `points`, `near` or `set`, the node with the largest value of the step's first field.",
  params: z
    .object({
      step: itemName("Solved step; default: the last solved step").optional(),
      nodes: z.array(z.number().int().positive()).min(1).max(1_000_000).optional().describe("1-based node ids"),
      points: points("Coordinates to interpolate the results at").optional(),
      near: z.union([vector3("length", "A point [x, y, z]"), points("Points whose nearest nodes to report")]).optional().describe("A point or points: the nearest node of each and its distance"),
      set: itemName("A set whose node and element ids to list").optional(),
      offset: z.number().int().nonnegative().default(0).describe("With `set`: the first id to list (0-based position)"),
      limit: z.number().int().positive().max(100_000).default(1000).describe("With `set`: how many ids of each kind to list"),
      forces: z.boolean().optional().describe("Add each reported node's force: applied load plus reaction (static: 3 components; heat: heat flow)"),
      mode: z.number().int().positive().max(1000).optional().describe("Frequency steps: the mode shape to read (1-based; default 1)"),
      elements: z.array(z.number().int().positive()).min(1).max(10_000).optional().describe("1-based element ids: stress at their integration points and its average"),
      ...frameParams,
    })
    .strict(),
  result: z.object({
    step: z.string().optional().describe("The step read (absent when the model holds no results and none were needed)"),
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
    forces: z
      .array(z.object({ node: z.number().int().positive(), force: z.union([z.array(z.number()).length(3), z.number()]) }))
      .optional()
      .describe("With `forces`: per reported node, applied load plus reaction (K u where no tie or coupling acts)"),
    points: z.array(z.union([insidePointResult, outsidePointResult])).optional().describe("With `points`: the element and values at each, or `outside`"),
    near: z.array(nearResult).optional().describe("With `near`: the nearest node of each point"),
    set: setResult.optional().describe("With `set`: its ids"),
  }),
  requires: ["mesh"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const mesh = ctx.model.mesh!.mesh;
    // Points, nearest nodes and sets need only the mesh; anything else (or a named step, mode or frame) needs results.
    const needsResults = !asksSomething(params) || params.nodes || params.elements || params.forces || params.step !== undefined || params.mode !== undefined || params.frame !== undefined || params.time !== undefined;
    const hasResults = Object.keys(ctx.model.results).length > 0;
    const stored = needsResults || hasResults ? stepResult(ctx.model, params.step) : undefined;
    const mode = stored && (params.mode ?? (stored.modal ? 1 : undefined));
    const picked = stored && frameView(modeView(stored, mode), params);
    const result = picked?.result;
    const count = nodeCount(mesh);
    const ids = params.nodes ?? (asksSomething(params) ? [] : [fieldRange(result!, defaultField(result!)).max.node]);
    const cap = ctx.caps.maxProbeNodes;
    const near = params.near === undefined ? undefined : typeof params.near[0] === "number" ? [params.near as number[]] : (params.near as number[][]);
    for (const [key, n] of [["nodes", ids.length], ["points", params.points?.length ?? 0], ["near", near?.length ?? 0], ["limit", params.set ? params.limit : 0]] as const) {
      if (n > cap) throw new ModelError(`params.${key}: ${n} ${key === "limit" ? "ids" : key} exceed the cap maxProbeNodes (${cap})`);
    }
    const bad = ids.findIndex((id) => id > count);
    if (bad >= 0) throw new ModelError(`params.nodes[${bad}]: node ${ids[bad]} is not in the mesh (ids 1..${count})`);
    const frequency = mode !== undefined ? { mode, frequency_hz: stored!.modal!.modes[mode - 1].frequency_hz } : {};
    if (params.elements && ids.length + params.elements.length > cap) throw new ModelError(`params.elements: ${params.elements.length} elements exceed the cap maxProbeNodes (${cap})`);
    const elements = params.elements ? { elements: elementReports(ctx.model, mechanical(result!, "element stresses").displacement, params.elements) } : {};
    const forces = params.forces ? { forces: ((f) => ids.map((node, i) => ({ node, force: f[i] })))(nodeForces(result!, ids)) } : {};
    return {
      result: {
        ...(result ? { step: result.step } : {}),
        ...frequency,
        ...(picked?.frame ?? {}),
        ...elements,
        nodes: ids.map((id) => nodeReport(ctx.model, result!, id - 1)),
        ...forces,
        ...(params.points ? { points: pointReports(mesh, result, params.points) } : {}),
        ...(near ? { near: nearReports(ctx.model, result, near) } : {}),
        ...(params.set ? { set: setListing(ctx.model, params.set, params.offset, params.limit) } : {}),
      },
    };
  },
});
