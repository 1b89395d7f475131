// Random box unions and random star-shaped profiles (seeded, so every run is the same): each accepted
// design must have a closed, consistent surface and mesh into a valid tagged mesh.
import { describe, expect, it } from "vitest";
import { parseSolidcraft, type Body } from "../src/geometry/index.js";
import { generateTetMesh } from "../src/mesh/index.js";
import { checkMesh } from "./mesh-checks.js";

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Surface checks independent of how faces were built: closed (sum of area vectors 0), divergence-theorem volume. */
function checkSurface(body: Body): void {
  const sum = [0, 0, 0];
  let volume = 0;
  for (const f of body.faces) {
    const p = f.patches[0].loops[0][0];
    for (let a = 0; a < 3; a++) sum[a] += f.normal[a] * f.area;
    volume += ((f.normal[0] * p[0] + f.normal[1] * p[1] + f.normal[2] * p[2]) * f.area) / 3;
    expect(f.area).toBeGreaterThan(0);
    // Every loop is a simple polygon: no point twice.
    for (const patch of f.patches) for (const loop of patch.loops) expect(new Set(loop.map((q) => q.join())).size).toBe(loop.length);
  }
  const scale = Math.max(...body.faces.map((f) => f.area));
  for (const x of sum) expect(Math.abs(x)).toBeLessThan(1e-9 * scale);
  expect(Math.abs(volume - body.volume)).toBeLessThan(1e-9 * body.volume);
  const names = body.faces.map((f) => f.name);
  expect(new Set(names).size).toBe(names.length);
  const edges = body.edges.map((e) => e.name);
  expect(new Set(edges).size).toBe(edges.length);
  for (const e of body.edges) {
    expect(names).toContain(e.faces[0]);
    expect(names).toContain(e.faces[1]);
  }
}

describe("random box unions", () => {
  it("are either refused with a reason or meshed into valid meshes", () => {
    const rand = prng(20261130);
    let meshed = 0;
    let refused = 0;
    for (let trial = 0; trial < 40; trial++) {
      const count = 2 + Math.floor(rand() * 4);
      const features = Array.from({ length: count }, (_, i) => {
        const min = [0, 1, 2].map(() => Math.floor(rand() * 4));
        const max = min.map((m) => m + 1 + Math.floor(rand() * 4));
        return { id: `F${i + 1}`, type: "box", min, max };
      });
      const r = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "R", features }] }));
      if (!r.ok) {
        expect(r.error).toMatch(/separate solids|touch only along an edge or at a corner/);
        refused++;
        continue;
      }
      checkSurface(r.design.bodies[0]);
      const size = [0.7, 1, 1.6][trial % 3];
      const m = generateTetMesh(r.design, { order: 1, size });
      if (!m.ok) throw new Error(m.error);
      checkMesh(r.design, m.mesh, false);
      meshed++;
    }
    // The generator makes both kinds; a change that refused everything would not pass.
    expect(meshed).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(2);
  });
});

describe("random star-shaped profiles", () => {
  it("mesh into valid meshes in every plane", () => {
    const rand = prng(7);
    for (let trial = 0; trial < 12; trial++) {
      const n = 3 + Math.floor(rand() * 9);
      // Angles strictly increasing and radii positive: a simple polygon around the origin.
      const angles = Array.from({ length: n }, (_, i) => ((i + 0.2 + 0.6 * rand()) / n) * 2 * Math.PI);
      const profile = angles.map((t) => {
        const r = 2 + 8 * rand();
        return [r * Math.cos(t), r * Math.sin(t)];
      });
      const plane = ["xy", "yz", "zx"][trial % 3];
      const body = { name: "S", features: [{ id: "E", type: "extrude", plane, profile, from: rand() * 3, to: -2 - rand() * 5 }] };
      const r = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [body] }));
      if (!r.ok) throw new Error(r.error);
      checkSurface(r.design.bodies[0]);
      const m = generateTetMesh(r.design, { order: trial % 2 === 0 ? 1 : 2, size: 0.8 + rand() });
      if (!m.ok) throw new Error(m.error);
      checkMesh(r.design, m.mesh);
    }
  });
});
