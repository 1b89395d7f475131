// From the model's definitions to what the solver and the deck writers take: element materials from
// sections, prescribed DOFs from boundary conditions, nodal forces from loads (the solver's load functions).
import { pressureLoad, spreadForce } from "../fem/loads.js";
import { planarEdgeLength, planarEdgeLoad } from "../fem/planar-loads.js";
import { meshFamily } from "../mesh/types.js";
import type { PlanarProblem } from "../fem/solve-planar.js";
import type { StaticProblem } from "../fem/types.js";
import { nodeCount } from "../mesh/types.js";
import { sectionCoverage } from "./check.js";
import { lookup } from "./definitions.js";
import { ModelError } from "./errors.js";
import { resolveSet, type ResolvedSet } from "./sets.js";
import type { BoundaryConditionDefinition, Model, StepDefinition } from "./types.js";
import type { NodeConstraints } from "../fem/node-constraints.js";
import { planeDistance, principalAxis } from "../geometry/datum.js";
import type { MeshTie } from "../mesh/types.js";
import { planeOf } from "./partitions.js";
import { setItems, stepPoints } from "./reference-points.js";

export function resolvedTarget(model: Model, setName: string, item: string): ResolvedSet {
  const set = model.definitions.sets.find((s) => s.name === setName);
  if (!set) throw new ModelError(`${item}: its set \`${setName}\` does not exist: run model.set.create`);
  return resolveSet(set, model.mesh!.mesh, model.design?.design);
}

/** The held components (0..2) of a boundary condition and their values. */
export function heldComponents(bc: BoundaryConditionDefinition): { component: number; value: number }[] {
  if (bc.type === "fixed") return [0, 1, 2].map((component) => ({ component, value: 0 }));
  if (bc.type === "temperature" || bc.type === "symmetry" || bc.type === "velocity" || bc.type === "wall" || bc.type === "outlet") return [];
  return (["u1", "u2", "u3"] as const).flatMap((k, component) => (bc.components[k] === undefined ? [] : [{ component, value: bc.components[k]! }]));
}

/** Whether a step's boundary conditions move something: a non-zero displacement or velocity. */
export function prescribesMotion(model: Model, step: StepDefinition): boolean {
  return step.boundary_conditions.some((n) => {
    const bc = model.definitions.boundary_conditions.find((b) => b.name === n);
    if (bc?.type === "velocity") return bc.vector.some((v) => v !== 0);
    return bc !== undefined && heldComponents(bc).some((h) => h.value !== 0);
  });
}

/** Element → material index, refusing elements that no section covers. */
export function elementMaterials(model: Model): { elementMaterial: Int32Array; materials: { young: number; poisson: number }[] } {
  const { sectionOf, problems } = sectionCoverage(model);
  if (problems.length > 0) throw new ModelError(`${problems[0].item}: ${problems[0].message}`);
  const mesh = model.mesh!.mesh;
  const materials = model.definitions.materials.map((m) => ({ young: m.elastic?.young ?? Number.NaN, poisson: m.elastic?.poisson ?? Number.NaN }));
  const elementMaterial = new Int32Array(sectionOf.length);
  let bare = 0;
  let firstBare = -1;
  for (let e = 0; e < sectionOf.length; e++) {
    const s = sectionOf[e];
    if (s < 0) {
      bare++;
      if (firstBare < 0) firstBare = e;
      elementMaterial[e] = -1;
      continue;
    }
    const section = model.definitions.sections[s];
    elementMaterial[e] = model.definitions.materials.findIndex((m) => m.name === section.material);
    if (elementMaterial[e] < 0) throw new ModelError(`section ${section.name}: material \`${section.material}\` does not exist: run model.material.create`);
  }
  if (bare > 0) {
    const body = mesh.bodies[mesh.elementBody[firstBare]];
    throw new ModelError(
      `${bare} of ${sectionOf.length} elements have no section (element ${firstBare + 1}, body \`${body}\`, is one): run model.section.create for a set that covers them`,
    );
  }
  return { elementMaterial, materials };
}

/**
 * Prescribed DOFs of a step; two conditions holding one DOF at different values are refused by name. A symmetry
 * condition on a principal plane holds that component; on an oblique plane its nodes go to `constraints` (static
 * steps), and other callers refuse it. Tied meshes likewise need `constraints`.
 */
