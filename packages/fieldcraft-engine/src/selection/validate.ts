// Checks picked items against the model, naming each one that does not exist and what to run instead.
import { elementCount, meshFamily, nodeCount } from "../mesh/types.js";
import type { Model } from "../model/types.js";
import type { Selection } from "./state.js";

export function problems(s: Selection, model: Model, where = "params"): string[] {
  const out: string[] = [];
  const design = model.design?.design;
  const mesh = model.mesh?.mesh;
  s.geometry.forEach((m, i) => {
    const body = design?.bodies.find((b) => b.name === m.body);
    const meshHasBody = mesh?.bodies.includes(m.body) ?? false;
    if (!body && !meshHasBody) {
      const names = design?.bodies.map((b) => b.name).join(", ") ?? "";
      out.push(`${where}.geometry[${i}]: no body ${JSON.stringify(m.body)}${names ? ` (bodies: ${names})` : " (open a design first: geometry.open)"}`);
      return;
    }
    if ("face" in m && body && !body.faces.some((f) => f.name === m.face || f.name.startsWith(m.face + "#"))) {
      out.push(`${where}.geometry[${i}]: body ${m.body} has no face ${JSON.stringify(m.face)} (geometry.bodies lists its faces)`);
    }
    if ("edge" in m && body && !body.edges.some((e) => e.name === m.edge)) {
      out.push(`${where}.geometry[${i}]: body ${m.body} has no edge ${JSON.stringify(m.edge)} (geometry.bodies lists its edges)`);
    }
  });
  const ids = s.nodes.length + s.elements.length + s.faces.length;
  if (ids > 0 && !mesh) out.push(`${where}: node, element and face ids need a mesh: run mesh.tet.generate first`);
  if (mesh) {
    const nn = nodeCount(mesh);
    const ne = elementCount(mesh);
    const badNode = s.nodes.find((n) => n > nn);
    if (badNode !== undefined) out.push(`${where}.nodes: node ${badNode} does not exist (the mesh has nodes 1-${nn})`);
    const badElement = s.elements.find((e) => e > ne);
    if (badElement !== undefined) out.push(`${where}.elements: element ${badElement} does not exist (the mesh has elements 1-${ne})`);
    const badFace = s.faces.find((f) => f.element > ne);
    if (badFace !== undefined) out.push(`${where}.faces: element ${badFace.element} does not exist (the mesh has elements 1-${ne})`);
    // Tetrahedra have faces S1..S4, hexahedra S1..S6, planar elements an edge per side.
    const sides = meshFamily(mesh).faces.length;
    const badSide = s.faces.find((f) => f.face > sides);
    if (badSide !== undefined) out.push(`${where}.faces: element ${badSide.element} is a ${mesh.type} with faces 1-${sides}, not ${badSide.face}`);
  }
  return out;
}
