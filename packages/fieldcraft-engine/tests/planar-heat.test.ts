// Steady conduction on planar meshes (CPS, CPE, CAX): the conduction form times the thickness or 2 pi r, fluxes
// and films on edges, body heat per area; against CalculiX running our Abaqus deck (DC2D*, DCAX*) on the same
// mesh, against closed forms (a slab is linear; a thick cylinder's wall is logarithmic), and through the commands.
import { describe, expect, it } from "vitest";
import { ALL_NODES_SET, writeAbaqusDeck } from "../src/decks/abaqus.js";
import { HEAT_DECK } from "../src/decks/procedures-modal-heat.js";
import type { DeckStep } from "../src/decks/types.js";
import { family, type PlanarKind } from "../src/fem/families/index.js";
import { bodyHeatLoad, surfaceFluxLoad } from "../src/fem/heat/boundary.js";
import { solveHeat } from "../src/fem/heat/solve-heat.js";
import { facetsWithTags } from "../src/fem/loads.js";
import { planarGridMesh } from "../src/mesh/planarGrid.js";
import { findCcx, runCcx } from "./support/ccx.js";

const ccx = findCcx();
if (!ccx) console.warn("[planar-heat] skipped the CalculiX comparisons: `ccx` is not on PATH (Debian package calculix-ccx)");

const K = 0.05;
const T = 2;
const FAMILIES_2D = [["quadrilateral", 1], ["triangle", 1], ["quadrilateral", 2], ["triangle", 2]] as const;
const name = (kind: PlanarKind, shape: string, order: number) => `${kind === "plane_stress" ? "CPS" : kind === "plane_strain" ? "CPE" : "CAX"}${shape === "triangle" ? 3 * order : 4 * order}`;

const bent = (kind: PlanarKind) => (s: number, t: number): [number, number] => [
  (kind === "axisymmetric" ? 20 : 0) + 40 * s + 1.5 * Math.sin(Math.PI * t) * s,
  10 * t + 3 * Math.sin(Math.PI * s),
];

/** The strip: 20 on the left edge, a flux into the right edge, a film on the top, body heat everywhere. */
async function strip(kind: PlanarKind, shape: "triangle" | "quadrilateral", order: 1 | 2) {
  const mesh = planarGridMesh({ kind, shape, order, cells: order === 1 ? [16, 4] : [8, 2], map: bent(kind) });
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / family(mesh.type).nodes;
  const depth = kind === "axisymmetric" ? 1 : T;
  const left = new Set<number>();
  const lf = facetsWithTags(mesh, [3]);
  lf.element.forEach((e, k) => family(mesh.type).faces[lf.side[k]].nodes.forEach((a) => left.add(mesh.elements[e * family(mesh.type).nodes + a])));
  const prescribed = new Map([...left].map((n) => [n, 20]));
  const heat = new Float64Array(nn);
  surfaceFluxLoad(mesh, facetsWithTags(mesh, [1]), 0.5, heat, depth);
  bodyHeatLoad(mesh, Int32Array.from({ length: ne }, (_, e) => e), 0.02, heat, depth);
  const top = facetsWithTags(mesh, [2]);
  const films = [{ facets: top, coefficient: 0.01, sink: 100, thickness: depth }];
  const r = await solveHeat({ mesh, elementMaterial: new Int32Array(ne), conductivity: [K], prescribed, heat, films, thickness: [depth] }, { tolerance: 1e-13 });
  if (!r.ok) throw new Error(r.error);
  return { mesh, left: [...left], heat, top, solution: r.solution };
}

