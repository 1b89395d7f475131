// Every element-family row checked for the properties the rest of the engine relies on: a new row is tested
// here by being in the registry.
import { describe, expect, it } from "vitest";
import { FAMILIES, type ElementFamily } from "../src/fem/families/index.js";

/** Measure of each reference element (what a rule's weights sum to) and its node count range. */
const REFERENCE_MEASURE: Record<ElementFamily["shape"], number> = { tetrahedron: 1 / 6, hexahedron: 8, wedge: 1, triangle: 1 / 2, quadrilateral: 4 };

const sub = (a: readonly number[], b: readonly number[]) => a.map((v, i) => v - b[i]);
const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

describe.each(Object.values(FAMILIES))("element family $name", (fam: ElementFamily) => {
  it("shape functions are nodal (N_i(x_j) = δ_ij), sum to one, and their derivatives sum to zero", () => {
    expect(fam.reference.length).toBe(fam.nodes);
    fam.reference.forEach((xi, j) => {
      fam.shapeFunctions(xi).forEach((v, i) => expect(v).toBeCloseTo(i === j ? 1 : 0, 13));
    });
    for (const xi of [...fam.rules.full.points, ...(fam.rules.reduced?.points ?? [])]) {
      expect(fam.shapeFunctions(xi).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 13);
      const d = fam.shapeDerivatives(xi);
      for (let c = 0; c < fam.dimension; c++) expect(d.reduce((s, g) => s + g[c], 0)).toBeCloseTo(0, 12);
    }
  });

  it("derivatives match finite differences of the shape functions", () => {
    const xi = fam.reference.reduce((acc, x) => acc.map((v, c) => v + x[c] / fam.nodes), new Array(fam.dimension).fill(0)).map((v, c) => v + 0.01 * (c + 1));
    const d = fam.shapeDerivatives(xi);
    const h = 1e-6;
    for (let c = 0; c < fam.dimension; c++) {
      const plus = fam.shapeFunctions(xi.map((v, k) => (k === c ? v + h : v)));
      const minus = fam.shapeFunctions(xi.map((v, k) => (k === c ? v - h : v)));
      plus.forEach((p, i) => expect(d[i][c]).toBeCloseTo((p - minus[i]) / (2 * h), 6));
    }
  });

  it("rules integrate the reference measure; the tabulated element and its extrapolation fit the rule", () => {
    for (const rule of [fam.rules.full, fam.rules.reduced].filter((r) => r !== undefined)) {
      expect(rule.points.length).toBe(rule.weights.length);
      expect(rule.weights.reduce((s, w) => s + w, 0)).toBeCloseTo(REFERENCE_MEASURE[fam.shape], 13);
    }
    const used = fam.integration === "reduced" ? fam.rules.reduced! : fam.rules.full;
    const el = fam.element;
    expect([el.type, el.nodes, el.points, el.dimension]).toEqual([fam.name, fam.nodes, used.points.length, fam.dimension]);
    // A constant field at the points extrapolates to the same constant at every node.
    for (let a = 0; a < fam.nodes; a++) {
      let s = 0;
      for (let p = 0; p < el.points; p++) s += el.toNodes[a * el.points + p];
      expect(s).toBeCloseTo(1, 12);
    }
  });

  it.runIf(fam.dimension === 2)("planar: counter-clockwise corners, edges as faces (side k from corner k to k + 1), each edge's outward normal leaving the element", () => {
    const ref = fam.reference;
    let area2 = 0;
    for (let k = 0; k < fam.corners; k++) {
      const a = ref[k], b = ref[(k + 1) % fam.corners];
      area2 += a[0] * b[1] - b[0] * a[1];
    }
    expect(area2).toBeGreaterThan(0);
    const centroid = ref.slice(0, fam.corners).reduce((acc, x) => acc.map((v, c) => v + x[c] / fam.corners), [0, 0]);
    fam.faces.forEach((face, k) => {
      expect(face.nodes.slice(0, 2)).toEqual([k, (k + 1) % fam.corners]);
      if (fam.order === 2) expect(face.nodes[2]).toBe(fam.corners + k);
      const [a, b] = [ref[face.nodes[0]], ref[face.nodes[1]]];
      // For counter-clockwise corners (t_y, -t_x) points out.
      const out = [b[1] - a[1], -(b[0] - a[0])];
      expect(out[0] * (centroid[0] - a[0]) + out[1] * (centroid[1] - a[1])).toBeLessThan(0);
    });
  });

  it.runIf(fam.dimension === 3)("faces: corners first, mid-side nodes between consecutive corners, winding into the element, triangles covering the face", () => {
    const centroid = fam.reference.slice(0, fam.corners).reduce((acc, x) => acc.map((v, c) => v + x[c] / fam.corners), [0, 0, 0]);
    const midOf = new Map(fam.edges.map(([a, b], k) => [`${Math.min(a, b)}-${Math.max(a, b)}`, fam.corners + k]));
    for (const face of fam.faces) {
      expect(face.surface.nodes).toBe(face.nodes.length);
      const corners = face.nodes.slice(0, face.corners);
      for (const c of corners) expect(c).toBeLessThan(fam.corners);
      if (fam.order === 2)
        for (let k = 0; k < face.corners; k++) {
          const a = corners[k], b = corners[(k + 1) % face.corners];
          expect(face.nodes[face.corners + k]).toBe(midOf.get(`${Math.min(a, b)}-${Math.max(a, b)}`));
        }
      const [p0, p1, p2] = corners.map((c) => fam.reference[c]);
      const normal = cross(sub(p1, p0), sub(p2, p0));
      expect(dot(normal, sub(centroid, p0))).toBeGreaterThan(0);
      // The drawn triangles tile the face: same total area, each winding as the face does.
      const area = (t: readonly number[]) => cross(sub(fam.reference[face.nodes[t[1]]], fam.reference[face.nodes[t[0]]]), sub(fam.reference[face.nodes[t[2]]], fam.reference[face.nodes[t[0]]]));
      let total = 0;
      for (const t of face.triangles) {
        const n = area(t);
        expect(dot(n, normal)).toBeGreaterThan(0);
        total += Math.hypot(...n) / 2;
      }
      const faceArea = corners.slice(1, -1).reduce((s, _c, k) => s + Math.hypot(...cross(sub(fam.reference[corners[k + 1]], p0), sub(fam.reference[corners[k + 2]], p0))) / 2, 0);
      expect(total).toBeCloseTo(faceArea, 12);
    }
  });

  it("the face's surface shape is the element's shape restricted to the face", () => {
    for (const face of fam.faces) {
      for (const [s, t] of face.surface.rule.points) {
        const { N } = face.surface.evaluate(s, t);
        const xi = new Array(fam.dimension).fill(0).map((_, c) => N.reduce((acc, v, k) => acc + v * fam.reference[face.nodes[k]][c], 0));
        const full = fam.shapeFunctions(xi);
        full.forEach((v, a) => {
          const k = face.nodes.indexOf(a);
          expect(v).toBeCloseTo(k >= 0 ? N[k] : 0, 12);
        });
      }
    }
  });

  it("deck names: PLOAD4 grids are a face corner and another corner, LS-DYNA nodes are local nodes", () => {
    expect(fam.decks.abaqus).toBe(fam.name);
    fam.faces.forEach((face, side) => {
      // CTETRA: G4 the corner off the face; CHEXA/CPENTA (later rows): G3 the corner diagonal to G1 on it.
      const [g1, g34] = fam.decks.nastran.pressureGrids(side);
      expect(face.nodes.slice(0, face.corners)).toContain(g1);
      expect(g34).toBeLessThan(fam.corners);
      expect(g34).not.toBe(g1);
    });
    for (const a of fam.decks.lsdyna.nodes) expect(a).toBeLessThan(fam.nodes);
  });
});
