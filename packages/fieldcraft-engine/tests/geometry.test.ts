// Designs from the corpus and hand-made ones: measures against hand calculations, face and edge names.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSolidcraft, readSolidcraftFile, type Body, type Design, type Vec3 } from "../src/geometry/index.js";

const corpus = join(dirname(fileURLToPath(import.meta.url)), "corpus");

interface Measures {
  volume: number;
  bbox: { min: Vec3; max: Vec3 };
  faces: Record<string, number>;
  edges: { count: number; totalLength: number; lengths: Record<string, number> };
}

async function corpusBody(file: string, name: string): Promise<{ body: Body; measures: Measures }> {
  const r = await readSolidcraftFile(join(corpus, file));
  if (!r.ok) throw new Error(r.error);
  const body = r.design.bodies.find((b) => b.name === name)!;
  const all = JSON.parse(await readFile(join(corpus, dirname(file), "measures.json"), "utf8"));
  return { body, measures: all.bodies[name] };
}

function design(bodies: unknown[]): Design {
  const r = parseSolidcraft(JSON.stringify({ format: "solidcraft/1", units: "mm", bodies }));
  if (!r.ok) throw new Error(r.error);
  return r.design;
}

const box = (id: string, min: Vec3, max: Vec3) => ({ id, type: "box", min, max });

/** The body's measures in the shape of measures.json. */
function measuresOf(body: Body): Measures {
  return {
    volume: body.volume,
    bbox: body.bbox,
    faces: Object.fromEntries(body.faces.map((f) => [f.name, f.area])),
    edges: {
      count: body.edges.length,
      totalLength: body.edges.reduce((s, e) => s + e.length, 0),
      lengths: Object.fromEntries(body.edges.map((e) => [e.name, e.length])),
    },
  };
}

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

/** Area and normal of a loop (Newell's method), to check loops against the face they bound. */
function loopArea(loop: Vec3[]): Vec3 {
  const n: Vec3 = [0, 0, 0];
  for (let i = 0; i < loop.length; i++) {
    const p = loop[i];
    const q = loop[(i + 1) % loop.length];
    n[0] += (p[1] - q[1]) * (p[2] + q[2]);
    n[1] += (p[2] - q[2]) * (p[0] + q[0]);
    n[2] += (p[0] - q[0]) * (p[1] + q[1]);
  }
  return [n[0] / 2, n[1] / 2, n[2] / 2];
}

function checkPatches(body: Body): void {
  for (const face of body.faces) {
    let area = 0;
    for (const patch of face.patches) {
      patch.loops.forEach((loop, i) => {
        const a = loopArea(loop);
        const along = a[0] * face.normal[0] + a[1] * face.normal[1] + a[2] * face.normal[2];
        // Outer loops run counter-clockwise seen from outside, holes the other way.
        if (i === 0) expect(along, `${face.name} outer loop`).toBeGreaterThan(0);
        else expect(along, `${face.name} hole`).toBeLessThan(0);
        area += along;
      });
    }
    expectClose(area, face.area);
  }
}

describe("corpus: block", () => {
  it("has the measures of a 100 x 10 x 10 box, by hand", async () => {
    const { body, measures } = await corpusBody("block/block.solidcraft", "Block");
    const hand: Measures = {
      volume: 100 * 10 * 10,
      bbox: { min: [0, 0, 0], max: [100, 10, 10] },
      faces: { "F1:-x": 100, "F1:+x": 100, "F1:-y": 1000, "F1:+y": 1000, "F1:-z": 1000, "F1:+z": 1000 },
      edges: { count: 12, totalLength: 4 * 100 + 4 * 10 + 4 * 10, lengths: {} },
    };
    for (const m of [measuresOf(body), measures]) {
      expectClose(m.volume, hand.volume);
      expect(m.bbox).toEqual(hand.bbox);
      expect(m.faces).toEqual(hand.faces);
      expect(m.edges.count).toBe(hand.edges.count);
      expectClose(m.edges.totalLength, hand.edges.totalLength);
    }
    expect(body.edges.find((e) => e.name === "F1:-y|F1:-z")?.length).toBe(100);
    expect(measuresOf(body)).toEqual(measures);
    checkPatches(body);
  });
});