describe.skipIf(!ccx)("planar temperatures agree with CalculiX on the same mesh (our Abaqus deck)", () => {
  for (const kind of ["plane_stress", "plane_strain", "axisymmetric"] as PlanarKind[])
    for (const [shape, order] of FAMILIES_2D)
      it(`${name(kind, shape, order)}: a flux, a film and body heat, node by node`, async () => {
        const { mesh, left, heat, top, solution } = await strip(kind, shape, order);
        const step: DeckStep = {
          name: "Heat",
          procedure: HEAT_DECK,
          boundaries: [{ nset: "Left", components: [11], value: 20 }],
          cloads: [...heat].flatMap((q, n) => (q !== 0 ? [{ node: n, component: 11, value: q }] : [])),
          pressures: [],
          films: Array.from(top.element, (element, k) => ({ element, side: top.side[k], coefficient: 0.01, sink: 100 })),
        };
        const deck = writeAbaqusDeck(
          {
            heading: `planar heat ${mesh.type}`,
            units: "mm-t-s-N-MPa",
            mesh,
            nsets: [{ name: "Left", nodes: left }],
            elsets: [],
            materials: [{ name: "Steel", young: 210000, poisson: 0.3, conductivity: K }],
            sections: [{ elset: mesh.bodies[0], material: "Steel", thickness: kind === "axisymmetric" ? undefined : T }],
            steps: [step],
          },
          { resultFile: false },
        );
        expect(deck).toMatch(kind === "axisymmetric" ? /TYPE=DCAX\d/ : /TYPE=CP[SE]\d/);
        const dat = (await runCcx(deck)).dat;
        const lines = dat.split(/\r?\n/);
        const start = lines.findIndex((l) => new RegExp(`temperatures for set ${ALL_NODES_SET}`).test(l));
        expect(start, dat.slice(0, 1500)).toBeGreaterThan(-1);
        let lo = Infinity, hi = -Infinity, diff = 0, count = 0;
        for (let j = start + 1; j < lines.length; j++) {
          const f = lines[j].trim().split(/\s+/);
          if (f.length !== 2 || !/^\d+$/.test(f[0])) {
            if (count > 0 && lines[j].trim() !== "") break;
            continue;
          }
          const t = Number(f[1]);
          lo = Math.min(lo, t);
          hi = Math.max(hi, t);
          diff = Math.max(diff, Math.abs(t - solution.temperature[Number(f[0]) - 1]));
          count++;
        }
        expect(count).toBe(mesh.nodes.length / 3);
        expect(hi - lo).toBeGreaterThan(1);
        console.log(`[planar-heat] ${mesh.type}: ${(diff / (hi - lo)).toExponential(2)} of the temperature range`);
        // Plane families: CalculiX's one-layer expansion is exact for conduction in the plane (measured 2e-7).
        // Axisymmetry: its 2-degree wedge is another discretisation of the revolved body (measured 8e-5 for
        // CAX3/4, 1.7e-6 for CAX6/8), as for the static fields in planar-ccx.test.ts.
        expect(diff / (hi - lo)).toBeLessThan(kind === "axisymmetric" ? (order === 1 ? 2e-4 : 5e-6) : 1e-6);
      });
});

describe("planar conduction against closed forms", () => {
  it("a slab between two temperatures is linear in every family (plane and axisymmetric along the axis)", async () => {
    for (const kind of ["plane_stress", "plane_strain", "axisymmetric"] as PlanarKind[])
      for (const [shape, order] of FAMILIES_2D) {
        const x0 = kind === "axisymmetric" ? 5 : 0;
        // Linear families on a distorted grid; quadratic ones on the rectangle's grid, whose straight edges let each
        // family's rule integrate the linear field exactly (CAX6's 3-point rule would not on curved edges).
        const wave = order === 1 ? 1 : 0;
        const mesh = planarGridMesh({ kind, shape, order, cells: [5, 3], map: (s, t) => [x0 + 10 * s + wave * 0.8 * Math.sin(Math.PI * s) * Math.sin(Math.PI * t), 30 * t + wave * Math.sin(2 * Math.PI * s) * Math.sin(Math.PI * t)] });
        const nn = mesh.nodes.length / 3, ne = mesh.elements.length / family(mesh.type).nodes;
        // Held at y = 0 and y = 30: T = 10 + 2 y exactly (the axis is y, so axisymmetry keeps it linear too).
        const prescribed = new Map<number, number>();
        for (let n = 0; n < nn; n++) {
          const y = mesh.nodes[3 * n + 1];
          if (y === 0 || y === 30) prescribed.set(n, 10 + 2 * y);
        }
        const r = await solveHeat({ mesh, elementMaterial: new Int32Array(ne), conductivity: [K], prescribed, heat: new Float64Array(nn), films: [], thickness: [T] }, { tolerance: 1e-13 });
        if (!r.ok) throw new Error(r.error);
        for (let n = 0; n < nn; n++) {
          expect(Math.abs(r.solution.temperature[n] - (10 + 2 * mesh.nodes[3 * n + 1]))).toBeLessThan(1e-9);
          expect(r.solution.flux[3 * n + 1]).toBeCloseTo(-2 * K, 9);
        }
      }
  });

  it("a thick cylinder's wall (CAX8): T = Ta + (Tb - Ta) ln(r/a) / ln(b/a), and the heat flow is 2 pi k L (Ta - Tb) / ln(b/a)", async () => {
    const a = 10, b = 30, L = 5, Ta = 100, Tb = 20;
    const mesh = planarGridMesh({ kind: "axisymmetric", shape: "quadrilateral", order: 2, cells: [16, 1], map: (s, t) => [a + (b - a) * s, L * t] });
    const nn = mesh.nodes.length / 3, ne = mesh.elements.length / 8;
    const prescribed = new Map<number, number>();
    for (let n = 0; n < nn; n++) {
      const x = mesh.nodes[3 * n];
      if (x === a) prescribed.set(n, Ta);
      if (x === b) prescribed.set(n, Tb);
    }
    const r = await solveHeat({ mesh, elementMaterial: new Int32Array(ne), conductivity: [K], prescribed, heat: new Float64Array(nn), films: [] }, { tolerance: 1e-13 });
    if (!r.ok) throw new Error(r.error);
    let worst = 0, inflow = 0;
    for (let n = 0; n < nn; n++) {
      const x = mesh.nodes[3 * n];
      worst = Math.max(worst, Math.abs(r.solution.temperature[n] - (Ta + ((Tb - Ta) * Math.log(x / a)) / Math.log(b / a))));
      if (x === a) inflow += r.solution.reaction[n];
    }
    expect(worst / (Ta - Tb)).toBeLessThan(1e-4);
    const Q = (2 * Math.PI * K * L * (Ta - Tb)) / Math.log(b / a);
    expect(Math.abs(inflow / Q - 1)).toBeLessThan(1e-4);
  });
});

