// The renderer judged by what a person would see: where the model lands, which colours fill it, where the
// symbols are, and that the same scene always gives the same bytes.
import { describe, expect, it } from "vitest";
import {
  applyCameraRequest,
  bandColors,
  clampSide,
  COLORS,
  formatLegendValue,
  DEFAULT_CAMERA,
  halfHeightForDistance,
  renderScene,
  STANDARD_VIEWS,
  SYMBOL_COLORS,
  spreadSample,
  viewBasis,
  type Scene,
} from "../src/render/index.js";
import { boxDesign, boxMesh, facetsTagged, nodesAt } from "./support/render-fixtures.js";
import { boundsOf, pixel, readPicture, same } from "./support/render-pixels.js";

const beam = boxMesh({ min: [0, 0, 0], max: [100, 10, 10], divisions: [20, 2, 2] });
const notBackground = (rgb: number[]) => !same(rgb, COLORS.background);
const front = { ...STANDARD_VIEWS.front, view: "front" as const };

describe("camera conventions", () => {
  it("yaw 0 looks along +Y with Z up; iso is yaw -45 seen from +x, -y, +z", () => {
    const b = viewBasis(0, 0);
    expect(b.dir.map((v) => +v.toFixed(12))).toEqual([0, 1, 0]);
    expect(b.right.map((v) => +v.toFixed(12))).toEqual([1, 0, 0]);
    expect(b.up.map((v) => +v.toFixed(12))).toEqual([0, 0, 1]);
    const iso = viewBasis(STANDARD_VIEWS.iso.yaw, STANDARD_VIEWS.iso.pitch);
    // The eye is at -dir from the target: (+1, -1, +1)/sqrt(3).
    for (const [k, s] of [[0, -1], [1, 1], [2, -1]] as const) expect(iso.dir[k]).toBeCloseTo(s / Math.sqrt(3), 12);
    const top = viewBasis(0, 90);
    expect(top.dir[2]).toBeCloseTo(-1, 12);
    expect(top.up[1]).toBeCloseTo(1, 12);
  });

  it("keeps the orientation between requests, clamps pitch and names bad input", () => {
    let state = DEFAULT_CAMERA;
    const a = applyCameraRequest(state, { view: "top" });
    expect(a).toEqual({ ok: true, state: { view: "top", yaw: 0, pitch: 90 } });
    if (!a.ok) return;
    state = a.state;
    const b = applyCameraRequest(state, { camera: { yaw: 30 } });
    expect(b).toEqual({ ok: true, state: { view: null, yaw: 30, pitch: 90 } });
    const c = applyCameraRequest(state, { camera: { yaw: 400, pitch: 120, distance: 50 } });
    expect(c).toEqual({ ok: true, state: { view: null, yaw: 40, pitch: 90, distance: 50 } });
    expect(applyCameraRequest(state, {})).toEqual({ ok: true, state });
    const bad = applyCameraRequest(state, { view: "diagonal" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/iso, front, back, left, right, top, bottom/);
    const both = applyCameraRequest(state, { view: "iso", camera: { yaw: 1 } });
    expect(both.ok).toBe(false);
    const neg = applyCameraRequest(state, { camera: { distance: -1 } });
    expect(neg.ok).toBe(false);
    if (!neg.ok) expect(neg.error).toMatch(/camera.distance/);
    const nan = applyCameraRequest(state, { camera: { pitch: "up" } });
    if (!nan.ok) expect(nan.error).toMatch(/camera.pitch/);
    expect(nan.ok).toBe(false);
  });

  it("clamps picture sides to 16..4096", () => {
    expect(clampSide(3, 800)).toBe(16);
    expect(clampSide(100000, 800)).toBe(4096);
    expect(clampSide(undefined, 800)).toBe(800);
    const tiny = renderScene({ mesh: beam }, front, { width: 1, height: 2 });
    const p = readPicture(tiny.png);
    expect([p.width, p.height]).toEqual([16, 16]);
    expect(tiny.info.legend).toBeNull();
  });
});

describe("silhouette", () => {
  it("frames a box seen from the front into the expected pixel rectangle", () => {
    const { png, info } = renderScene({ mesh: beam, triad: false }, front, { width: 400, height: 300 });
    const p = readPicture(png);
    const box = boundsOf(p, notBackground)!;
    // Framed: the 100-long side spans 88% of the width (6% margins), centred; height follows the same scale.
    const ppu = (400 * 0.88) / 100;
    expect(info.pixels_per_unit).toBeCloseTo(ppu, 9);
    expect(Math.abs(box.x0 - (200 - 50 * ppu))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.x1 + 1 - (200 + 50 * ppu))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.y0 - (150 - 5 * ppu))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(box.y1 + 1 - (150 + 5 * ppu))).toBeLessThanOrEqual(1.5);
    expect(info.camera.target.map((v) => +v.toFixed(9))).toEqual([50, 5, 5]);
    expect(info.view).toBe("front");
  });

  it("honours a camera distance: the visible height is 2 distance tan(15 deg)", () => {
    const distance = 200;
    const { png, info } = renderScene({ mesh: beam, triad: false }, { yaw: 0, pitch: 0, distance }, { width: 640, height: 480 });
    const ppu = 240 / halfHeightForDistance(distance);
    expect(info.camera.distance).toBe(distance);
    const box = boundsOf(readPicture(png), notBackground)!;
    expect(Math.abs(box.x1 + 1 - box.x0 - 100 * ppu)).toBeLessThanOrEqual(2);
    expect(Math.abs(box.y1 + 1 - box.y0 - 10 * ppu)).toBeLessThanOrEqual(2);
  });

  it("puts +X to the right in front view, +Y up in top view and +Y right in the right view", () => {
    const tip = nodesAt(beam, 0, 100);
    const side = nodesAt(beam, 1, 10);
    const scene = (nodes: number[]): Scene => ({ mesh: beam, triad: false, symbols: [{ kind: "fixed", name: "s", nodes }] });
    const green = (rgb: number[]) => same(rgb, SYMBOL_COLORS.fixed);
    const f = boundsOf(readPicture(renderScene(scene(tip), front, { width: 400, height: 300 }).png), green)!;
    expect(f.x0).toBeGreaterThan(300);
    const t = boundsOf(readPicture(renderScene(scene(side), STANDARD_VIEWS.top, { width: 400, height: 300 }).png), green)!;
    expect(t.y1).toBeLessThan(150);
    const r = boundsOf(readPicture(renderScene(scene(side), STANDARD_VIEWS.right, { width: 400, height: 300 }).png), green)!;
    expect(r.x0).toBeGreaterThan(200);
  });

  it("draws a design's faces when there is no mesh, over the same rectangle as its mesh", () => {
    const parsed = { design: boxDesign([0, 0, 0], [100, 10, 10]) };
    const fromDesign = renderScene({ design: parsed.design, triad: false }, front, { width: 400, height: 300 });
    const fromMesh = renderScene({ mesh: beam, triad: false }, front, { width: 400, height: 300 });
    expect(fromDesign.info.source).toBe("design");
    const a = boundsOf(readPicture(fromDesign.png), notBackground)!;
    const b = boundsOf(readPicture(fromMesh.png), notBackground)!;
    expect([a.x0, a.y0, a.x1, a.y1]).toEqual([b.x0, b.y0, b.x1, b.y1]);
    // The iso view shows three shades: the lit top, the front and the right faces differ.
    const iso = readPicture(renderScene({ design: parsed.design, triad: false }, STANDARD_VIEWS.iso, { width: 400, height: 300 }).png);
    const shades = new Set<string>();
    for (let i = 0; i < iso.width * iso.height; i++) {
      const rgb = [iso.data[4 * i], iso.data[4 * i + 1], iso.data[4 * i + 2]];
      if (notBackground(rgb) && rgb[0] > 60) shades.add(rgb.join(","));
    }
    expect(shades.size).toBeGreaterThanOrEqual(3);
  });
});