export function stepPrescribed(model: Model, step: StepDefinition, constraints?: NodeConstraints): Map<number, number> {
  const prescribed = new Map<number, number>();
  const owner = new Map<number, string>();
  const ties = model.mesh?.mesh.ties ?? [];
  if (ties.length > 0 && !constraints)
    throw new ModelError(`step ${step.name}: the mesh has tied interfaces, which ${step.procedure.type} steps do not solve yet; mesh the cells so their faces match (mesh.cells merges them), or use a static step`);
  if (constraints) constraints.ties.push(...ties.flatMap((t) => tieRows(t)));
  for (const name of setItems(model, step).boundary_conditions) {
    const bc = lookup(model, "boundary_conditions", name, `step ${step.name}`);
    if (bc.type === "symmetry") {
      const { nodes, normal, axis } = symmetryNodes(model, bc);
      if (axis < 0) {
        if (!constraints)
          throw new ModelError(`step ${step.name}: symmetry condition ${bc.name} lies on an oblique plane, which ${step.procedure.type} steps do not solve yet; use a principal plane or a static step`);
        for (const node of nodes) constraints.normals.push({ node, normal });
        continue;
      }
      for (const n of nodes) {
        const dof = 3 * n + axis;
        const before = prescribed.get(dof);
        if (before !== undefined && before !== 0)
          throw new ModelError(`step ${step.name}: boundary conditions \`${owner.get(dof)}\` and \`${bc.name}\` hold u${axis + 1} of node ${n + 1} at different values (${before} and 0)`);
        prescribed.set(dof, 0);
        owner.set(dof, bc.name);
      }
      continue;
    }
    if (bc.type === "wall" || bc.type === "outlet")
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} is a fluid ${bc.type} condition, which a ${step.procedure.type} step cannot use: list it in a fluid step`);
    if (bc.type === "temperature")
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} prescribes a temperature, which a ${step.procedure.type} step cannot use: list it in a heat step`);
    if (bc.type === "velocity" && step.procedure.type !== "explicit")
      throw new ModelError(`step ${step.name}: boundary condition ${bc.name} prescribes a velocity, which a ${step.procedure.type} step cannot use: list it in an explicit or a fluid step`);
    const target = resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`);
    if (target.nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: its set \`${bc.target.set}\` holds no nodes of the mesh`);
    for (const { component, value } of heldComponents(bc)) {
      for (const n of target.nodes) {
        const dof = 3 * n + component;
        const before = prescribed.get(dof);
        if (before !== undefined && before !== value) {
          throw new ModelError(
            `step ${step.name}: boundary conditions \`${owner.get(dof)}\` and \`${bc.name}\` hold u${component + 1} of node ${n + 1} at different values (${before} and ${value})`,
          );
        }
        prescribed.set(dof, value);
        owner.set(dof, bc.name);
      }
    }
  }
  return prescribed;
}

/** Nodal forces (3 per node) of a step's loads. */
export function stepForces(model: Model, step: StepDefinition): Float64Array {
  const mesh = model.mesh!.mesh;
  const forces = new Float64Array(3 * nodeCount(mesh));
  for (const name of setItems(model, step).loads) {
    const load = lookup(model, "loads", name, `step ${step.name}`);
    const target = resolvedTarget(model, load.target.set, `load ${load.name}`);
    if (meshFamily(mesh).planar) {
      planarLoad(model, load, target, forces);
      continue;
    }
    if (load.type === "force") {
      const spread = spreadForce(mesh, { facets: target.facets, nodes: target.nodes }, load.vector, forces);
      if (!spread.ok) throw new ModelError(`load ${load.name} (set \`${load.target.set}\`): ${spread.error}`);
    } else if (load.type !== "pressure") {
      throw new ModelError(`step ${step.name}: load ${load.name} is a ${load.type} load, which a ${step.procedure.type} step cannot use: list it in ${load.type === "gravity" ? "an explicit" : "a heat"} step`);
    } else {
      if (target.facets.element.length === 0) throw new ModelError(`load ${load.name}: its set \`${load.target.set}\` has no faces for the pressure to act on`);
      pressureLoad(mesh, target.facets, load.magnitude, forces);
    }
  }
  return forces;
}

/** Loads on a planar mesh: a pressure on its edges, a force spread along them as a uniform traction (or over nodes). */
function planarLoad(model: Model, load: Model["definitions"]["loads"][number], target: ResolvedSet, forces: Float64Array<ArrayBuffer>): void {
  const mesh = model.mesh!.mesh;
  const thickness = planarThickness(model);
  if (load.type === "force") {
    if (load.vector[2] !== 0) throw new ModelError(`load ${load.name}: a planar model is loaded in its plane; give vector[2] = 0`);
    if (target.facets.element.length > 0) {
      const measure = planarEdgeLength(mesh, target.facets, thickness);
      planarEdgeLoad(mesh, target.facets, { traction: [load.vector[0] / measure, load.vector[1] / measure] }, thickness, forces);
      return;
    }
    const spread = spreadForce(mesh, { nodes: target.nodes }, load.vector, forces);
    if (!spread.ok) throw new ModelError(`load ${load.name} (set \`${load.target.set}\`): ${spread.error}`);
    return;
  }
  if (load.type === "gravity") throw new ModelError(`load ${load.name}: gravity acts in explicit steps on 3D solid meshes; planar models take force or pressure loads`);
  if (load.type !== "pressure") throw new ModelError(`load ${load.name}: a ${load.type} load acts in heat steps; list it in a heat step, or use force or pressure here`);
  if (target.facets.element.length === 0) throw new ModelError(`load ${load.name}: its set \`${load.target.set}\` has no edges for the pressure to act on`);
  planarEdgeLoad(mesh, target.facets, { pressure: load.magnitude }, thickness, forces);
}

