// model.check's warnings about a model that has drifted from its design (a design edited and opened again
// with `model: keep`): sets whose members the design no longer has, loads and boundary conditions on
// such sets, and a mesh whose bodies are gone or no longer have the design's shape (volume, faces).
import type { Design } from "../../geometry/types.js";
import { NODES_PER_ELEMENT, type Mesh } from "../../mesh/types.js";
import type { CheckItem } from "../check.js";
import { designStaleness } from "../staleness.js";
import type { Model } from "../types.js";

/** Relative volume difference above which a mesh body no longer has its design body's shape. */
const VOLUME_TOLERANCE = 1e-6;

/** Volume of each mesh body from its elements' corner tets (exact for the straight-sided meshes made here). */
export function meshBodyVolumes(mesh: Mesh): number[] {
  const per = NODES_PER_ELEMENT[mesh.type];
  const x = mesh.nodes;
  const volumes = new Array<number>(mesh.bodies.length).fill(0);
  const count = mesh.elementBody.length;
  for (let e = 0; e < count; e++) {
    const [a, b, c, d] = [0, 1, 2, 3].map((k) => 3 * mesh.elements[e * per + k]);
    const ux = x[b] - x[a], uy = x[b + 1] - x[a + 1], uz = x[b + 2] - x[a + 2];
    const vx = x[c] - x[a], vy = x[c + 1] - x[a + 1], vz = x[c + 2] - x[a + 2];
    const wx = x[d] - x[a], wy = x[d + 1] - x[a + 1], wz = x[d + 2] - x[a + 2];
    volumes[mesh.elementBody[e]] += Math.abs(ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx)) / 6;
  }
  return volumes;
}

const round = (v: number) => Number(v.toPrecision(9));

function meshWarnings(mesh: Mesh, design: Design): CheckItem[] {
  const warnings: CheckItem[] = [];
  const volumes = meshBodyVolumes(mesh);
  mesh.bodies.forEach((name, i) => {
    const body = design.bodies.find((b) => b.name === name);
    const item = `mesh body ${name}`;
    const remesh = "mesh.tet.generate";
    if (!body) {
      warnings.push({ item, message: "the design has no body of this name any more: the mesh does not match the current design", command: remesh });
      return;
    }
    const rel = Math.abs(volumes[i] - body.volume) / Math.max(body.volume, Number.MIN_VALUE);
    if (rel > VOLUME_TOLERANCE) {
      warnings.push({ item, message: `its volume ${round(volumes[i])} differs from the design body's ${round(body.volume)}: the mesh does not match the current design`, command: remesh });
      return;
    }
    const tagged = new Set(mesh.faceTags.filter((t) => t.body === name).map((t) => t.face));
    const gone = [...tagged].filter((f) => !body.faces.some((df) => df.name === f || f.startsWith(df.name + "#") || df.name.startsWith(f + "#")));
    if (gone.length > 0) {
      warnings.push({ item, message: `it has faces the design no longer has (${gone.slice(0, 5).join(", ")}${gone.length > 5 ? ", …" : ""}): the mesh does not match the current design`, command: remesh });
    }
  });
  return warnings;
}

export function designMatchWarnings(model: Model): CheckItem[] {
  const design = model.design?.design;
  if (!design) return [];
  const d = model.definitions;
  const { stale } = designStaleness(model, design);
  const staleSets = new Set(stale.sets);
  const warnings: CheckItem[] = [...staleSets].map((name) => ({
    item: `set ${name}`,
    message: "names bodies, faces or edges the current design does not have: it no longer resolves",
    command: "model.set.create",
  }));
  for (const load of d.loads) {
    if (staleSets.has(load.target.set)) warnings.push({ item: `load ${load.name}`, message: `acts on set \`${load.target.set}\`, which no longer resolves on the current design` });
  }
  for (const bc of d.boundary_conditions) {
    if ("target" in bc && staleSets.has(bc.target.set)) warnings.push({ item: `boundary condition ${bc.name}`, message: `holds set \`${bc.target.set}\`, which no longer resolves on the current design` });
  }
  if (model.mesh) warnings.push(...meshWarnings(model.mesh.mesh, design));
  return warnings;
}