describe("planar heat steps through the commands", () => {
  it("mesh.planar CAX4 ring: solve.heat, temperatures, reaction heat flow balancing the flux and the film, a picture", async () => {
    const { createSession } = await import("../src/index.js");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { ok } = await import("./session-helpers.js");
    const dir = mkdtempSync(join(tmpdir(), "fc-planar-heat-"));
    const design = join(dir, "ring.solidcraft");
    writeFileSync(design, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Ring", features: [{ id: "F1", type: "box", min: [10, 0, 0], max: [30, 10, 1] }] }] }));
    const s = createSession();
    await ok(s, "geometry.open", { path: design });
    const meshed = await ok(s, "mesh.planar", { body: "Ring", element: "CAX4", size: 2 });
    const edge = (face: string) => (meshed.mesh.edges as string[]).find((e) => e.split("|").includes(face))!;
    await ok(s, "model.set.create", { name: "bore", geometry: [{ body: "Ring", edge: edge("F1:-x") }] });
    await ok(s, "model.set.create", { name: "outside", geometry: [{ body: "Ring", edge: edge("F1:+x") }] });
    await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Ring", edge: edge("F1:+y") }] });
    await ok(s, "model.set.create", { name: "ring", geometry: [{ body: "Ring" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, conductivity: K });
    await ok(s, "model.section.create", { name: "sec", set: "ring", material: "steel", kind: { type: "axisymmetric" } });
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", value: 20, target: { set: "outside" } });
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", value: 0.3, target: { set: "bore" } });
    await ok(s, "model.load.create", { name: "air", type: "film", coefficient: 0.002, sink: 50, target: { set: "top" } });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["cold"], loads: ["in", "air"] });
    await ok(s, "solve.heat", { tolerance: 1e-12 });
    const reactions = await ok(s, "results.reactions", { step: "Heat" });
    // The flux into the bore is q 2 pi a h = 0.3 * 2 pi * 10 * 10 for the full circle; films and the cold outside balance it.
    expect(JSON.stringify(reactions)).toMatch(/heat_flow/);
    const contour = await ok(s, "results.contour", { field: "temperature" });
    expect(contour.contour.range.max.value).toBeGreaterThan(20);
    expect(contour.contour.range.min.value).toBeCloseTo(20, 9);
    const png = await ok(s, "ui.render", { width: 160, height: 120 });
    expect(png.png.length).toBeGreaterThan(1000);
    // Revolved about the y axis: a 3D body of many more triangles, seen from the iso corner, the same field range.
    const { decodePng } = await import("../src/render/index.js");
    const revolved = await ok(s, "ui.render", { width: 160, height: 120, revolve: 270 });
    expect(revolved.triangles).toBeGreaterThan(10 * png.triangles);
    expect(revolved.view).not.toBe("top");
    expect(revolved.field).toMatchObject({ name: "temperature", min: png.field.min, max: png.field.max });
    const flatPixels = decodePng(png.png), turnedPixels = decodePng(revolved.png);
    expect(turnedPixels.width).toBe(160);
    let differ = 0;
    for (let i = 0; i < flatPixels.data.length; i += 4) if (flatPixels.data[i] !== turnedPixels.data[i]) differ++;
    expect(differ).toBeGreaterThan(1000);
    const full = await ok(s, "ui.render", { width: 160, height: 120, revolve: 360 });
    expect(full.triangles).toBeGreaterThan(revolved.triangles);
    const inflow = 0.3 * 2 * Math.PI * 10 * 10;
    expect(Math.abs(reactions.relative_imbalance)).toBeLessThan(1e-9);
    expect(inflow).toBeGreaterThan(0);
  });
});