/** The thickness edge loads are multiplied by: the planar sections' (one value; axisymmetry and none: 1). */
export function planarThickness(model: Model): number {
  const ts = new Set(model.definitions.sections.map((s) => ("thickness" in s.kind && s.kind.thickness !== undefined ? s.kind.thickness : 1)));
  if (ts.size > 1) throw new ModelError(`planar sections with different thicknesses (${[...ts].join(", ")}) are not supported yet; use one thickness`);
  return ts.values().next().value ?? 1;
}

/** A planar mesh's problem: each section's kind must match the mesh's family; materials per section carry its thickness. */
export function planarProblem(model: Model, step: StepDefinition): PlanarProblem {
  const base = staticProblem(model, step);
  return { ...base, ...planarSections(model) };
}

/**
 * A planar mesh's sections as the solver's materials (element -> section index): each section's material
 * constants, its thickness (1 when not given), and the index of its material in the model (densities, conductivities).
 */
export function planarSections(model: Model): { elementMaterial: Int32Array; materials: { young: number; poisson: number }[]; thickness: number[]; material: number[] } {
  elementMaterials(model); // refuses elements without a section, naming them
  const mesh = model.mesh!.mesh;
  const kind = meshFamily(mesh).planar!;
  const { sectionOf } = sectionCoverage(model);
  const sections = model.definitions.sections;
  for (const s of sections)
    if (s.kind.type !== kind)
      throw new ModelError(`section ${s.name}: kind ${s.kind.type} does not fit the ${mesh.type} mesh (${kind}); recreate it with kind {type: "${kind}"${kind === "plane_stress" ? ", thickness" : ""}}`);
  const materials = sections.map((s) => {
    const m = model.definitions.materials.find((x) => x.name === s.material)!;
    return { young: m.elastic?.young ?? Number.NaN, poisson: m.elastic?.poisson ?? Number.NaN };
  });
  const thickness = sections.map((s) => ("thickness" in s.kind && s.kind.thickness !== undefined ? s.kind.thickness : 1));
  const material = sections.map((s) => model.definitions.materials.findIndex((x) => x.name === s.material));
  return { elementMaterial: Int32Array.from(sectionOf), materials, thickness, material };
}

export function staticProblem(model: Model, step: StepDefinition): StaticProblem {
  const { elementMaterial, materials } = elementMaterials(model);
  for (const m of new Set(elementMaterial))
    if (!model.definitions.materials[m].elastic)
      throw new ModelError(`material ${model.definitions.materials[m].name} has no elastic properties, which a ${step.procedure.type} step needs: give it elastic {type: isotropic, young, poisson}`);
  const constraints: NodeConstraints = { normals: [], ties: [] };
  const prescribed = stepPrescribed(model, step, constraints);
  const points = stepPoints(model, step);
  return {
    mesh: model.mesh!.mesh,
    elementMaterial,
    materials,
    prescribed,
    forces: stepForces(model, step),
    ...(constraints.normals.length || constraints.ties.length ? { constraints } : {}),
    ...(points ? { points } : {}),
  };
}

/** The mesh nodes on a symmetry condition's plane (within 1e-9 of the model's size), its unit normal and principal axis (-1: oblique). */
export function symmetryNodes(model: Model, bc: { name: string; datum: string }): { nodes: number[]; normal: [number, number, number]; axis: number } {
  const plane = planeOf(model, bc.datum, `boundary condition ${bc.name}`);
  const mesh = model.mesh!.mesh;
  const x = mesh.nodes;
  let size = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = a; i < x.length; i += 3) {
      lo = Math.min(lo, x[i]);
      hi = Math.max(hi, x[i]);
    }
    size = Math.max(size, hi - lo);
  }
  const tol = 1e-9 * Math.max(size, 1e-300);
  const nodes: number[] = [];
  for (let i = 0; i < x.length / 3; i++) if (Math.abs(planeDistance(plane, [x[3 * i], x[3 * i + 1], x[3 * i + 2]])) <= tol) nodes.push(i);
  if (nodes.length === 0) throw new ModelError(`boundary condition ${bc.name}: no mesh node lies on the plane of datum \`${bc.datum}\`; mesh the half whose cut face lies on it`);
  return { nodes, normal: plane.normal, axis: principalAxis(plane) };
}

/** A mesh tie as constraint rows: each slave node interpolated from its master face's nodes. */
function tieRows(t: MeshTie): NodeConstraints["ties"] {
  return t.slaves.map((slave, k) => ({ slave, masters: t.masters[k], weights: t.weights[k] }));
}
