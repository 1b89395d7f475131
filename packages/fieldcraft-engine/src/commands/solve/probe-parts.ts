// The parts of solve.probe beyond node reports: values at points (any element family), the node nearest a
// point, a set's node and element ids by page, and nodal forces. Points, nearest nodes and sets need only a
// mesh; their values come with results when there are some.
import { z } from "zod";
import { interpolate, pointLocator, type PointLocator } from "../../fem/locate-point.js";
import type { Mesh } from "../../mesh/types.js";
import { ANALYSIS_ROWS } from "../../model/analyses/index.js";
import { ModelError, nameList } from "../../model/errors.js";
import { isFluidSolution, isHeatSolution, nodeReport } from "../../model/results.js";
import { resolveSet } from "../../model/sets.js";
import type { Model, StepResult } from "../../model/types.js";
import { fluidNodeReportResult, heatNodeReportResult, nodeReportResult } from "../result-parts.js";

const vec3 = z.array(z.number()).length(3);

export const insidePointResult = z.object({
  point: vec3,
  element: z.number().int().positive().describe("The element holding the point (1-based)"),
  values: z.record(z.string(), z.number()).optional().describe("With results: every nodal field of the step, interpolated with the element's shape functions"),
  velocity: vec3.optional().describe("Fluid steps: the velocity vector"),
});

export const outsidePointResult = z.object({
  point: vec3,
  outside: z.literal(true).describe("No element holds the point (planar meshes lie in z = 0)"),
  nearest_node: z.number().int().positive().describe("The mesh node nearest the point (1-based)"),
  distance: z.number().nonnegative().describe("The point's distance to that node"),
});

const nodeAlone = z.object({ node: z.number().int().positive(), coordinates: vec3 });

export const nearResult = z.object({
  point: vec3,
  distance: z.number().nonnegative().describe("Distance from the point to the node"),
  node: z.union([nodeReportResult, heatNodeReportResult, fluidNodeReportResult, nodeAlone]).describe("The nearest node: its id and coordinates, and its values when results exist"),
});

const page = z.object({
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  ids: z.array(z.number().int().positive()).describe("1-based ids from `offset`, at most `limit` of them"),
});

export const setResult = z.object({ name: z.string(), nodes: page, elements: page.describe("Elements of its bodies and element ids (face sets hold none)") });

/** The locator of a mesh, built once per mesh (probing many times reuses its grids). */
const locators = new WeakMap<Mesh, PointLocator>();
export function locatorOf(mesh: Mesh): PointLocator {
  let l = locators.get(mesh);
  if (!l) locators.set(mesh, (l = pointLocator(mesh)));
  return l;
}

/** Each point's element and, with results, its interpolated values; points outside say so with their nearest node. */
export function pointReports(mesh: Mesh, result: StepResult | undefined, points: readonly (readonly number[])[]) {
  const locator = locatorOf(mesh);
  const row = result && ANALYSIS_ROWS.find((a) => a.procedure === (result.procedure ?? "static"))!;
  return points.map((p) => {
    const at = locator.locate(p);
    if (!at) {
      const near = locator.nearestNode(p);
      return { point: [...p], outside: true as const, nearest_node: near.node + 1, distance: near.distance };
    }
    if (!result || !row) return { point: [...p], element: at.element + 1 };
    const values = Object.fromEntries(row.fields.map((f) => [f.name, interpolate(at, f.read(result.solution as never))]));
    const solution = result.solution;
    const velocity = isFluidSolution(solution) ? [0, 1, 2].map((c) => interpolate(at, (n) => solution.velocity[3 * n + c])) : undefined;
    return { point: [...p], element: at.element + 1, values, ...(velocity ? { velocity } : {}) };
  });
}

/** The node nearest each point, with its values when there are results. */
export function nearReports(model: Model, result: StepResult | undefined, points: readonly (readonly number[])[]) {
  const mesh = model.mesh!.mesh;
  const locator = locatorOf(mesh);
  return points.map((p) => {
    const { node, distance } = locator.nearestNode(p);
    const X = mesh.nodes;
    const report = result ? nodeReport(model, result, node) : { node: node + 1, coordinates: [X[3 * node], X[3 * node + 1], X[3 * node + 2]] };
    return { point: [...p], distance, node: report };
  });
}

/** A set's node and element ids (1-based), `limit` of each from `offset`. */
export function setListing(model: Model, name: string, offset: number, limit: number) {
  const set = model.definitions.sets.find((s) => s.name === name);
  if (!set) throw new ModelError(`params.set: no set named \`${name}\`; sets: ${nameList(model.definitions.sets.map((s) => s.name))}`);
  const r = resolveSet(set, model.mesh!.mesh, model.design?.design);
  const pageOf = (ids: Int32Array) => ({ total: ids.length, offset, ids: Array.from(ids.subarray(offset, offset + limit), (i) => i + 1) });
  return { name, nodes: pageOf(r.nodes), elements: pageOf(r.elements) };
}

/**
 * The external force at each node: the applied load plus the reaction, i.e. K u where no tie or coupling acts
 * (static steps: 3 components; heat steps: the heat flow). Mode shapes, frames and flows carry none.
 */
export function nodeForces(result: StepResult, ids: readonly number[]): number[][] | number[] {
  const solution = result.solution;
  if (result.modal || result.explicit || isFluidSolution(solution)) {
    const what = result.modal ? "mode shapes" : result.explicit ? "explicit frames" : "flow steps";
    throw new ModelError(`params.forces: ${what} carry no nodal loads; forces are read from static and heat steps`);
  }
  if (isHeatSolution(solution)) return ids.map((id) => result.applied[id - 1] + solution.reaction[id - 1]);
  return ids.map((id) => [0, 1, 2].map((c) => result.applied[3 * (id - 1) + c] + solution.reaction[3 * (id - 1) + c]));
}
