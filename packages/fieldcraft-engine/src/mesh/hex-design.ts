// Hexahedral meshes of a design's bodies. A box union is split by its grid into blocks (each grid cell a mappable
// block); the interval assignment gives every grid interval one count, shared by all blocks along it, so every
// shared face conforms by construction. `mapped` accepts only a single block; `blocks` any box union.
import { analyzeBoxUnion } from "../geometry/boxBody.js";
import type { Body, BoxFeature, Design } from "../geometry/types.js";
import { hexGridMesh, type HexFamilyName } from "./block.js";
import { checkAbort, defaultSize, divisions, MeshFailure } from "./options.js";
import type { Mesh } from "./types.js";
import { assignIntervals, edgeSpan, gradedFractions, type IntervalGrading, type SeedRule } from "./seeds.js";
import type { EdgeSeed } from "../model/types.js";
import { sweepHexMesh } from "./hex-sweep.js";
import { seedsOnSharedEdges, type SeededEdge } from "./shared-seeds.js";
import type { QuadQuality } from "./quadProfile.js";
import { joinInterfaces, type InterfaceReport } from "./interfaces.js";
import { refuseOverCap } from "./estimate.js";

export type HexMethod = "mapped" | "blocks" | "sweep";

export interface HexMeshOptions {
  bodies?: string[];
  size?: number;
  /** Layers of a sweep (mesh.hex_sweep); default from seeds along the extrusion, else depth / size. */
  layers?: number;
  /** Wedge families only with the sweep (its profile's triangles swept). */
  type: HexFamilyName | "C3D6" | "C3D15";
  method: HexMethod | "auto";
  /** Edge seeds of the model (`mesh.seed.edge`); each body takes those naming its edges. */
  seeds?: readonly EdgeSeed[];
  maxElements: number;
  maxNodes: number;
  signal?: AbortSignal;
}

export interface HexMeshStats {
  type: HexFamilyName | "C3D6" | "C3D15";
  elements: number;
  nodes: number;
  boundaryFacets: number;
  seconds: number;
  /** Partition interfaces between the cells meshed, merged or tied. */
  interfaces?: InterfaceReport[];
  bodies: { name: string; method: HexMethod; size: number; blocks: number; elements: number; nodes: number; intervals: number[][]; seeds: { seed: number; edge: string; count: number }[]; layers?: number; quads?: QuadQuality }[];
}

export type HexMeshResult = { ok: true; mesh: Mesh; stats: HexMeshStats } | { ok: false; error: string };

/** Why a body cannot be meshed by a method, or its plan: the box grid with a count per interval. */
function plan(body: Body, method: HexMethod | "auto", size: number, seeds: readonly SeedRule[]) {
  const suggestion = "; use method `tet` (mesh.tet.generate)";
  if (body.kind === "mesh")
    return { ok: false as const, error: `body "${body.name}" is a general polyhedron (a cell of an oblique partition, or an imported surface): the hexahedral meshers take box unions (mapped, blocks) and extrusions (sweep)${suggestion}` };
  if (body.kind !== "boxes")
    return { ok: false as const, error: `body "${body.name}" is an extrusion: ${method === "sweep" ? "sweeping" : `method ${method}`} takes box unions only; use hex_sweep (or hex)${suggestion}` };
  if (method === "sweep") return { ok: false as const, error: `body "${body.name}" is a box union, not an extrusion: hex_sweep sweeps extrusions; use hex_blocks (or hex)${suggestion}` };
  const made = analyzeBoxUnion(body.features as BoxFeature[], body.cuts);
  if (!made.ok) return { ok: false as const, error: `body "${body.name}": ${made.error}` };
  const { grid, faceAt, faces } = made.geometry;
  let blocks = 0;
  for (const v of grid.inside) blocks += v;
  const chosen: HexMethod = method === "auto" ? (blocks === 1 ? "mapped" : "blocks") : method;
  if (chosen === "mapped" && blocks !== 1)
    return { ok: false as const, error: `body "${body.name}" is not one mappable block: its box grid has ${blocks} solid blocks; use method \`hex_blocks\` (or \`hex\`), or \`tet\`` };
  // Interval assignment: one count per grid interval per axis, shared by every block that spans it.
  const intervals = grid.coords.map((c) => Array.from({ length: c.length - 1 }, (_, i) => divisions(c[i + 1] - c[i], size)));
  const grading: (IntervalGrading | undefined)[][] = intervals.map(() => []);
  const assigned = assignIntervals(body, grid.coords, intervals, seeds, grading);
  if (!assigned.ok) return { ok: false as const, error: `body "${body.name}": ${assigned.error}` };
  return { ok: true as const, method: chosen, grid, faceAt, faces, blocks, intervals, grading };
}

