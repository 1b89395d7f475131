// Designs and set-ups shared by the partition tests: symmetric parts written to temporary `.solidcraft` files.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Session } from "../../src/index.js";
import type { StaticSolution } from "../../src/fem/types.js";
import { ok } from "../session-helpers.js";

export function writeDesign(bodies: unknown[], name = "part.solidcraft"): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-partition-"));
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies }));
  return path;
}

/** A stepped bar symmetric about y = 0: a wide root box and a narrower tip box. */
export const steppedBar = () => [
  {
    name: "Beam",
    features: [
      { id: "F1", type: "box", min: [0, -10, 0], max: [60, 10, 10] },
      { id: "F2", type: "box", min: [60, -5, 0], max: [100, 5, 10] },
    ],
  },
];

/** A rectangular bar 100 x 20 x 10 lying along the direction at `degrees` in the xy plane, its axis through the origin. */
export function obliqueBar(degrees: number) {
  const t = (degrees * Math.PI) / 180;
  const c = Math.cos(t), s = Math.sin(t);
  const at = (u: number, v: number) => [u * c - v * s, u * s + v * c];
  return [{ name: "Bar", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [at(0, -10), at(100, -10), at(100, 10), at(0, 10)], from: 0, to: 10 }] }];
}

export async function steelStatic(s: Session, opts: { fixed: unknown[]; load: unknown[]; force: number[]; symmetry?: string; tolerance?: number }) {
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
  await ok(s, "model.set.create", { name: "all", geometry: s.model().mesh!.mesh.bodies.map((body) => ({ body })) });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "steel", kind: { type: "solid" } });
  await ok(s, "model.set.create", { name: "root", geometry: opts.fixed });
  await ok(s, "model.set.create", { name: "tip", geometry: opts.load });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  const bcs = ["clamp"];
  if (opts.symmetry) {
    await ok(s, "model.boundary_condition.symmetry", { name: "sym", datum: opts.symmetry });
    bcs.push("sym");
  }
  await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: opts.force });
  await ok(s, "model.step.create", { name: "load", procedure: { type: "static" }, boundary_conditions: bcs, loads: ["push"] });
  await ok(s, "solve.static", { tolerance: opts.tolerance ?? 1e-13, max_iterations: 5000 });
  const solution = s.model().results.load.solution as StaticSolution;
  const reactions = await ok(s, "results.reactions", { sets: ["root"] });
  return { solution, mesh: s.model().mesh!.mesh, root: reactions.sets.find((r: { set: string }) => r.set === "root").force as number[] };
}

/** Node index by coordinates (rounded), for comparing meshes that share node positions. */
export function nodeIndex(nodes: Float64Array, digits = 6): Map<string, number> {
  const map = new Map<string, number>();
  for (let i = 0; i < nodes.length / 3; i++) map.set(key(nodes, i, digits), i);
  return map;
}

export const key = (nodes: Float64Array, i: number, digits = 6) =>
  [nodes[3 * i], nodes[3 * i + 1], nodes[3 * i + 2]].map((v) => (Math.abs(v) < 1e-9 ? 0 : v).toFixed(digits)).join(",");

export function largest(u: Float64Array): number {
  let m = 0;
  for (let i = 0; i < u.length / 3; i++) m = Math.max(m, Math.hypot(u[3 * i], u[3 * i + 1], u[3 * i + 2]));
  return m;
}
