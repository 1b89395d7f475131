// The scene the viewer is sent, checked against what it must describe: the stepped block's outer surface
// (closed, the union's area by hand), only boundary nodes, the solver's values at those nodes (through
// solve.probe), the set-up symbols; and the wire format's refusals.
import { createSession, meshFamily, NODES_PER_ELEMENT, TET10_FACE_MIDS, TET_FACE_CORNERS, type Session } from "@mcp-wrappers/fieldcraft-engine";
import { beforeAll, describe, expect, test } from "vitest";
import { decodeFrame, encodeFrame, uiSceneCommand } from "../src/index.js";
import type { SceneHeader } from "../src/scene/types.js";

async function scene(session: Session): Promise<{ header: SceneHeader; arrays: Record<string, any> }> {
  const out = await session.execute("ui.scene", {});
  if (!out.ok) throw new Error(out.error);
  const bytes = Buffer.from((out.result as { scene: string }).scene, "base64");
  const d = decodeFrame(new Uint8Array(bytes));
  if (!d.ok) throw new Error(d.error);
  return { header: d.frame.header as unknown as SceneHeader, arrays: d.frame.arrays };
}

describe("the stepped block's scene", () => {
  let session: Session;
  beforeAll(async () => {
    session = createSession({ commands: [uiSceneCommand] });
    const opened = await session.execute("file.sample", { name: "stepped-block" });
    expect(opened.ok).toBe(true);
  });

  test("an empty session sends an empty scene, not an error", async () => {
    const empty = createSession({ commands: [uiSceneCommand] });
    const s = await scene(empty);
    expect(s.header.source).toBe("empty");
    expect(Object.keys(s.arrays)).toEqual([]);
  });

  test("only the boundary's nodes travel, at their coordinates", async () => {
    const { header, arrays } = await scene(session);
    const mesh = session.model().mesh!.mesh;
    // The boundary nodes, straight from the facets (corners and mid-side nodes), not from the surface code.
    const boundary = new Set<number>();
    const per = NODES_PER_ELEMENT[mesh.type];
    for (let f = 0; f < mesh.boundary.element.length; f++) {
      const base = mesh.boundary.element[f] * per;
      for (const k of [...TET_FACE_CORNERS[mesh.boundary.side[f]], ...TET10_FACE_MIDS[mesh.boundary.side[f]]]) boundary.add(mesh.elements[base + k]);
    }
    expect(header.counts.nodes).toBe(mesh.nodes.length / 3);
    expect(header.counts.vertices).toBe(boundary.size);
    expect(header.counts.vertices).toBeLessThan(header.counts.nodes);
    const vn: Uint32Array = arrays.vertexNode;
    expect(new Set(vn)).toEqual(boundary);
    for (let v = 0; v < vn.length; v++) {
      for (let k = 0; k < 3; k++) expect(arrays.positions[3 * v + k]).toBeCloseTo(mesh.nodes[3 * vn[v] + k], 4);
    }
    expect(arrays.positions).toBeInstanceOf(Float32Array);
    expect(arrays.triangles).toBeInstanceOf(Uint32Array);
  });

  test("the surface is closed and its area is the union's, 7800 mm² by hand", async () => {
    const { header, arrays } = await scene(session);
    const t: Uint32Array = arrays.triangles, p: Float32Array = arrays.positions;
    expect(t.length / 3).toBe(4 * header.counts.facets); // C3D10 facets split at mid-side nodes
    const edges = new Map<string, number>();
    let area = 0;
    for (let i = 0; i < t.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const a = t[i + k], b = t[i + ((k + 1) % 3)];
        const key = a < b ? `${a}-${b}` : `${b}-${a}`;
        edges.set(key, (edges.get(key) ?? 0) + 1);
      }
      const [a, b, c] = [t[i], t[i + 1], t[i + 2]];
      const u = [p[3 * b] - p[3 * a], p[3 * b + 1] - p[3 * a + 1], p[3 * b + 2] - p[3 * a + 2]];
      const w = [p[3 * c] - p[3 * a], p[3 * c + 1] - p[3 * a + 1], p[3 * c + 2] - p[3 * a + 2]];
      area += Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]) / 2;
    }
    expect([...edges.values()].every((n) => n === 2)).toBe(true);
    // 100x20x10 bar (6400) + 50x20x10 step (3400) - the 50x20 face they share, twice.
    expect(area).toBeCloseTo(7800, 2);
    expect(header.bbox).toEqual({ min: [0, 0, 0], max: [100, 20, 20] });
  });

  test("facets carry their element, side and face name; the tip face's facets lie at x = 100", async () => {
    const { header, arrays } = await scene(session);
    const tip = header.face_tags.findIndex((f) => f.body === "Steps" && f.face === "F1:+x");
    expect(tip).toBeGreaterThanOrEqual(0);
    let tipFacets = 0;
    for (let tri = 0; tri < arrays.triangleFacet.length; tri++) {
      const f = arrays.triangleFacet[tri];
      if (arrays.facetTag[f] !== tip) continue;
      tipFacets++;
      for (let k = 0; k < 3; k++) expect(arrays.positions[3 * arrays.triangles[3 * tri + k]]).toBeCloseTo(100, 5);
    }
    expect(tipFacets).toBeGreaterThan(0);
  });

  test("set-up symbols: the clamp's cones and the push's arrows, sampled as the CPU renderer does", async () => {
    const { header, arrays } = await scene(session);
    expect(header.symbols.map((s) => [s.kind, s.name])).toEqual([
      ["fixed", "clamp"],
      ["force", "push"],
    ]);
    for (const s of header.symbols) expect(s.drawn).toBe(Math.min(40, s.count));
    const rendered = await session.execute("ui.render", { width: 200, height: 150 });
    const report = (rendered as any).result.symbols as { name: string; count: number; drawn: number }[];
    expect(header.symbols.map((s) => ({ name: s.name, count: s.count, drawn: s.drawn }))).toEqual(report.map((r) => ({ name: r.name, count: r.count, drawn: r.drawn })));
    // Cones sit on the clamped face (x = 0) and point out of it (-x); arrows push down (-z).
    for (let g = 0; g < arrays.glyphType.length; g++) {
      if (header.symbols[arrays.glyphSymbol[g]].kind === "fixed") {
        expect(arrays.glyphAnchor[3 * g]).toBeCloseTo(0, 6);
        expect(arrays.glyphDir[3 * g]).toBeLessThan(-0.3); // the averaged node normal: straight out on the face, tilted on its edges
      } else {
        expect([...arrays.glyphDir.subarray(3 * g, 3 * g + 3)]).toEqual([0, 0, -1]);
      }
    }
  });

  test("a reference point coupled to the tip: a cone at the point aimed at its face, and its force as an arrow", async () => {
    const coupled = createSession({ commands: [uiSceneCommand] });
    expect((await coupled.execute("file.sample", { name: "stepped-block" })).ok).toBe(true);
    const max = coupled.model().design!.design.bodies[0].bbox.max;
    const point = [max[0] + 20, max[1] / 2, max[2] / 2];
    for (const [command, params] of [
      ["model.reference_point.create", { name: "R", point }],
      ["model.coupling.create", { name: "to-tip", type: "distributing", reference_point: "R", set: "tip" }],
      ["model.reference_point.load", { name: "pull", reference_point: "R", force: [0, 0, -500] }],
      ["model.step.create", { name: "Pulled", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] }],
    ] as const) {
      const out = await coupled.execute(command, params);
      expect(out.ok, out.ok ? "" : out.error).toBe(true);
    }
    const { header, arrays } = await scene(coupled);
    const k = header.symbols.findIndex((s) => s.kind === "coupling");
    expect(k).toBeGreaterThanOrEqual(0);
    const glyphs = [...arrays.glyphSymbol].flatMap((sym: number, g: number) => (sym === k ? [g] : []));
    expect(glyphs.map((g) => arrays.glyphType[g]).sort()).toEqual([0, 1].sort());
    for (const g of glyphs) expect([...arrays.glyphAnchor.subarray(3 * g, 3 * g + 3)].map((v: number) => Number(v.toFixed(3)))).toEqual(point.map((v) => Number(v.toFixed(3))));
    // The cone aims back at the tip face (-x); the arrow pulls down (-z).
    const dirs = glyphs.map((g) => [...arrays.glyphDir.subarray(3 * g, 3 * g + 3)] as number[]);
    expect(dirs.some((d) => d[0] < -0.9)).toBe(true);
    expect(dirs.some((d) => d[2] < -0.99)).toBe(true);
  });

  test("after a solve the per-vertex values are the solver's at those nodes (read back with solve.probe)", async () => {
    expect((await session.execute("solve.static", {})).ok).toBe(true);
    const contour = (await session.execute("results.contour", { field: "von_mises" })) as any;
    const { header, arrays } = await scene(session);
    expect(header.field).toMatchObject({ name: "von_mises", unit: "MPa", step: "Load", bands: 10 });
    expect(header.field!.max).toBeCloseTo(contour.result.contour.range.max.value, 9);
    expect(header.field!.max_node).toBe(contour.result.contour.range.max.node);
    const vn: Uint32Array = arrays.vertexNode;
    const picks = [0, 7, Math.floor(vn.length / 2), vn.length - 1];
    const probe = (await session.execute("solve.probe", { nodes: picks.map((v) => vn[v] + 1) })) as any;
    picks.forEach((v, i) => {
      const at = probe.result.nodes[i];
      expect(arrays.field[v]).toBeCloseTo(at.von_mises, 2);
      expect(arrays.displacement[3 * v]).toBeCloseTo(at.displacement.u1, 6);
      expect(arrays.displacement[3 * v + 2]).toBeCloseTo(at.displacement.u3, 6);
    });
    // "auto": the largest displacement drawn as 10% of the model size, as ui.render does.
    expect(header.deformation!.scale).toBeCloseTo((0.1 * header.size) / header.deformation!.max_displacement, 9);
  });
});