describe("contours", () => {
  it("shows a linear field over a block as bands of nearly equal area, with the legend's colours", () => {
    const block = boxMesh({ min: [0, 0, 0], max: [100, 20, 40], divisions: [10, 2, 4], type: "C3D10" });
    const n = block.nodes.length / 3;
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = 3 + 0.5 * block.nodes[3 * i];
    const bands = 10;
    const { png, info } = renderScene(
      { mesh: block, field: { name: "S11", unit: "MPa", values }, bands, triad: false, meshEdges: false },
      front,
      { width: 640, height: 480 },
    );
    expect(info.field).toMatchObject({ name: "S11", unit: "MPa", min: 3, max: 53, bands });
    expect(info.legend).not.toBeNull();
    const p = readPicture(png);
    const palette = bandColors(bands);
    // Every legend swatch colour appears exactly (unshaded) inside the legend box.
    for (const c of palette) {
      const found = boundsOf(p, (rgb, x, y) => x < info.legend!.width && y < info.legend!.height && same(rgb, c));
      expect(found, `legend swatch ${c}`).not.toBeNull();
    }
    // Classify model pixels by hue (shading scales all channels alike) and count each band's area.
    const unitOf = (c: readonly number[]) => {
      const l = Math.hypot(c[0], c[1], c[2]);
      return [c[0] / l, c[1] / l, c[2] / l];
    };
    const units = palette.map(unitOf);
    const counts = new Array(bands).fill(0);
    let total = 0;
    for (let y = 0; y < p.height; y++) {
      for (let x = Math.ceil(info.legend!.width); x < p.width; x++) {
        const rgb = pixel(p, x, y);
        if (same(rgb, COLORS.background) || Math.max(...rgb) < 60) continue;
        const u = unitOf(rgb);
        let best = 0, bestDot = -1;
        units.forEach((v, i) => {
          const d = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
          if (d > bestDot) {
            bestDot = d;
            best = i;
          }
        });
        counts[best]++;
        total++;
      }
    }
    for (let i = 0; i < bands; i++) expect(counts[i] / total).toBeGreaterThan(0.09), expect(counts[i] / total).toBeLessThan(0.11);
    // Low values on the left (x = 0), high on the right.
    const row = Math.round(p.height / 2);
    const left = pixel(p, Math.ceil(info.legend!.width) + 50, row);
    expect(unitOf(left)[2]).toBeGreaterThan(0.9);
    const rightX = boundsOf(p, (rgb, x) => x > info.legend!.width && notBackground(rgb))!.x1 - 5;
    const right = pixel(p, rightX, row);
    expect(unitOf(right)[0]).toBeGreaterThan(0.9);
  });

  it("reports the nodes of the smallest and largest values", () => {
    const n = beam.nodes.length / 3;
    const values = new Float64Array(n).fill(1);
    values[7] = -2;
    values[12] = 9;
    const { info } = renderScene({ mesh: beam, field: { name: "mises", values } }, STANDARD_VIEWS.iso, { width: 300, height: 200 });
    expect(info.field).toMatchObject({ min: -2, max: 9, min_node: 8, max_node: 13, unit: null });
  });
});

