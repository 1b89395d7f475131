// A symmetric part solved three ways gives one answer: the whole meshed as one, the half with a symmetry condition
// and half the load, and the half meshed and mirrored. Displacements at the same (or mirrored) points agree within
// 1e-6 of the largest, root reactions within 1e-9 relative. The second part's symmetry plane is oblique.
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { ok } from "../session-helpers.js";
import { key, largest, nodeIndex, obliqueBar, steelStatic, steppedBar, writeDesign } from "./fixtures.js";

describe("symmetric stepped bar (principal plane y = 0), C3D20 hexahedra", () => {
  const path = writeDesign(steppedBar());
  const fixed = [{ body: "Beam", face: "F1:-x" }];
  const load = [{ body: "Beam", face: "F2:+x" }];
  const force = [300, 0, -1000];
  const half = force.map((f) => f / 2);

  it("whole, half + symmetry, half mirrored agree", async () => {
    const whole = createSession();
    await ok(whole, "geometry.open", { path });
    await ok(whole, "mesh.hex_blocks", { size: 5, order: 2 });
    const w = await steelStatic(whole, { fixed, load, force });

    const sym = createSession();
    await ok(sym, "geometry.open", { path });
    await ok(sym, "geometry.datum", { name: "mid", by: { type: "offset", plane: "zx", offset: 0 } });
    const cut = await ok(sym, "geometry.partition", { name: "p", datum: "mid" });
    expect(cut.cells.map((c: { name: string }) => c.name)).toEqual(["Beam/a", "Beam/b"]);
    await ok(sym, "mesh.hex_blocks", { body: "Beam/b", size: 5, order: 2 });
    const h = await steelStatic(sym, { fixed, load, force: half, symmetry: "mid" });

    const mir = createSession();
    await ok(mir, "geometry.open", { path });
    await ok(mir, "geometry.datum", { name: "mid", by: { type: "offset", plane: "zx", offset: 0 } });
    await ok(mir, "geometry.partition", { name: "p", datum: "mid" });
    await ok(mir, "mesh.hex_blocks", { body: "Beam/b", size: 5, order: 2 });
    const mirrored = await ok(mir, "mesh.mirror", { plane: "mid" });
    expect(mirrored.into).toEqual({ "Beam/b": "Beam/a" });
    const m = await steelStatic(mir, { fixed, load, force });

    // The mirrored mesh is the whole mesh: same node count, node positions and element count.
    expect(m.mesh.nodes.length).toBe(w.mesh.nodes.length);
    expect(m.mesh.elements.length).toBe(w.mesh.elements.length);
    const scale = largest(w.solution.displacement);
    expect(scale).toBeGreaterThan(1e-3);
    const at = nodeIndex(w.mesh.nodes);
    let worstHalf = 0, worstMirror = 0;
    for (let i = 0; i < h.mesh.nodes.length / 3; i++) {
      const j = at.get(key(h.mesh.nodes, i))!;
      for (let a = 0; a < 3; a++) worstHalf = Math.max(worstHalf, Math.abs(h.solution.displacement[3 * i + a] - w.solution.displacement[3 * j + a]));
    }
    for (let i = 0; i < m.mesh.nodes.length / 3; i++) {
      const j = at.get(key(m.mesh.nodes, i));
      expect(j, `mirrored node ${i + 1} is a node of the whole mesh`).toBeDefined();
      for (let a = 0; a < 3; a++) worstMirror = Math.max(worstMirror, Math.abs(m.solution.displacement[3 * i + a] - w.solution.displacement[3 * j! + a]));
    }
    expect(worstHalf / scale).toBeLessThan(1e-6);
    expect(worstMirror / scale).toBeLessThan(1e-6);
    // Root reactions: x and z (in the plane) double from the half; the mirror gives the whole's.
    for (const a of [0, 2]) {
      expect(Math.abs(2 * h.root[a] - w.root[a]) / Math.abs(w.root[a])).toBeLessThan(1e-9);
      expect(Math.abs(m.root[a] - w.root[a]) / Math.abs(w.root[a])).toBeLessThan(1e-9);
    }
    expect(Math.abs(w.root[1])).toBeLessThan(1e-6 * Math.abs(w.root[2]));
  });
});