describe("corpus: stepped block", () => {
  it("has the seed's faces, the step's measures and the split top face", async () => {
    const { body, measures } = await corpusBody("stepped-block/steps.solidcraft", "Steps");
    expect(body.kind).toBe("boxes");
    // F1 = [0,100] x [0,20] x [0,10]; F2 = [0,50] x [0,20] x [10,20] sits on its left half.
    const hand: Record<string, number> = {
      "F1:-x": 20 * 10,
      "F1:+x": 20 * 10,
      "F1:-y": 100 * 10,
      "F1:+y": 100 * 10,
      "F1:-z": 100 * 20,
      "F1:+z": (100 - 50) * 20, // the part F2 does not cover
      "F2:-x": 20 * 10,
      "F2:+x": 20 * 10,
      "F2:-y": 50 * 10,
      "F2:+y": 50 * 10,
      "F2:+z": 50 * 20,
    }; // F2:-z lies inside the solid: no face
    for (const m of [measuresOf(body), measures]) {
      expectClose(m.volume, 100 * 20 * 10 + 50 * 20 * 10);
      expect(m.faces).toEqual(hand);
      expect(m.bbox).toEqual({ min: [0, 0, 0], max: [100, 20, 20] });
      // An L-profile prism has 3 x 6 edges; the -x, -y and +y sides are each split into an F1 and an F2
      // face: 3 seams, plus one more edge on each of -y and +y where their left edge is split in two.
      expect(m.edges.count).toBe(18 + 3 + 2);
      // Profile perimeter 240 on both sides, 6 lateral edges of 20, seams 20 + 50 + 50.
      expectClose(m.edges.totalLength, 2 * 240 + 6 * 20 + 120);
    }
    expect(measuresOf(body)).toEqual(measures);
    // Every edge by name and length: the L-profile's edges on the -y and +y sides, the six along y, the seams.
    const side = (s: "-y" | "+y") => ({
      [`F1:${s}|F1:-z`]: 100, // bottom
      [`F1:+x|F1:${s}`]: 10, // tip
      [`F1:+z|F1:${s}`]: 50, // top of the lower step
      [`F2:+x|F2:${s}`]: 10, // riser
      [`F2:+z|F2:${s}`]: 50, // top
      [`F2:-x|F2:${s}`]: 10, // back, upper half
      [`F1:-x|F1:${s}`]: 10, // back, lower half
      [`F1:${s}|F2:${s}`]: 50, // seam between the two features' side faces
    });
    const byHand: Record<string, number> = {
      ...side("-y"),
      ...side("+y"),
      "F1:-x|F1:-z": 20,
      "F1:+x|F1:-z": 20,
      "F1:+x|F1:+z": 20,
      "F1:+z|F2:+x": 20,
      "F2:+x|F2:+z": 20,
      "F2:+z|F2:-x": 20,
      "F1:-x|F2:-x": 20,
    };
    // Names are in canonical (code-unit) order: fix the hand-written keys the same way before comparing.
    const canonical = Object.fromEntries(Object.entries(byHand).map(([k, v]) => [k.split("|").sort().join("|"), v]));
    expect(measures.edges.lengths).toEqual(canonical);
    expect(body.faces[0].name).toBe("F1:-x");
    expect(body.faces[1].name).toBe("F1:+x");
    const edge = (name: string) => body.edges.find((e) => e.name === name);
    expect(edge("F1:+z|F2:+x")?.length).toBe(20); // the step's inner corner
    expect(edge("F1:-x|F2:-x")?.segments).toEqual([[[0, 0, 10], [0, 20, 10]]]);
    expect(edge("F1:+x|F1:+z")?.faces).toEqual(["F1:+x", "F1:+z"]);
    for (const e of body.edges) expect(e.name).toBe(`${e.faces[0]}|${e.faces[1]}`);
    for (const e of body.edges) expect(e.faces[0] < e.faces[1]).toBe(true);
    checkPatches(body);
  });
});