describe("deformed shape", () => {
  const n = beam.nodes.length / 3;
  const u = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) u[3 * i + 2] = -0.002 * beam.nodes[3 * i] ** 2 / 100; // tip: -0.2
  const size = Math.hypot(100, 10, 10);

  it("draws the largest displacement as 10% of the model size with scale auto", () => {
    const { png, info } = renderScene({ mesh: beam, displacement: u, scale: "auto", triad: false }, { yaw: 0, pitch: 0, distance: 150 }, { width: 640, height: 480 });
    expect(info.deformation!.max_displacement).toBeCloseTo(0.2, 12);
    expect(info.deformation!.scale).toBeCloseTo((0.1 * size) / 0.2, 9);
    const ppu = info.pixels_per_unit;
    const p = readPicture(png);
    // The tip's bottom edge (z = 0, x = 100) is drawn 0.1 * size lower than undeformed; the root stays.
    const dark = (rgb: number[]) => same(rgb, COLORS.featureEdge);
    const tipColumn = Math.round(info.camera.target[0] * 0 + 320 + (99.5 - info.camera.target[0]) * ppu);
    let lowest = -1;
    for (let y = 0; y < p.height; y++) if (dark(pixel(p, tipColumn, y))) lowest = y;
    const undeformedBottom = 240 + info.camera.target[2] * ppu;
    const expected = undeformedBottom + 0.1 * size * (99.5 / 100) ** 2 * ppu;
    expect(Math.abs(lowest - expected)).toBeLessThanOrEqual(2.5);
  });

  it("draws scale 0 exactly as the undeformed model", () => {
    const a = renderScene({ mesh: beam, displacement: u, scale: 0 }, STANDARD_VIEWS.iso, { width: 320, height: 240 });
    const b = renderScene({ mesh: beam }, STANDARD_VIEWS.iso, { width: 320, height: 240 });
    expect(a.info.deformation).toEqual({ scale: 0, max_displacement: expect.closeTo(0.2, 12) });
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true);
  });
});