describe("bar along 30 degrees, symmetry plane along its axis (oblique), tetrahedra swept from the half profile", () => {
  const theta = (30 * Math.PI) / 180;
  const path = writeDesign(obliqueBar(30));
  const normal = [-Math.sin(theta), Math.cos(theta), 0];
  const axis = [Math.cos(theta), Math.sin(theta), 0];
  const fixed = [{ body: "Bar", face: "F1:side:4" }];
  const load = [{ body: "Bar", face: "F1:side:2" }];
  const force = [400 * axis[0], 400 * axis[1], -800];

  const halfModel = async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path });
    await ok(s, "geometry.datum", { name: "axis", by: { type: "point_normal", point: [0, 0, 0], normal } });
    const cut = await ok(s, "geometry.partition", { name: "p", datum: "axis" });
    expect(cut.cells.map((c: { kind: string }) => c.kind)).toEqual(["extrude", "extrude"]);
    await ok(s, "mesh.tet.generate", { body: "Bar/b", size: 5, order: 2 });
    return s;
  };

  it("half + oblique symmetry and half mirrored agree; the oblique constraint is the mirror's", async () => {
    const sym = await halfModel();
    const h = await steelStatic(sym, { fixed, load, force: force.map((f) => f / 2), symmetry: "axis" });
    const mir = await halfModel();
    await ok(mir, "mesh.mirror", { plane: "axis" });
    const m = await steelStatic(mir, { fixed, load, force });

    const scale = largest(m.solution.displacement);
    expect(scale).toBeGreaterThan(1e-3);
    const at = nodeIndex(m.mesh.nodes);
    let worst = 0;
    for (let i = 0; i < h.mesh.nodes.length / 3; i++) {
      const j = at.get(key(h.mesh.nodes, i))!;
      for (let a = 0; a < 3; a++) worst = Math.max(worst, Math.abs(h.solution.displacement[3 * i + a] - m.solution.displacement[3 * j + a]));
    }
    expect(worst / scale).toBeLessThan(1e-6);
    // The mirrored half moves as the reflection of the other: u(Rx) = R u(x).
    let mirrorWorst = 0;
    const u = m.solution.displacement, x = m.mesh.nodes;
    for (let i = 0; i < x.length / 3; i++) {
      const p = [x[3 * i], x[3 * i + 1], x[3 * i + 2]];
      const d = 2 * (p[0] * normal[0] + p[1] * normal[1]);
      const j = at.get(key(Float64Array.from([p[0] - d * normal[0], p[1] - d * normal[1], p[2]]), 0));
      if (j === undefined) continue;
      const ui = [u[3 * i], u[3 * i + 1], u[3 * i + 2]];
      const un = 2 * (ui[0] * normal[0] + ui[1] * normal[1]);
      const ri = [ui[0] - un * normal[0], ui[1] - un * normal[1], ui[2]];
      for (let a = 0; a < 3; a++) mirrorWorst = Math.max(mirrorWorst, Math.abs(ri[a] - u[3 * j + a]));
    }
    expect(mirrorWorst / scale).toBeLessThan(1e-6);
    // Root reactions along the bar's axis and along z: the whole's are twice the half's.
    const along = (r: number[]) => r[0] * axis[0] + r[1] * axis[1];
    expect(Math.abs(2 * along(h.root) - along(m.root)) / Math.abs(along(m.root))).toBeLessThan(1e-9);
    expect(Math.abs(2 * h.root[2] - m.root[2]) / Math.abs(m.root[2])).toBeLessThan(1e-9);
  });
});
