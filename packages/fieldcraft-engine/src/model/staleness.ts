// Whether a design fits the model that refers to it: the mesh bodies and set members it no longer has.
import type { Design } from "../geometry/types.js";
import { faceNameMatches } from "./sets.js";
import type { Model } from "./types.js";

export function designStaleness(model: Model, design: Design): { related: boolean; stale: { mesh_bodies: string[]; sets: string[] } } {
  const bodies = new Map(design.bodies.map((b) => [b.name, b]));
  const meshBodies = model.mesh?.mesh.bodies ?? [];
  const referred = new Set<string>([...meshBodies, ...model.definitions.sets.flatMap((s) => s.geometry.map((m) => m.body))]);
  const related = referred.size === 0 || [...referred].some((b) => bodies.has(b));
  const staleSets = model.definitions.sets
    .filter((s) =>
      s.geometry.some((m) => {
        const body = bodies.get(m.body);
        if (!body) return true;
        if ("face" in m) return !body.faces.some((f) => faceNameMatches(f.name, m.face));
        if ("edge" in m) return !body.edges.some((e) => e.name === m.edge);
        return false;
      }),
    )
    .map((s) => s.name);
  return { related, stale: { mesh_bodies: meshBodies.filter((b) => !bodies.has(b)), sets: staleSets } };
}