describe("corpus: L bracket", () => {
  it("has the extrusion's faces named by profile edge and measures by hand", async () => {
    const { body, measures } = await corpusBody("l-bracket/l-bracket.solidcraft", "Bracket");
    expect(body.kind).toBe("extrude");
    const profileArea = 60 * 10 + 10 * 30;
    const depth = 20;
    const edgeLengths = [60, 10, 50, 30, 10, 40];
    const hand: Record<string, number> = { "F1:start": profileArea, "F1:end": profileArea };
    edgeLengths.forEach((l, k) => (hand[`F1:side:${k + 1}`] = l * depth));
    for (const m of [measuresOf(body), measures]) {
      expectClose(m.volume, profileArea * depth);
      expect(m.faces).toEqual(hand);
      expect(m.bbox).toEqual({ min: [0, 0, 0], max: [60, 40, 20] });
      expect(m.edges.count).toBe(3 * 6);
      expectClose(m.edges.totalLength, 2 * 200 + 6 * depth);
      expect(m.edges.lengths["F1:side:3|F1:side:4"]).toBe(depth);
      expect(m.edges.lengths["F1:end|F1:side:1"]).toBe(60);
    }
    expect(measuresOf(body)).toEqual(measures);
    const normal = (name: string) => body.faces.find((f) => f.name === name)!.normal;
    expect(normal("F1:start")).toEqual([0, 0, -1]);
    expect(normal("F1:side:1")).toEqual([0, -1, 0]);
    expect(normal("F1:side:4")).toEqual([1, 0, 0]); // the inner wall at x = 10 faces +x
    checkPatches(body);
  });
});

