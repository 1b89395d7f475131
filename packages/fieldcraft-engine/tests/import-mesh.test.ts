// Imported parts (STL, 3MF) through the session: faces named, meshed with the general mesher so that the
// mesh's volume equals the enclosed volume of the input; hostile files refused with the model unchanged.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { tetVolume6 } from "../src/mesh/tet.js";
import { ok, refused } from "./session-helpers.js";
import { asciiStl, binaryStl, boxSurface, enclosedVolume, sphereSurface } from "./support/surfaces.js";

const corpus = path.join(import.meta.dirname, "corpus", "lib3mf");
const debianFiles = "/usr/share/doc/lib3mf-dev/examples/Files";

function meshVolume(mesh: { nodes: Float64Array; elements: Int32Array; type: string }): number {
  const per = mesh.type === "C3D10" ? 10 : 4;
  let v = 0;
  for (let e = 0; e < mesh.elements.length / per; e++) {
    const o = per * e;
    v += tetVolume6(mesh.nodes, mesh.elements[o], mesh.elements[o + 1], mesh.elements[o + 2], mesh.elements[o + 3]) / 6;
  }
  return v;
}

const temp = () => mkdtempSync(path.join(tmpdir(), "fc-import-"));

describe("geometry.import.mesh", () => {
  const helixFiles = [path.join(corpus, "Helix.3mf"), path.join(corpus, "Helix.stl"), ...(existsSync(debianFiles) ? [path.join(debianFiles, "Helix.3mf")] : [])];
  for (const file of helixFiles) {
    it(`imports and meshes ${file.replace(/.*\/(tests|usr)\//, "$1/")} with the enclosed volume to 1e-9`, async () => {
      const s = createSession();
      const r = await ok(s, "geometry.import.mesh", { path: file, name: "Helix" });
      expect(r.bodies).toHaveLength(1);
      expect(r.bodies[0].faces[0].name).toBe("S1");
      const body = s.model().design!.design.bodies[0];
      const enclosed = enclosedVolume(body.surface!.positions, body.surface!.triangles);
      expect(Math.abs(body.volume - enclosed) / enclosed).toBeLessThan(1e-12);
      const m = await ok(s, "mesh.tet.generate", { size: 20, order: 2 });
      expect(m.mesh.bodies[0].method).toBe("delaunay-refinement");
      const mesh = s.model().mesh!.mesh;
      expect(Math.abs(meshVolume(mesh) - enclosed) / enclosed).toBeLessThan(1e-9);
      // Every boundary facet carries one of the imported faces; all faces are reached.
      const tags = new Set(Array.from(mesh.boundary.tag, (t) => mesh.faceTags[t].face));
      expect([...tags].sort()).toEqual(body.faces.map((f) => f.name).sort());
      // The same file gives the same names and the same mesh.
      const s2 = createSession();
      await ok(s2, "geometry.import.mesh", { path: file, name: "Helix" });
      await ok(s2, "mesh.tet.generate", { size: 20, order: 2 });
      expect(Buffer.from(s2.model().mesh!.mesh.elements.buffer).equals(Buffer.from(mesh.elements.buffer))).toBe(true);
      expect(Buffer.from(s2.model().mesh!.mesh.nodes.buffer).equals(Buffer.from(mesh.nodes.buffer))).toBe(true);
    }, 60_000);
  }

  it("reads binary STL with a `solid` header, ASCII STL, names faces S1..S6 on a box and welds duplicates", async () => {
    const dir = temp();
    const box = boxSurface([0, 0, 0], [30, 20, 10]);
    writeFileSync(path.join(dir, "b.stl"), binaryStl(box, "solid but binary"));
    writeFileSync(path.join(dir, "a.stl"), asciiStl(box));
    for (const [f, format] of [["b.stl", "stl-binary"], ["a.stl", "stl-ascii"]]) {
      const s = createSession();
      const r = await ok(s, "geometry.import.mesh", { path: path.join(dir, f) });
      expect(r.format).toBe(format);
      expect(r.bodies[0].volume).toBeCloseTo(6000, 9);
      expect(r.bodies[0].faces.map((x: { name: string; area: number }) => [x.name, x.area])).toEqual([
        ["S1", 600], ["S2", 600], ["S3", 300], ["S4", 300], ["S5", 200], ["S6", 200],
      ]);
      expect(r.bodies[0].edges).toBe(12);
    }
  });

  it("turns an inside-out or inconsistently oriented surface and says so", async () => {
    const dir = temp();
    const box = boxSurface([0, 0, 0], [1, 1, 1]);
    const flipped = { positions: box.positions, triangles: box.triangles.map((_, i, a) => (i % 3 === 1 ? a[i + 1] : i % 3 === 2 ? a[i - 1] : a[i])) };
    flipped.triangles.splice(0, 3, box.triangles[0], box.triangles[1], box.triangles[2]);
    writeFileSync(path.join(dir, "f.stl"), asciiStl(flipped));
    const r = await ok(createSession(), "geometry.import.mesh", { path: path.join(dir, "f.stl") });
    expect(r.bodies[0].volume).toBeCloseTo(1, 12);
    expect(r.warnings.join(" ")).toMatch(/turned/);
  });

  it("makes a cavity of a shell inside another, and two bodies of separate shells", async () => {
    const dir = temp();
    const outer = boxSurface([0, 0, 0], [10, 10, 10]);
    const inner = sphereSurface(3, 1, [5, 5, 5]);
    const far = boxSurface([20, 0, 0], [22, 2, 2]);
    const join = (...ss: { positions: number[]; triangles: number[] }[]) => {
      const positions: number[] = [], triangles: number[] = [];
      for (const s of ss) {
        const base = positions.length / 3;
        positions.push(...s.positions);
        triangles.push(...s.triangles.map((v) => v + base));
      }
      return { positions, triangles };
    };
    writeFileSync(path.join(dir, "c.stl"), binaryStl(join(outer, inner, far)));
    const s = createSession();
    const r = await ok(s, "geometry.import.mesh", { path: path.join(dir, "c.stl"), name: "P" });
    expect(r.bodies.map((b: { name: string }) => b.name)).toEqual(["P-1", "P-2"]);
    const sphereVol = enclosedVolume(new Float64Array(inner.positions.map((v) => Math.fround(v))), inner.triangles);
    expect(r.bodies[0].volume).toBeCloseTo(1000 - sphereVol, 3);
    expect(r.bodies[1].volume).toBeCloseTo(8, 9);
    await ok(s, "mesh.tet.generate", { size: 3, order: 1 });
    const mesh = s.model().mesh!.mesh;
    expect(meshVolume(mesh)).toBeCloseTo(r.bodies[0].volume + r.bodies[1].volume, 6);
  }, 60_000);

  describe("hostile files are refused with their reason and the model unchanged", () => {
    const dir = temp();
    const box = boxSurface([0, 0, 0], [1, 1, 1]);
    const full = binaryStl(box);
    const cases: [string, Uint8Array, RegExp][] = [
      ["truncated.stl", full.subarray(0, full.length - 30), /truncated binary STL: the header declares 12 triangles/],
      ["declared.stl", (() => {
        const b = new Uint8Array(84 + 50);
        new DataView(b.buffer).setUint32(80, 10_000_000, true);
        return b;
      })(), /declares 10000000 triangles \(500000084 bytes\) but the file has 134 bytes/],
      ["hole.stl", new TextEncoder().encode(asciiStl({ positions: box.positions, triangles: box.triangles.slice(3) })), /not closed: 3 open edges \(a hole\), e\.g\. \(/],
      ["crossing.stl", new TextEncoder().encode(asciiStl((() => {
        const a = boxSurface([0, 0, 0], [2, 2, 2]), b = boxSurface([1, 1, 1], [3, 3, 3]);
        return { positions: [...a.positions, ...b.positions], triangles: [...a.triangles, ...b.triangles.map((v) => v + 8)] };
      })())), /intersects itself: \d+ crossing triangle pairs/],
      ["bomb.3mf", zipSync({ "3D/3dmodel.model": new Uint8Array(16 * 1024 * 1024) }, { level: 6 }), /inflates more than 200 times its compressed size.*zip bomb/],
      ["doctype.3mf", zipSync({ "3D/3dmodel.model": new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><model unit="millimeter"><resources/><build/></model>') }), /DOCTYPE/],
    ];
    for (const [name, bytes, reason] of cases) {
      it(name, async () => {
        writeFileSync(path.join(dir, name), bytes);
        const s = createSession();
        await ok(s, "file.sample", { name: "stepped-block" });
        const before = s.digest();
        const heap = process.memoryUsage().heapUsed;
        const out = await refused(s, "geometry.import.mesh", { path: path.join(dir, name) });
        expect(out.error).toMatch(reason);
        expect(out.error).toContain(name);
        expect(s.digest()).toBe(before);
        // The refusal comes from the caps, before anything of the declared size is allocated.
        expect(process.memoryUsage().heapUsed - heap).toBeLessThan(200 * 1024 * 1024);
      });
    }
  });
});

describe("an imported part in a saved model", () => {
  it("saves by reference to the part's file and opens again with the same faces and mesh", async () => {
    const dir = temp();
    const stl = path.join(dir, "part.stl");
    writeFileSync(stl, binaryStl(boxSurface([0, 0, 0], [4, 3, 2])));
    const s = createSession();
    await ok(s, "geometry.import.mesh", { path: stl, name: "Part" });
    await ok(s, "mesh.tet.generate", { size: 1, order: 1 });
    const saved = path.join(dir, "m.fieldcraft");
    await ok(s, "file.save_as", { path: saved });
    expect(JSON.parse(readFileSync(saved, "utf8")).design.path).toBe(stl);
    const t = createSession();
    await ok(t, "file.open", { path: saved });
    expect(t.model().design!.design.bodies.map((b) => b.name)).toEqual(["Part"]);
    expect(t.model().design!.design.bodies[0].faces.map((f) => f.name)).toEqual(["S1", "S2", "S3", "S4", "S5", "S6"]);
    expect(await ok(t, "model.check")).toMatchObject({ warnings: [] });
    expect(Buffer.from(t.model().mesh!.mesh.elements.buffer).equals(Buffer.from(s.model().mesh!.mesh.elements.buffer))).toBe(true);
  });
});
