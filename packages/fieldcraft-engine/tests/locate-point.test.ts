// Point location on every element family: meshes from the real meshers with their nodes jittered (curved,
// distorted elements), points made as images of known reference coordinates. Located, the point's shape
// values must be the family's at those coordinates (so a linear field interpolates exactly: the patch test),
// a node's coordinates must give that node's value of any field, and points off the mesh must be outside
// with the nearest node a brute-force search finds.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { family } from "../src/fem/families/index.js";
import { interpolate, pointLocator } from "../src/fem/locate-point.js";
import { createSession } from "../src/index.js";
import type { Mesh } from "../src/mesh/types.js";
import { ok } from "./session-helpers.js";
import { L_BRACKET } from "./workflow-fixtures.js";

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-locate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plate(): string {
  const file = path.join(dir, "plate.solidcraft");
  writeFileSync(file, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [30, 20, 2] }] }] }));
  return file;
}

/** A deterministic pseudo-random sequence (tests must not vary run to run). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

type Case = { name: string; mesh: () => Promise<Mesh>; outside: number[][] };

async function meshed(open: string | null, command: string, params: Record<string, unknown>): Promise<Mesh> {
  const s = createSession();
  if (open) await ok(s, "geometry.open", { path: open });
  await ok(s, command, params);
  return s.model().mesh!.mesh;
}

const block = (element: string) => () => meshed(null, "mesh.block", { name: "B", min: [0, 0, 0], max: [30, 20, 10], counts: [3, 2, 2], element });
const CASES: Case[] = [
  { name: "C3D4", mesh: () => meshed(L_BRACKET, "mesh.tet.generate", { size: 8, order: 1 }), outside: [[40, 30, 10], [30, 5, 21], [-1, 5, 5]] },
  { name: "C3D10", mesh: () => meshed(L_BRACKET, "mesh.tet.generate", { size: 8, order: 2 }), outside: [[40, 30, 10], [30, 5, 21]] },
  ...["C3D8", "C3D8R", "C3D20", "C3D20R"].map((name) => ({ name, mesh: block(name), outside: [[31, 5, 5], [15, 10, -2], [100, 100, 100]] })),
  { name: "C3D6", mesh: () => meshed(L_BRACKET, "mesh.hex_sweep", { size: 8, order: 1, wedges: true }), outside: [[40, 30, 10], [30, 5, 21]] },
  { name: "C3D15", mesh: () => meshed(L_BRACKET, "mesh.hex_sweep", { size: 8, order: 2, wedges: true }), outside: [[40, 30, 10], [30, 5, 21]] },
  ...["CPS3", "CPS6", "CAX6"].map((element) => ({ name: element, mesh: () => meshed(L_BRACKET, "mesh.planar", { body: "Bracket", element, size: 8 }), outside: [[40, 30, 0], [5, 5, 1], [61, 5, 0]] })),
  ...["CPS4", "CPS8", "CPE8", "CAX8"].map((element) => ({ name: element, mesh: () => meshed(plate(), "mesh.planar", { body: "Plate", element, size: 5 }), outside: [[31, 5, 0], [5, 5, 0.5], [-3, -3, 0]] })),
];

/** Moves every node by up to `share` of the smallest element size in each in-plane direction. */
function jitter(mesh: Mesh, share: number, next: () => number): Mesh {
  const fam = family(mesh.type), npe = fam.nodes;
  let h = Infinity;
  for (let e = 0; e < mesh.elements.length / npe; e++) {
    for (const [a, b] of fam.edges) {
      const [m, n] = [mesh.elements[e * npe + a], mesh.elements[e * npe + b]];
      h = Math.min(h, Math.hypot(mesh.nodes[3 * m] - mesh.nodes[3 * n], mesh.nodes[3 * m + 1] - mesh.nodes[3 * n + 1], mesh.nodes[3 * m + 2] - mesh.nodes[3 * n + 2]));
    }
  }
  const nodes = mesh.nodes.slice();
  for (let i = 0; i < nodes.length; i++) if (fam.dimension === 3 || i % 3 !== 2) nodes[i] += (next() - 0.5) * 2 * share * h;
  return { ...mesh, nodes };
}