export function generateHexMesh(design: Design, o: HexMeshOptions): HexMeshResult {
  // A cancel (or any mesher failure) thrown deep in the grid is an error value here, as the tet mesher's.
  try {
    return meshBodies(design, o);
  } catch (e) {
    if (e instanceof MeshFailure) return { ok: false, error: e.message };
    throw e;
  }
}

function meshBodies(design: Design, o: HexMeshOptions): HexMeshResult {
  const started = performance.now();
  const chosen = o.bodies ? design.bodies.filter((b) => o.bodies!.includes(b.name)) : design.bodies;
  if (chosen.length === 0) return { ok: false, error: "the design has no bodies to mesh" };
  const kind = o.type === "C3D6" || o.type === "C3D15" ? ("wedge" as const) : ("hex" as const);
  const over = refuseOverCap(chosen.map((body) => ({ body, kind, size: o.size ?? defaultSize(body) })), { maxElements: o.maxElements, maxNodes: o.maxNodes, family: o.type });
  if (over) return { ok: false, error: over };
  const parts: Mesh[] = [];
  const stats: HexMeshStats["bodies"] = [];
  let totalElements = 0;
  for (const body of chosen) {
    checkAbort(o.signal);
    const size = o.size ?? defaultSize(body);
    const rules = seedRules(o.seeds ?? [], body.name, design);
    if (body.kind === "extrude" && (o.method === "sweep" || o.method === "auto")) {
      const swept = sweepHexMesh(body, { size, ...(o.layers !== undefined ? { layers: o.layers } : {}), type: o.type, seeds: rules, maxElements: o.maxElements - totalElements, maxNodes: o.maxNodes, ...(o.signal ? { signal: o.signal } : {}) });
      // mesh.hex tried mapped and blocks already (an extrusion is neither): say why sweeping failed and offer tet.
      if (!swept.ok) return { ok: false, error: o.method === "auto" ? `${swept.error} (mapped and blocks take box unions only); use method \`tet\` (mesh.tet.generate)` : swept.error };
      const elements = swept.mesh.elementBody.length;
      totalElements += elements;
      parts.push(swept.mesh);
      stats.push({ name: body.name, method: "sweep", size, blocks: 1, elements, nodes: swept.mesh.nodes.length / 3, intervals: [[swept.stats.layers]], seeds: swept.stats.seeds, layers: swept.stats.layers, quads: swept.stats.quads });
      continue;
    }
    const p = plan(body, o.method, size, rules);
    if (!p.ok) return p;
    if (o.type === "C3D6" || o.type === "C3D15") return { ok: false, error: `body "${body.name}": wedges come from sweeping an extrusion's triangles; the ${p.method} mesher makes hexahedra` };
    const type = o.type;
    const { grid, faceAt, faces, intervals, grading } = p;
    const gn = grid.n;
    // Mesh lines per axis, and for each the geometry cell of every mesh interval and the plane of every line (-1 inside).
    const lines: number[][] = [], cellOf: number[][] = [], planeOf: number[][] = [];
    for (let a = 0; a < 3; a++) {
      const c = grid.coords[a];
      lines.push([c[0]]);
      planeOf.push([0]);
      cellOf.push([]);
      intervals[a].forEach((count, i) => {
        const t = gradedFractions(count, grading[a][i]);
        for (let m = 1; m <= count; m++) {
          lines[a].push(m === count ? c[i + 1] : c[i] + (c[i + 1] - c[i]) * t[m]);
          planeOf[a].push(m === count ? i + 1 : -1);
          cellOf[a].push(i);
        }
      });
    }
    let elements = 0;
    for (let k = 0; k < gn[2]; k++)
      for (let j = 0; j < gn[1]; j++)
        for (let i = 0; i < gn[0]; i++) if (grid.inside[i + gn[0] * (j + gn[1] * k)]) elements += intervals[0][i] * intervals[1][j] * intervals[2][k];
    totalElements += elements;
    if (totalElements > o.maxElements)
      return { ok: false, error: `body "${body.name}": the mesh would have ${totalElements} elements, above the cap maxElements = ${o.maxElements}; use a larger size (now ${size}) or raise maxElements` };
    const mesh = hexGridMesh({
      body: body.name,
      type,
      lines,
      solid: (i, j, k) => grid.inside[cellOf[0][i] + gn[0] * (cellOf[1][j] + gn[1] * cellOf[2][k])] === 1,
      tag(d, i, j, k) {
        const a = d >> 1, b = (a + 1) % 3, c = (a + 2) % 3;
        const at = [i, j, k];
        const plane = planeOf[a][at[a] + (d & 1)];
        const face = faceAt[a][plane + (gn[a] + 1) * (cellOf[b][at[b]] + gn[b] * cellOf[c][at[c]])];
        if (plane < 0 || face < 0) throw new Error(`internal: boundary facet of "${body.name}" off the design's faces`);
        return face;
      },
      faceTags: faces.map((f) => ({ body: body.name, face: f.name })),
      ...(o.signal ? { signal: o.signal } : {}),
    });
    parts.push(mesh);
    // What each seeded edge got: the counts of the intervals it spans, read back from the assignment.
    const seeded = rules.flatMap((r, k) =>
      r.edges.flatMap((name) => {
        const edge = body.edges.find((e) => e.name === name);
        const span = edge && edgeSpan(edge);
        if (!span) return [];
        const c = grid.coords[span.axis];
        let count = 0;
        for (let i = 0; i + 1 < c.length; i++) if (c[i] >= span.lo - 1e-9 && c[i + 1] <= span.hi + 1e-9) count += intervals[span.axis][i];
        return [{ seed: Number(r.label.slice(1)), edge: name, count }];
      }),
    );
    stats.push({ name: body.name, method: p.method, size, blocks: p.blocks, elements, nodes: mesh.nodes.length / 3, intervals, seeds: seeded });
  }
  // Partition cells meshed apart are joined at their cuts (merged node for node, else tied), never left apart.
  const joined = joinInterfaces(joinMeshes(parts));
  if (!joined.ok) return joined;
  const { mesh, interfaces } = joined;
  const nodes = mesh.nodes.length / 3;
  if (nodes > o.maxNodes) return { ok: false, error: `the mesh would have ${nodes} nodes, above the cap maxNodes = ${o.maxNodes}; use a larger size or raise maxNodes` };
  return {
    ok: true,
    mesh,
    stats: {
      type: o.type,
      elements: totalElements,
      nodes,
      boundaryFacets: mesh.boundary.element.length,
      seconds: (performance.now() - started) / 1000,
      ...(interfaces.length ? { interfaces } : {}),
      bodies: stats,
    },
  };
}

