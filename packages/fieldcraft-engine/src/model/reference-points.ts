// Reference points in a step: which of the step's loads and boundary conditions act on a point, and the points,
// couplings, loads and holds as the static solver takes them (src/fem/couplings.ts). Other analyses refuse them.
import type { PointSystem } from "../fem/couplings.js";
import { meshFamily } from "../mesh/types.js";
import { lookup } from "./definitions.js";
import { ModelError, nameList } from "./errors.js";
import { POINT_COMPONENTS } from "./reference-point-schemas.js";
import { resolvedTarget } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";

export const isPointLoad = (model: Model, name: string) => (model.definitions.point_loads ?? []).some((l) => l.name === name);
export const isPointCondition = (model: Model, name: string) => (model.definitions.point_conditions ?? []).some((c) => c.name === name);

/** The step's loads and boundary conditions on mesh sets (those on reference points left out). */
export function setItems(model: Model, step: StepDefinition): { loads: string[]; boundary_conditions: string[] } {
  return { loads: step.loads.filter((n) => !isPointLoad(model, n)), boundary_conditions: step.boundary_conditions.filter((n) => !isPointCondition(model, n)) };
}

/** Refuses a step that is not static when the model couples points or the step loads or holds one. */
export function refusePointsOutsideStatic(model: Model, step: StepDefinition): void {
  if (step.procedure.type === "static") return;
  const couplings = (model.definitions.couplings ?? []).map((c) => c.name);
  const items = [...step.loads.filter((n) => isPointLoad(model, n)), ...step.boundary_conditions.filter((n) => isPointCondition(model, n))];
  if (couplings.length === 0 && items.length === 0) return;
  const what = couplings.length ? `coupling${couplings.length > 1 ? "s" : ""} ${nameList(couplings)}` : `reference point load or condition ${nameList(items)}`;
  throw new ModelError(`step ${step.name}: couplings are supported in static steps only: the model's ${what} would be ignored by a ${step.procedure.type} step; solve a static step, or remove the coupling`);
}

/** The points of a static step as the solver takes them (undefined when the model has none). */
export function stepPoints(model: Model, step: StepDefinition): PointSystem | undefined {
  const d = model.definitions;
  const points = d.reference_points ?? [];
  const couplings = d.couplings ?? [];
  const stepLoads = step.loads.filter((n) => isPointLoad(model, n)).map((n) => lookup(model, "point_loads", n, `step ${step.name}`));
  const stepHolds = step.boundary_conditions.filter((n) => isPointCondition(model, n)).map((n) => lookup(model, "point_conditions", n, `step ${step.name}`));
  if (couplings.length === 0 && stepLoads.length === 0 && stepHolds.length === 0) return undefined;
  const mesh = model.mesh!.mesh;
  if (meshFamily(mesh).planar) throw new ModelError(`couplings act on 3D solid meshes; the ${mesh.type} mesh is planar: load its edges with model.load.create instead`);
  const index = (name: string, item: string) => {
    const i = points.findIndex((p) => p.name === name);
    if (i < 0) throw new ModelError(`${item}: reference point \`${name}\` does not exist: run model.reference_point.create`);
    return i;
  };
  const coupled = new Set<number>();
  const solverCouplings = couplings.map((c) => {
    const p = index(c.reference_point, `coupling ${c.name}`);
    if (coupled.has(p)) throw new ModelError(`coupling ${c.name}: reference point \`${c.reference_point}\` is already coupled; give each point one coupling`);
    coupled.add(p);
    const target = resolvedTarget(model, c.set, `coupling ${c.name}`);
    if (target.facets.element.length === 0) throw new ModelError(`coupling ${c.name}: set \`${c.set}\` has no faces; couple the point to a set of faces ({body, face} members)`);
    return { point: p, kind: c.type, facets: target.facets, name: c.name, ...(c.dofs ? { components: c.dofs.map((k) => k - 1) } : {}) };
  });
  const loads = new Float64Array(6 * points.length);
  for (const l of stepLoads) {
    const p = index(l.reference_point, `load ${l.name}`);
    if (!coupled.has(p)) throw new ModelError(`load ${l.name}: reference point \`${l.reference_point}\` has no coupling, so nothing carries its load: run model.coupling.create`);
    for (let k = 0; k < 3; k++) {
      loads[6 * p + k] += l.force?.[k] ?? 0;
      loads[6 * p + 3 + k] += l.moment?.[k] ?? 0;
    }
  }
  const held = new Map<number, number>();
  const owner = new Map<number, string>();
  for (const h of stepHolds) {
    const p = index(h.reference_point, `boundary condition ${h.name}`);
    if (!coupled.has(p)) throw new ModelError(`boundary condition ${h.name}: reference point \`${h.reference_point}\` has no coupling, so holding it holds nothing: run model.coupling.create`);
    POINT_COMPONENTS.forEach((k, c) => {
      const value = h.components[k];
      if (value === undefined) return;
      const before = held.get(6 * p + c);
      if (before !== undefined && before !== value)
        throw new ModelError(`step ${step.name}: boundary conditions \`${owner.get(6 * p + c)}\` and \`${h.name}\` hold ${k} of reference point ${h.reference_point} at different values (${before} and ${value})`);
      held.set(6 * p + c, value);
      owner.set(6 * p + c, h.name);
    });
  }
  // A point with no coupling takes no part, but keeps its place so indices stay those of the definitions.
  return {
    coordinates: Float64Array.from(points.flatMap((p) => p.point)),
    names: points.map((p) => p.name),
    couplings: solverCouplings,
    loads,
    held: new Map([...held, ...uncoupledHolds(points.length, coupled)]),
  };
}

/** The six DOFs of every point without a coupling, held at zero (nothing else reaches them). */
function uncoupledHolds(count: number, coupled: Set<number>): [number, number][] {
  const out: [number, number][] = [];
  for (let p = 0; p < count; p++) if (!coupled.has(p)) for (let k = 0; k < 6; k++) out.push([6 * p + k, 0]);
  return out;
}

/** The resultant (about `about`) of the reaction forces and moments at held reference points of a static result. */
export function pointReactions(model: Model, points: Float64Array | undefined, about: readonly number[]): { force: number[]; moment: number[] } {
  const force = [0, 0, 0], moment = [0, 0, 0];
  (model.definitions.reference_points ?? []).forEach((p, k) => {
    if (!points || points.length < 12 * (k + 1)) return;
    const F = points.subarray(12 * k + 6, 12 * k + 9), M = points.subarray(12 * k + 9, 12 * k + 12);
    const r = [0, 1, 2].map((a) => p.point[a] - about[a]);
    for (let a = 0; a < 3; a++) force[a] += F[a];
    moment[0] += M[0] + r[1] * F[2] - r[2] * F[1];
    moment[1] += M[1] + r[2] * F[0] - r[0] * F[2];
    moment[2] += M[2] + r[0] * F[1] - r[1] * F[0];
  });
  return { force, moment };
}
