// model.check's warnings about a model that has drifted from its design (a design edited and opened again
// with `model: keep`): sets whose members the design no longer has, loads and boundary conditions on
// such sets, and a mesh whose bodies are gone or no longer have the design's shape (volume or, planar, the
// meshed face's area; faces or edges).
import type { Body, Design } from "../../geometry/types.js";
import { meshBodyMeasures } from "../../mesh/measure.js";
import { meshFamily, type Mesh } from "../../mesh/types.js";
import type { CheckItem } from "../check.js";
import { designStaleness } from "../staleness.js";
import type { MeshParameters, Model } from "../types.js";

/** Relative measure difference above which a mesh body no longer has its design body's shape. */
const MEASURE_TOLERANCE = 1e-6;

const round = (v: number) => Number(v.toPrecision(9));

/** The command that made the mesh: what remeshes it. */
function remeshCommand(mesh: Mesh, parameters: MeshParameters): string {
  if (meshFamily(mesh).planar) return "mesh.planar";
  return parameters.method ? `mesh.${parameters.method}` : "mesh.tet.generate";
}

/** A planar mesh's face of the design: the one face every edge its boundary keeps lies on (undefined when none is). */
function planarFace(mesh: Mesh, body: Body): Body["faces"][number] | undefined {
  const edges = mesh.faceTags.filter((t) => t.body === body.name).map((t) => body.edges.find((e) => e.name === t.face));
  if (edges.length === 0 || edges.some((e) => e === undefined)) return undefined;
  return body.faces.find((f) => edges.every((e) => e!.faces.includes(f.name)));
}

function meshWarnings(mesh: Mesh, parameters: MeshParameters, design: Design): CheckItem[] {
  const warnings: CheckItem[] = [];
  const measures = meshBodyMeasures(mesh);
  const planar = measures.dimension === 2;
  const remesh = remeshCommand(mesh, parameters);
  mesh.bodies.forEach((name, i) => {
    const body = design.bodies.find((b) => b.name === name);
    const item = `mesh body ${name}`;
    if (!body) {
      warnings.push({ item, message: "the design has no body of this name any more: the mesh does not match the current design", command: remesh });
      return;
    }
    if (planar) {
      // A planar mesh is a section of its body: its area is the meshed face's (the thickness or revolution is the section's, not the design's).
      const tagged = [...new Set(mesh.faceTags.filter((t) => t.body === name).map((t) => t.face))];
      const gone = tagged.filter((edge) => !body.edges.some((e) => e.name === edge));
      if (gone.length > 0) {
        warnings.push({ item, message: `it has edges the design no longer has (${gone.slice(0, 5).join(", ")}${gone.length > 5 ? ", …" : ""}): the mesh does not match the current design`, command: remesh });
        return;
      }
      const face = planarFace(mesh, body);
      if (face && Math.abs(measures.measure[i] - face.area) > MEASURE_TOLERANCE * face.area) {
        warnings.push({ item, message: `its area ${round(measures.measure[i])} differs from the design face ${face.name}'s ${round(face.area)}: the mesh does not match the current design`, command: remesh });
      }
      return;
    }
    const rel = Math.abs(measures.measure[i] - body.volume) / Math.max(body.volume, Number.MIN_VALUE);
    if (rel > MEASURE_TOLERANCE) {
      warnings.push({ item, message: `its volume ${round(measures.measure[i])} differs from the design body's ${round(body.volume)}: the mesh does not match the current design`, command: remesh });
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
  // A structured block (mesh.block) is made without the design: it has no design body to match.
  if (model.mesh && model.mesh.parameters.method !== "block") warnings.push(...meshWarnings(model.mesh.mesh, model.mesh.parameters, design));
  return warnings;
}