/**
 * The seeds naming edges of one body, labelled `#k` by their place in the model's list (1-based); with the design,
 * a seed also holds on the edges other cells share with its edges (shared-seeds.ts).
 */
export function seedRules(seeds: readonly EdgeSeed[], body: string, design?: Design): SeedRule[] {
  const expanded = design ? seedsOnSharedEdges(design, seeds) : seeds.map((seed) => ({ seed, edges: seed.edges as SeededEdge[] }));
  return expanded.flatMap(({ seed: s, edges: all }, k) => {
    const mine = all.filter((e) => e.body === body);
    const edges = mine.map((e) => e.edge);
    // A shared edge that runs the other way takes the bias from its other end.
    const flip = mine.length > 0 && mine.every((e) => e.reversed) && s.bias && s.bias.toward !== "both";
    const bias = s.bias && flip ? { ...s.bias, toward: s.bias.toward === "start" ? ("end" as const) : ("start" as const) } : s.bias;
    return edges.length ? [{ label: `#${k + 1}`, constraint: s.constraint, edges, ...(s.count !== undefined ? { count: s.count } : { size: s.size }), ...(bias ? { bias } : {}) }] : [];
  });
}

/** Bodies side by side in one mesh (each keeps its own nodes, as the tet mesher's bodies do). */
export function joinMeshes(parts: Mesh[]): Mesh {
  if (parts.length === 1) return parts[0];
  const npe = parts[0].elements.length / parts[0].elementBody.length;
  let nodeOffset = 0, elementOffset = 0, tagOffset = 0;
  const nodes: number[] = [], elements: number[] = [], elementBody: number[] = [], be: number[] = [], bs: number[] = [], bt: number[] = [];
  const out: Mesh = { type: parts[0].type, nodes: new Float64Array(), elements: new Int32Array(), elementBody: new Int32Array(), bodies: [], boundary: { element: new Int32Array(), side: new Uint8Array(), tag: new Int32Array() }, faceTags: [] };
  parts.forEach((m, b) => {
    for (const v of m.nodes) nodes.push(v);
    for (const n of m.elements) elements.push(n + nodeOffset);
    for (let e = 0; e < m.elementBody.length; e++) elementBody.push(b);
    m.boundary.element.forEach((e, f) => {
      be.push(e + elementOffset);
      bs.push(m.boundary.side[f]);
      bt.push(m.boundary.tag[f] + tagOffset);
    });
    out.bodies.push(...m.bodies);
    out.faceTags.push(...m.faceTags);
    nodeOffset += m.nodes.length / 3;
    elementOffset += m.elements.length / npe;
    tagOffset += m.faceTags.length;
  });
  return {
    ...out,
    nodes: Float64Array.from(nodes),
    elements: Int32Array.from(elements),
    elementBody: Int32Array.from(elementBody),
    boundary: { element: Int32Array.from(be), side: Uint8Array.from(bs), tag: Int32Array.from(bt) },
  };
}