describe("symbols", () => {
  it("draws supports at the clamped face and force arrows at the loaded face", () => {
    const root = nodesAt(beam, 0, 0);
    const tip = nodesAt(beam, 0, 100);
    const scene: Scene = {
      mesh: beam,
      triad: false,
      symbols: [
        { kind: "fixed", name: "clamp", nodes: root },
        { kind: "force", name: "push", nodes: tip, vector: [0, 0, -1000] },
      ],
    };
    const { png, info } = renderScene(scene, front, { width: 400, height: 300 });
    const p = readPicture(png);
    const ppu = info.pixels_per_unit;
    const cx = 200 - info.camera.target[0] * ppu; // screen x of the plane x = 0
    const size = Math.hypot(100, 10, 10);
    const supports = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.fixed))!;
    expect(supports).not.toBeNull();
    // Cones point at the root face from outside it: all left of x = 0, no further than a cone height.
    expect(supports.x1).toBeLessThanOrEqual(cx + 1.5);
    expect(supports.x0).toBeGreaterThanOrEqual(cx - 0.035 * size * ppu - 2);
    const arrows = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.force))!;
    const tipX = cx + 100 * ppu;
    expect(Math.abs(arrows.x0 - tipX)).toBeLessThan(12);
    expect(Math.abs(arrows.x1 - tipX)).toBeLessThan(12);
    // The arrows come down onto the tip: they start above the beam (force along -Z).
    expect(arrows.y0).toBeLessThan(150 - 5 * ppu - 10);
    expect(info.symbols.map((s) => s.name)).toEqual(["clamp", "push"]);
    expect(info.sampled_symbols).toEqual([]);
  });

  it("draws a definition on many nodes with a sample and says so", () => {
    const big = boxMesh({ min: [0, 0, 0], max: [100, 100, 10], divisions: [40, 40, 1] });
    const top = nodesAt(big, 2, 10);
    expect(top.length).toBeGreaterThan(1000);
    const pressure = facetsTagged(big, "F1:+z");
    const { info } = renderScene(
      {
        mesh: big,
        symbols: [
          { kind: "force", name: "spread", nodes: top, vector: [0, 0, -1] },
          { kind: "pressure", name: "p", facets: pressure, value: 2 },
        ],
      },
      STANDARD_VIEWS.iso,
      { width: 320, height: 240 },
    );
    expect(info.sampled_symbols).toEqual([
      { name: "spread", kind: "force", count: top.length, drawn: 40 },
      { name: "p", kind: "pressure", count: pressure.element.length, drawn: 40 },
    ]);
  });

  it("draws a prescribed displacement as a cone and, when it moves the nodes, an arrow along the motion", () => {
    const tip = nodesAt(beam, 0, 100);
    const draw = (vector: [number, number, number]) =>
      readPicture(renderScene({ mesh: beam, triad: false, symbols: [{ kind: "displacement", name: "d", nodes: tip, vector }] }, front, { width: 400, height: 300 }).png);
    const blue = (rgb: number[]) => same(rgb, SYMBOL_COLORS.displacement);
    const held = boundsOf(draw([0, 0, 0]), blue)!;
    const lifted = boundsOf(draw([0, 0, 0.5]), blue)!;
    // Lifting the tip by +Z: arrows come up from below, reaching further down than the cones alone.
    expect(lifted.y1).toBeGreaterThan(held.y1 + 10);
    expect(lifted.count).toBeGreaterThan(held.count);
  });

  it("samples by where the nodes are, not by their numbering", () => {
    const big = boxMesh({ min: [0, 0, 0], max: [100, 100, 10], divisions: [30, 30, 1] });
    const top = nodesAt(big, 2, 10);
    const points = (order: number[]) => Float64Array.from(order.flatMap((n) => [big.nodes[3 * n], big.nodes[3 * n + 1], big.nodes[3 * n + 2]]));
    const reversed = [...top].reverse();
    const a = spreadSample(points(top), 40).map((i) => top[i]).sort((x, y) => x - y);
    const b = spreadSample(points(reversed), 40).map((i) => reversed[i]).sort((x, y) => x - y);
    expect(a).toHaveLength(40);
    expect(b).toEqual(a);
  });

  it("draws pressure arrows pointing into the loaded face", () => {
    const { png, info } = renderScene(
      { mesh: beam, triad: false, symbols: [{ kind: "pressure", name: "p", facets: facetsTagged(beam, "F1:+z"), value: 5 }] },
      front,
      { width: 400, height: 300 },
    );
    const p = readPicture(png);
    const arrows = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.pressure))!;
    const topY = 150 - (10 - info.camera.target[2]) * info.pixels_per_unit;
    expect(arrows.y1).toBeLessThanOrEqual(topY + 2);
    expect(arrows.y0).toBeLessThan(topY - 10);
  });
});

