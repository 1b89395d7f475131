// Symmetry conditions of explicit steps: on a principal plane the normal component is held at zero (a prescribed
// displacement); on an oblique plane the nodes slide along it (the solver removes their normal acceleration).
// A node some other condition already holds keeps that condition where it agrees (held at zero), and is refused
// by name where it does not.
import { timeFunction } from "../../fem/explicit/amplitude.js";
import type { ExplicitPrescribed } from "../../fem/explicit/types.js";
import { ModelError } from "../errors.js";
import { symmetryNodes } from "../problem.js";
import type { Model, StepDefinition } from "../types.js";

export function explicitSymmetry(
  model: Model,
  step: StepDefinition,
  conditions: readonly { name: string; datum: string }[],
  owner: Map<number, string>,
  values: Map<number, number>,
): { principal: ExplicitPrescribed; normals?: { nodes: Int32Array; normals: Float64Array } } {
  const dofs: number[] = [];
  const nodes: number[] = [];
  const normals: number[] = [];
  const oblique = new Map<number, string>();
  for (const bc of conditions) {
    const { nodes: on, normal, axis } = symmetryNodes(model, bc);
    for (const n of on) {
      if (axis >= 0) {
        const dof = 3 * n + axis;
        const before = owner.get(dof);
        if (before !== undefined) {
          if (values.get(dof) !== 0)
            throw new ModelError(`step ${step.name}: boundary conditions \`${before}\` and \`${bc.name}\` hold u${axis + 1} of node ${n + 1} at different values (${values.get(dof)} and 0)`);
          continue;
        }
        owner.set(dof, bc.name);
        values.set(dof, 0);
        dofs.push(dof);
        continue;
      }
      const held = [0, 1, 2].filter((c) => owner.has(3 * n + c));
      if (held.length === 3) continue; // held in full: on the plane already
      const other = held.length > 0 ? owner.get(3 * n + held[0]) : oblique.get(n);
      if (other !== undefined)
        throw new ModelError(`step ${step.name}: node ${n + 1} lies on the oblique symmetry plane of \`${bc.name}\` and is also held by \`${other}\`: explicit steps slide a node along one oblique plane only, with all or none of its components otherwise held`);
      oblique.set(n, bc.name);
      nodes.push(n);
      normals.push(...normal);
    }
  }
  return {
    principal: { kind: "displacement", dofs: Int32Array.from(dofs), values: new Float64Array(dofs.length), amplitude: timeFunction(undefined) },
    ...(nodes.length > 0 ? { normals: { nodes: Int32Array.from(nodes), normals: Float64Array.from(normals) } } : {}),
  };
}
