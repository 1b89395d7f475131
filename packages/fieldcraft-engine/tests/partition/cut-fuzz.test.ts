// Cut cells meshed by the general tet mesher (issue 30): a sample of the fuzz corpus (tests/support/cut-corpus.ts;
// bench/cut-cells.ts runs 240 cases) - boxes, a slanted extrusion, an L-bracket, a frame round a hole and imported
// STL spheres and tori cut by oblique datums at random angles. Every cell meshes alone and joined by mesh.cells, its
// tets' volume is the cell's to 1e-9 and none is inverted. A partitioned imported part meshes by cells as the part
// whole does, and a cancel during it is seen inside the mesher.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { meshClosedSurface } from "../../src/mesh/general/mesher.js";
import { CancelledError, withCancelScope } from "../../src/fem/cancel-scope.js";
import { cutPolyhedron } from "../../src/geometry/partition/cut-polyhedron.js";
import { checkCells, cutCase, openCut } from "../support/cut-corpus.js";
import { binaryStl, boxSurface, enclosedVolume, sphereSurface, torusSurface } from "../support/surfaces.js";
import { ok } from "../session-helpers.js";

// Seeds that failed before the fix (1: an earcut sliver; 3: inside and outside disagreeing; 4: a cap halved without
// end; 27: a dropped section point; 103: a tet inverted by the sliver removal's stale coordinates), then one of
// each other shape.
const SAMPLE = [1, 3, 4, 27, 103, 2, 5, 6, 11];
// mesh.cells on seed 27 leaves the cut tied, and the tie's projection takes tens of seconds (bench/cut-cells.ts runs it).
const CELLS_IN_BENCH_ONLY = new Set([27]);

describe("oblique cuts through parts: every cell meshes with its exact volume", () => {
  for (const seed of SAMPLE) {
    const c = cutCase(seed);
    it(`seed ${seed}: ${c.shape}`, async () => {
      const s = createSession();
      const opened = await openCut(s, c);
      expect(opened).toEqual({ ok: true });
      const design = s.model().design!.design;
      const cells = design.bodies.map((b) => b.name);
      expect(cells).toEqual(["Part/a", "Part/b"]);
      // The cells' volumes add up to the part's (the cut loses nothing).
      // The STL holds float32 coordinates.
      const whole = c.stl ? enclosedVolume(c.stl.positions.map(Math.fround), c.stl.triangles) : null;
      if (whole !== null) expect(Math.abs(design.bodies[0].volume + design.bodies[1].volume - whole) / whole).toBeLessThan(1e-9);
      for (const cell of cells) {
        await ok(s, "mesh.tet.generate", { body: cell, size: c.size });
        for (const k of checkCells(s)) {
          expect(k.inverted, `${cell} inverted`).toBe(0);
          expect(k.volumeError, `${cell} volume`).toBeLessThan(1e-9);
        }
      }
      if (CELLS_IN_BENCH_ONLY.has(seed)) return;
      const joined = await ok(s, "mesh.cells", { default: "tet", size: c.size });
      expect(joined.mesh.interfaces).toHaveLength(1);
      const checks = checkCells(s);
      expect(checks.map((k) => k.cell)).toEqual(cells);
      for (const k of checks) {
        expect(k.inverted).toBe(0);
        expect(k.volumeError).toBeLessThan(1e-9);
      }
    }, 60_000);
  }

  it("an open surface is refused at once, naming the face and the edge", () => {
    const box = boxSurface([0, 0, 0], [2, 1, 1]);
    const triangles = Int32Array.from(box.triangles.slice(0, -3));
    const r = meshClosedSurface({ positions: Float64Array.from(box.positions), triangles, faceTags: Int32Array.from({ length: triangles.length / 3 }, (_, t) => t >> 1), faceNames: ["-z", "+z", "-y", "+y", "-x", "+x"] }, { size: 0.5 });
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.error).toMatch(/not closed and manifold: its edge \(.*\) - \(.*\) on face [+-][xyz] is met by no triangle/);
  });
});

/** A torus of 2,400 triangles written as binary STL. */
function torusFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), "fc-cut-fuzz-")), "torus.stl");
  writeFileSync(path, binaryStl(torusSurface(30, 10, 60, 20)));
  return path;
}

describe("a partitioned imported part", () => {
  it("meshes by cells with each cell's exact volume (bench/cut-cells.ts times it against the part whole)", async () => {
    const path = torusFile();
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path, name: "Torus" });
    await ok(s, "geometry.datum", { name: "d", by: { type: "point_normal", point: [3, 2, 1], normal: [0.3, 0.8, 0.52] } });
    await ok(s, "geometry.partition", { name: "cut", datum: "d" });
    const meshed = await ok(s, "mesh.cells", { default: "tet", size: 6 });
    expect(meshed.mesh.interfaces).toEqual([expect.objectContaining({ partition: "cut", kind: "merged" })]);
    for (const k of checkCells(s)) {
      expect(k.inverted).toBe(0);
      expect(k.volumeError).toBeLessThan(1e-9);
    }
  }, 60_000);

  it("the cut of a large surface looks at the command's cancel while it clips", () => {
    const ball = sphereSurface(10, 5);
    const surface = { positions: ball.positions, triangles: ball.triangles, faceOf: ball.triangles.filter((_, k) => k % 3 === 0).map(() => "S1") };
    const plane = { point: [1, 2, 3] as [number, number, number], normal: [0.6, 0, 0.8] as [number, number, number] };
    const cut = cutPolyhedron(surface, plane, "a", "b");
    expect(cut.ok).toBe(true);
    expect(() => withCancelScope(AbortSignal.abort(), () => cutPolyhedron(surface, plane, "a", "b"))).toThrow(CancelledError);
  });

  it("a cancel during mesh.cells is seen inside the general mesher and answered as cancelled", async () => {
    const path = torusFile();
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path, name: "Torus" });
    await ok(s, "geometry.datum", { name: "d", by: { type: "point_normal", point: [3, 2, 1], normal: [0.3, 0.8, 0.52] } });
    await ok(s, "geometry.partition", { name: "cut", datum: "d" });
    // A signal that turns aborted 50 ms into the command (as a flag raised by another thread is seen: at a poll).
    let deadline = Number.POSITIVE_INFINITY;
    let seenBy = "";
    const controller = new AbortController();
    Object.defineProperty(controller.signal, "aborted", {
      get() {
        if (performance.now() < deadline) return false;
        if (!seenBy) seenBy = new Error().stack ?? "";
        return true;
      },
    });
    deadline = performance.now() + 50;
    // A small size: several seconds of work uncancelled.
    const out = await s.execute("mesh.cells", { default: "tet", size: 2 }, { signal: controller.signal });
    expect(out.ok).toBe(false);
    expect(out.ok ? "" : out.error).toMatch(/cancel/);
    expect(seenBy).toMatch(/mesh\/general\/|geometry\/partition\/|mesh\/cut-match/);
    expect(s.model().mesh).toBeUndefined();
  }, 60_000);
});
