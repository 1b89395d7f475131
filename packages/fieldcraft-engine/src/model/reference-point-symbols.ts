// Couplings as the renderer draws them: the point, its face's nodes and the force on it (ui.render's scene).
import { faceNodeAreas } from "../fem/couplings.js";
import { resolvedTarget } from "./problem.js";
import type { Model, StepDefinition } from "./types.js";

/** Each coupling as the renderer draws it: the point, its face's nodes and the force the step (or any load) puts on it. */
export function couplingSymbols(model: Model, step: StepDefinition | undefined): { kind: "coupling"; name: string; point: [number, number, number]; nodes: number[]; force?: [number, number, number] }[] {
  if (!model.mesh) return [];
  const mesh = model.mesh.mesh;
  const loads = (model.definitions.point_loads ?? []).filter((l) => !step || step.loads.includes(l.name));
  return (model.definitions.couplings ?? []).flatMap((c) => {
    const point = (model.definitions.reference_points ?? []).find((p) => p.name === c.reference_point);
    const set = model.definitions.sets.find((s) => s.name === c.set);
    if (!point || !set) return [];
    const force: [number, number, number] = [0, 0, 0];
    for (const l of loads) if (l.reference_point === point.name && l.force) for (let k = 0; k < 3; k++) force[k] += l.force[k];
    return [{ kind: "coupling" as const, name: c.name, point: point.point, nodes: faceNodeAreas(mesh, resolvedTarget(model, c.set, `coupling ${c.name}`).facets).nodes, force }];
  });
}