describe("face naming", () => {
  it("numbers the separate pieces of a split face #1, #2 from the lowest corner", () => {
    const body = design([{ name: "Bridge", features: [box("F1", [0, 0, 0], [100, 20, 10]), box("F2", [40, 0, 10], [60, 20, 20])] }]).bodies[0];
    const areas = Object.fromEntries(body.faces.map((f) => [f.name, f.area]));
    expect(areas["F1:+z#1"]).toBe(40 * 20); // x from 0 to 40
    expect(areas["F1:+z#2"]).toBe(40 * 20); // x from 60 to 100
    expect(areas["F1:+z"]).toBeUndefined();
    expect(body.faces.find((f) => f.name === "F1:+z#1")!.patches[0].loops[0].every((p) => p[0] <= 40)).toBe(true);
    expect(body.edges.find((e) => e.name === "F1:+z#1|F2:-x")?.length).toBe(20);
    expect(body.edges.find((e) => e.name === "F1:+z#2|F2:+x")?.length).toBe(20);
    // F2's front face meets F1's along one seam.
    expect(body.edges.filter((e) => e.name.startsWith("F1:-y|F2:-y"))).toHaveLength(1);
    checkPatches(body);
  });

  it("gives an overlap of coplanar faces to the earlier feature", () => {
    const body = design([{ name: "Overlap", features: [box("F1", [0, 0, 0], [10, 10, 10]), box("F2", [5, 0, 0], [20, 10, 10])] }]).bodies[0];
    const areas = Object.fromEntries(body.faces.map((f) => [f.name, f.area]));
    expect(areas).toEqual({
      "F1:-x": 100,
      "F1:-y": 100, // x 0..10, including the 5..10 that F2's -y face covers too
      "F1:+y": 100,
      "F1:-z": 100,
      "F1:+z": 100,
      "F2:+x": 100,
      "F2:-y": 100, // x 10..20 only
      "F2:+y": 100,
      "F2:-z": 100,
      "F2:+z": 100,
    });
    expect(body.volume).toBe(200 * 10);
    // Coplanar faces of two features meet along a seam edge at x = 10.
    expect(body.edges.find((e) => e.name === "F1:-y|F2:-y")?.segments).toEqual([[[10, 0, 0], [10, 0, 10]]]);
  });

  it("numbers separate edges between the same two faces ~1, ~2", () => {
    // F2 sits on F1; F3 juts out in front across their seam, so the front faces F1:-y and F2:-y
    // stay one piece each (joined below and above F3) but meet in two separate seams.
    const body = design([
      {
        name: "Cross",
        features: [box("F1", [0, 0, 0], [30, 10, 10]), box("F2", [0, 0, 10], [30, 10, 20]), box("F3", [10, -10, 5], [20, 0, 15])],
      },
    ]).bodies[0];
    const areas = Object.fromEntries(body.faces.map((f) => [f.name, f.area]));
    expect(areas["F1:-y"]).toBe(30 * 10 - 10 * 5);
    expect(areas["F2:-y"]).toBe(30 * 10 - 10 * 5);
    const seams = body.edges.filter((e) => e.name.startsWith("F1:-y|F2:-y"));
    expect(seams.map((e) => e.name)).toEqual(["F1:-y|F2:-y~1", "F1:-y|F2:-y~2"]);
    expect(seams[0].segments).toEqual([[[0, 0, 10], [10, 0, 10]]]);
    expect(seams[1].segments).toEqual([[[20, 0, 10], [30, 0, 10]]]);
    checkPatches(body);
  });

  it("keeps a face with a hole in one piece, its hole as a second loop", () => {
    const body = design([{ name: "Boss", features: [box("F1", [0, 0, 0], [30, 30, 10]), box("F2", [10, 10, 10], [20, 20, 20])] }]).bodies[0];
    const top = body.faces.find((f) => f.name === "F1:+z")!;
    expect(top.area).toBe(30 * 30 - 10 * 10);
    expect(top.patches).toHaveLength(1);
    expect(top.patches[0].loops).toHaveLength(2);
    checkPatches(body);
  });

  it("traces a face whose region touches itself at a corner", () => {
    // A and B come first and lie inside C, their tops in C's top plane: they take two diagonal squares
    // of it, so C:+z is one piece whose outline passes twice through the point (2, 2, 1).
    const body = design([
      {
        name: "Pinch",
        features: [box("A", [1, 1, 0], [2, 2, 1]), box("B", [2, 2, 0], [3, 3, 1]), box("C", [0, 0, 0], [4, 4, 1])],
      },
    ]).bodies[0];
    const top = body.faces.find((f) => f.name === "C:+z")!;
    expect(top.area).toBe(16 - 2);
    expect(body.faces.find((f) => f.name === "A:+z")!.area).toBe(1);
    expect(body.faces.find((f) => f.name === "A:-z")!.area).toBe(1); // the bottom is split alike
    expect(body.faces.find((f) => f.name === "C:-z")!.area).toBe(16 - 2);
    checkPatches(body);
    // Each loop visits a point at most once, so the outlines can be triangulated.
    for (const patch of top.patches)
      for (const loop of patch.loops) expect(new Set(loop.map((p) => p.join())).size).toBe(loop.length);
  });

  it("keeps names through an edit that keeps the feature", () => {
    const before = design([{ name: "P", features: [box("F1", [0, 0, 0], [100, 20, 10]), box("F2", [0, 0, 10], [50, 20, 20])] }]).bodies[0];
    const after = design([{ name: "P", features: [box("F1", [0, 0, 0], [120, 25, 10]), box("F2", [0, 0, 10], [70, 25, 30])] }]).bodies[0];
    expect(after.faces.map((f) => f.name)).toEqual(before.faces.map((f) => f.name));
    expect(after.edges.map((e) => e.name)).toEqual(before.edges.map((e) => e.name));
    expect(after.faces.find((f) => f.name === "F1:+x")!.area).toBe(25 * 10);
  });

  it("numbers a clockwise profile's sides as written", () => {
    // The same L as the corpus, written clockwise: side k is still the edge from point k to point k+1.
    const profile = [[0, 0], [0, 40], [10, 40], [10, 10], [60, 10], [60, 0]];
    const body = design([{ name: "CW", features: [{ id: "E", type: "extrude", plane: "xy", profile, from: 5, to: -15 }] }]).bodies[0];
    const face = (name: string) => body.faces.find((f) => f.name === name)!;
    expect(face("E:side:1").area).toBe(40 * 20);
    expect(face("E:side:1").normal).toEqual([-1, 0, 0]);
    expect(face("E:side:4").normal).toEqual([0, 1, 0]);
    expect(face("E:start").normal).toEqual([0, 0, 1]); // from 5 down to -15: the start face is on top
    expect(body.bbox).toEqual({ min: [0, 0, -15], max: [60, 40, 5] });
    expect(body.volume).toBe(900 * 20);
    checkPatches(body);
  });

  it("maps each sketch plane's (u, v) to a right-handed frame", () => {
    const square = [[0, 0], [2, 0], [2, 1], [0, 1]];
    const along = (plane: string) => design([{ name: "S", features: [{ id: "E", type: "extrude", plane, profile: square, from: 0, to: 3 }] }]).bodies[0];
    expect(along("xy").bbox).toEqual({ min: [0, 0, 0], max: [2, 1, 3] });
    expect(along("yz").bbox).toEqual({ min: [3 * 0, 0, 0], max: [3, 2, 1] });
    expect(along("zx").bbox).toEqual({ min: [0, 0, 0], max: [1, 3, 2] });
    expect(along("yz").faces.find((f) => f.name === "E:end")!.normal).toEqual([1, 0, 0]);
    expect(along("zx").faces.find((f) => f.name === "E:end")!.normal).toEqual([0, 1, 0]);
    for (const p of ["xy", "yz", "zx"]) checkPatches(along(p));
  });
});