/** A random point of the reference element, at least `inset` inside it. */
function referencePoint(shape: string, next: () => number, inset: number): number[] {
  const u = () => inset + (1 - 2 * inset) * next();
  const simplex = (d: number) => {
    for (;;) {
      const xi = Array.from({ length: d }, u);
      if (xi.reduce((a, b) => a + b, 0) <= 1 - inset) return xi;
    }
  };
  const cube = (d: number) => Array.from({ length: d }, () => 2 * u() - 1);
  if (shape === "tetrahedron") return simplex(3);
  if (shape === "triangle") return simplex(2);
  if (shape === "wedge") return [...simplex(2), 2 * u() - 1];
  return cube(shape === "hexahedron" ? 3 : 2);
}

describe("point location on every family", () => {
  it.each(CASES)("$name: reference images map back, linear fields interpolate exactly, nodes give their values, outside is outside", async ({ mesh: make, outside }) => {
    const next = random(29);
    const mesh = jitter(await make(), 0.08, next);
    const fam = family(mesh.type), npe = fam.nodes, X = mesh.nodes;
    const count = X.length / 3, elements = mesh.elements.length / npe;
    const locator = pointLocator(mesh);
    const linear = (p: ArrayLike<number>) => 0.3 * p[0] - 1.7 * p[1] + (fam.dimension === 3 ? 2.1 * p[2] : 0) + 5;
    const noise = Float64Array.from({ length: count }, next);

    for (let k = 0; k < 40; k++) {
      const e = Math.floor(next() * elements);
      const xi = referencePoint(fam.shape, next, 0.02);
      const N = fam.shapeFunctions(xi);
      const p = [0, 1, 2].map((c) => N.reduce((s, w, a) => s + w * X[3 * mesh.elements[e * npe + a] + c], 0));
      const at = locator.locate(p);
      expect(at, `point ${p} of element ${e}`).not.toBeNull();
      expect(at!.element).toBe(e);
      at!.shape.forEach((w, a) => expect(Math.abs(w - N[a])).toBeLessThan(1e-9));
      expect(Math.abs(interpolate(at!, (n) => linear(X.subarray(3 * n))) - linear(p))).toBeLessThan(1e-9 * 50);
    }
    for (let n = 0; n < count; n += Math.max(1, Math.floor(count / 60))) {
      const at = locator.locate([X[3 * n], X[3 * n + 1], X[3 * n + 2]]);
      expect(at, `node ${n}`).not.toBeNull();
      expect(Math.abs(interpolate(at!, (m) => noise[m]) - noise[n])).toBeLessThan(1e-9);
    }
    // Nearest nodes of points anywhere, near and far (up to three mesh sizes away): as a full search finds them.
    const lo = [0, 1, 2].map((c) => Math.min(...Array.from({ length: count }, (_, n) => X[3 * n + c])));
    const hi = [0, 1, 2].map((c) => Math.max(...Array.from({ length: count }, (_, n) => X[3 * n + c])));
    for (let k = 0; k < 100; k++) {
      const p = [0, 1, 2].map((c) => lo[c] + (hi[c] - lo[c] + 1) * (7 * next() - 3));
      let best = Infinity;
      for (let n = 0; n < count; n++) best = Math.min(best, Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2]));
      expect(locator.nearestNode(p).distance).toBe(best);
    }
    for (const p of outside) {
      expect(locator.locate(p), `${p} is outside`).toBeNull();
      let best = Infinity;
      for (let n = 0; n < count; n++) best = Math.min(best, Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2]));
      const near = locator.nearestNode(p);
      expect(near.distance).toBe(best);
      expect(Math.hypot(X[3 * near.node] - p[0], X[3 * near.node + 1] - p[1], X[3 * near.node + 2] - p[2])).toBe(best);
    }
  });
});
