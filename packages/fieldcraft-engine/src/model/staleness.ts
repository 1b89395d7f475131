// Whether a design fits the model that refers to it: the mesh bodies and set members it no longer has.
import type { Design } from "../geometry/types.js";
import { bodyNameMatches, faceNameMatches } from "./sets.js";
import type { Model } from "./types.js";

export function designStaleness(model: Model, design: Design): { related: boolean; stale: { mesh_bodies: string[]; sets: string[] } } {
  const bodies = new Map(design.bodies.map((b) => [b.name, b]));
  const meshBodies = model.mesh?.mesh.bodies ?? [];
  const referred = new Set<string>([...meshBodies, ...model.definitions.sets.flatMap((s) => s.geometry.map((m) => m.body))]);
  // A body name also stands for its partition cells (`Part` for `Part/a`, `Part/b`).
  const cellsOf = (name: string) => design.bodies.filter((b) => bodyNameMatches(b.name, name));
  const related = referred.size === 0 || [...referred].some((b) => cellsOf(b).length > 0);
  const staleSets = model.definitions.sets
    .filter((s) =>
      s.geometry.some((m) => {
        const cells = cellsOf(m.body);
        if (cells.length === 0) return true;
        if ("face" in m) return !cells.some((c) => c.faces.some((f) => faceNameMatches(f.name, m.face)));
        if ("edge" in m) return !cells.some((c) => c.edges.some((e) => e.name === m.edge));
        return false;
      }),
    )
    .map((s) => s.name);
  return { related, stale: { mesh_bodies: meshBodies.filter((b) => !bodies.has(b)), sets: staleSets } };
}