describe("a frequency step's scene", () => {
  test("carries every mode shape at the surface's vertices, each with the range results.contour reports", async () => {
    const session = createSession({ commands: [uiSceneCommand] });
    const run = async (command: string, params: Record<string, unknown>) => {
      const out = await session.execute(command, params);
      if (!out.ok) throw new Error(`${command}: ${out.error}`);
      return out.result as any;
    };
    await run("file.sample", { name: "stepped-block" });
    await run("model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] });
    await run("solve.frequency", { step: "Modes" });
    await run("results.contour", { step: "Modes", mode: 2, field: "displacement" });
    const { header, arrays } = await scene(session);
    const a = header.animations[0];
    expect(a).toMatchObject({ kind: "modes", count: 3, current: 1 });
    expect(a.limited).toBeUndefined();
    const nv = header.counts.vertices;
    expect(arrays.animDisplacement.length).toBe(3 * 3 * nv);
    expect(arrays.animField.length).toBe(3 * nv);
    const vn: Uint32Array = arrays.vertexNode;
    for (let k = 0; k < 3; k++) {
      const c = await run("results.contour", { step: "Modes", mode: k + 1, field: "displacement" });
      expect(a.ranges[k].max).toBeCloseTo(c.contour.range.max.value, 6);
      expect(a.ranges[k].max_node).toBe(c.contour.range.max.node);
      expect(a.labels[k]).toContain(`mode ${k + 1}:`);
      // The entry's displacements are the mode's, read back with solve.probe at a surface vertex.
      const v = Math.floor(nv / 3);
      const p = await run("solve.probe", { step: "Modes", mode: k + 1, nodes: [vn[v] + 1] });
      expect(arrays.animDisplacement[3 * (k * nv + v) + 2]).toBeCloseTo(p.nodes[0].displacement.u3, 4);
    }
    // The scene's own field is the mode on show (2).
    for (let v = 0; v < nv; v += 97) expect(arrays.field[v]).toBeCloseTo(arrays.animField[nv + v], 5);
  });
});

describe("an explicit step's scene", () => {
  test("carries its frames in time order with one range and one scale, each frame the engine's", async () => {
    const session = createSession({ commands: [uiSceneCommand] });
    const run = async (command: string, params: Record<string, unknown>) => {
      const out = await session.execute(command, params);
      if (!out.ok) throw new Error(`${command}: ${out.error}`);
      return out.result as any;
    };
    await run("file.sample", { name: "drop-bar" });
    await run("solve.explicit", { step: "Drop" });
    await run("results.contour", { step: "Drop", frame: 10, field: "displacement" });
    const { header, arrays } = await scene(session);
    const a = header.animations[0];
    const frames = (await run("results.frames", { step: "Drop" })).frames as { frame: number; time: number }[];
    expect(a).toMatchObject({ kind: "frames", count: frames.length, current: 10 });
    expect(a.labels[10]).toMatch(/^frame 10: t = /);
    // One scale and one range for every frame, so motion is seen to grow.
    expect(new Set(a.auto_scales).size).toBe(1);
    expect(new Set(a.ranges.map((r) => r.max)).size).toBe(1);
    const nv = header.counts.vertices;
    const vn: Uint32Array = arrays.vertexNode;
    // A vertex on the free end (x = 100), away from the floor.
    let v = 0;
    for (let i = 0; i < nv; i++) if (arrays.positions[3 * i] > arrays.positions[3 * v]) v = i;
    for (const k of [0, 5, frames.length - 1]) {
      const p = await run("solve.probe", { step: "Drop", frame: k, nodes: [vn[v] + 1] });
      expect(arrays.animDisplacement[3 * (k * nv + v)]).toBeCloseTo(p.nodes[0].displacement.u1, 5);
    }
    // Before the floor's wave reaches it (L / c = 100 mm / 5.2e6 mm/s ~ 19 us), the free end falls freely at 5000 mm/s.
    expect(arrays.animDisplacement[3 * v]).toBe(0);
    expect(arrays.animDisplacement[3 * (2 * nv + v)]).toBeCloseTo(-5000 * frames[2].time, 4);
  });
});

describe("a hexahedral mesh's scene", () => {
  // Quadrilateral faces split into 2 triangles (C3D8) or more (C3D20): the triangle -> facet table must come
  // from the surface, or picking in the page names the wrong facet.
  test.each([1, 2] as const)("order %i: each triangle lies on the facet it names; elements are counted by the family", async (order) => {
    const session = createSession({ commands: [uiSceneCommand] });
    expect((await session.execute("file.sample", { name: "stepped-block" })).ok).toBe(true);
    const meshed = await session.execute("mesh.hex", { size: 10, order });
    expect(meshed.ok, meshed.ok ? "" : meshed.error).toBe(true);
    const mesh = session.model().mesh!.mesh;
    const fam = meshFamily(mesh);
    const { header, arrays } = await scene(session);
    expect(header.element_type).toBe(order === 1 ? "C3D8" : "C3D20");
    expect(header.counts.elements).toBe(mesh.elements.length / fam.nodes);
    const vn: Uint32Array = arrays.vertexNode;
    const hits = new Uint32Array(header.counts.facets);
    for (let t = 0; t < arrays.triangleFacet.length; t++) {
      const f = arrays.triangleFacet[t];
      expect(f).toBeLessThan(header.counts.facets);
      hits[f]++;
      const e = arrays.facetElement[f], side = arrays.facetSide[f];
      const faceNodes = new Set(fam.faces[side].nodes.map((k) => mesh.elements[e * fam.nodes + k]));
      for (let k = 0; k < 3; k++) expect(faceNodes.has(vn[arrays.triangles[3 * t + k]])).toBe(true);
    }
    // Every facet is drawn, by as many triangles as its face splits into.
    for (let f = 0; f < hits.length; f++) expect(hits[f]).toBe(fam.faces[arrays.facetSide[f]].triangles.length);
  });
});

describe("the wire format", () => {
  test("round trip of every array kind, aligned", () => {
    const arrays = { a: Float32Array.from([1.5, -2]), b: Uint8Array.from([1, 2, 3]), c: Uint32Array.from([7, 8, 9]), d: Uint16Array.from([65535]) };
    const bytes = encodeFrame({ hello: "world" }, arrays);
    const d = decodeFrame(bytes);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    expect(d.frame.header.hello).toBe("world");
    for (const [k, v] of Object.entries(arrays)) expect([...d.frame.arrays[k]]).toEqual([...v]);
  });

  test("bad frames are refused with a reason", () => {
    const good = encodeFrame({}, { a: Float32Array.from([1, 2, 3]) });
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array(3), /too short/],
      [Uint8Array.from([...Buffer.from("PNG!"), 0, 0, 0, 0]), /not a FieldCraft scene/],
      [good.slice(0, good.length - 4), /outside the scene/],
      [(() => { const b = good.slice(); b[4] = 0xff; b[5] = 0xff; return b; })(), /past the end/],
    ];
    for (const [bytes, message] of cases) {
      const d = decodeFrame(bytes);
      expect(d.ok).toBe(false);
      if (!d.ok) expect(d.error).toMatch(message);
    }
  });
});