describe("legend text", () => {
  it("writes values in 4 significant digits, exponents for very large or small ones", () => {
    expect([0, 1, -2.5, 196.18868912733686, 0.0123456, 123456.7, -0.0000123456].map(formatLegendValue)).toEqual([
      "0", "1", "-2.5", "196.2", "0.01235", "1.235E+05", "-1.235E-05",
    ]);
  });

  it("draws the title, labels and caption in the legend box, and nothing of it without a field", () => {
    const values = Float64Array.from({ length: beam.nodes.length / 3 }, (_, i) => beam.nodes[3 * i]);
    const scene: Scene = { mesh: beam, field: { name: "S11", unit: "MPa", values }, caption: ["step Load"], triad: false };
    const { png, info } = renderScene(scene, front, { width: 480, height: 360 });
    const p = readPicture(png);
    const text = boundsOf(p, (rgb, x, y) => x < info.legend!.width && y < info.legend!.height && same(rgb, COLORS.text))!;
    expect(text.count).toBeGreaterThan(300);
    // The caption sits under the bar, inside the reported box.
    expect(text.y1).toBeLessThan(info.legend!.height);
    expect(text.y1).toBeGreaterThan(info.legend!.height - 30);
    const plain = readPicture(renderScene({ mesh: beam, triad: false }, front, { width: 480, height: 360 }).png);
    expect(boundsOf(plain, (rgb) => same(rgb, COLORS.text))).toBeNull();
  });
});

describe("scene checks", () => {
  it("names the member that does not fit the mesh", () => {
    const n = beam.nodes.length / 3;
    expect(() => renderScene({ mesh: beam, displacement: new Float64Array(5) }, front, { width: 64, height: 64 })).toThrow(/scene.displacement has 5 values; the mesh needs 3 per node/);
    expect(() => renderScene({ mesh: beam, field: { name: "x", values: new Float64Array(n - 1) } }, front, { width: 64, height: 64 })).toThrow(/scene.field.values/);
    expect(() => renderScene({ mesh: beam, symbols: [{ kind: "fixed", name: "far", nodes: [n] }] }, front, { width: 64, height: 64 })).toThrow(/symbol "far": node index/);
  });
});

describe("determinism", () => {
  it("gives the same bytes for the same scene", () => {
    const make = (): Scene => {
      const m = boxMesh({ min: [0, 0, 0], max: [30, 20, 10], divisions: [6, 4, 2], type: "C3D10" });
      const values = Float64Array.from({ length: m.nodes.length / 3 }, (_, i) => Math.sin(i));
      return { mesh: m, field: { name: "mises", unit: "MPa", values }, symbols: [{ kind: "fixed", name: "c", nodes: nodesAt(m, 0, 0) }] };
    };
    const a = renderScene(make(), STANDARD_VIEWS.iso, { width: 500, height: 400 });
    const b = renderScene(make(), STANDARD_VIEWS.iso, { width: 500, height: 400 });
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true);
    expect(a.info).toEqual(b.info);
  });
});
