// Every body and partition cell meshed with its own method and size, joined into one mesh: cells whose cut faces
// match are merged, the others tied (src/mesh/interfaces.ts). One mesh holds one element family, so the methods
// must all make tetrahedra or all hexahedra; `auto` takes hexahedra for box unions unless a cell needs tetrahedra.
import type { Design } from "../geometry/types.js";
import type { EdgeSeed } from "../model/types.js";
import { hexFamily } from "./block.js";
import { generateTetMesh } from "./generate.js";
import { generateHexMesh, joinMeshes, type HexMethod } from "./hex-design.js";
import { joinInterfaces, type InterfaceReport } from "./interfaces.js";
import type { Mesh } from "./types.js";
import { cutFacets, partnerFace, withPartnerFacets } from "./cut-match.js";
import { refuseOverCap } from "./estimate.js";
import { defaultSize } from "./options.js";

export const CELL_METHODS = ["auto", "tet", "hex", "hex_mapped", "hex_blocks"] as const;
export type CellMethod = (typeof CELL_METHODS)[number];

export interface CellsOptions {
  methods: Record<string, CellMethod>;
  default: CellMethod;
  size?: number;
  sizes?: Record<string, number>;
  order: 1 | 2;
  seeds?: readonly EdgeSeed[];
  maxElements: number;
  maxNodes: number;
  signal?: AbortSignal;
}

export interface CellsStats {
  type: string;
  elements: number;
  nodes: number;
  cells: { cell: string; method: string; size: number | null; elements: number; nodes: number }[];
  interfaces: InterfaceReport[];
}

const HEX: Record<string, HexMethod | "auto"> = { hex: "auto", hex_mapped: "mapped", hex_blocks: "blocks" };

export function meshCells(design: Design, o: CellsOptions): { ok: true; mesh: Mesh; stats: CellsStats } | { ok: false; error: string } {
  const names = design.bodies.map((b) => b.name);
  for (const [cell, method] of [...Object.entries(o.methods), ...Object.entries(o.sizes ?? {})])
    if (!names.includes(cell)) return { ok: false, error: `no cell or body named "${cell}" (method ${method}); cells: ${names.join(", ")}` };
  const asked = design.bodies.map((b) => ({ body: b, method: o.methods[b.name] ?? o.default }));
  // auto: tetrahedra when any cell must have them (an extrusion, or a cell asked for tet), else hexahedra.
  const needsTet = asked.some(({ body, method }) => method === "tet" || (method === "auto" && body.kind !== "boxes"));
  const plan = asked.map(({ body, method }) => ({ body, method: method === "auto" ? (needsTet ? "tet" : "hex") : method }));
  const tets = plan.filter((p) => p.method === "tet"), hexes = plan.filter((p) => p.method !== "tet");
  if (tets.length && hexes.length)
    return {
      ok: false,
      error: `cell "${tets[0].body.name}" takes tetrahedra and cell "${hexes[0].body.name}" hexahedra (${hexes[0].method}), but one mesh holds one element family; give every cell tet, or every cell a hex method`,
    };
  // All cells' estimates against the cap before the first is meshed.
  const over = refuseOverCap(
    plan.map(({ body, method }) => ({ body, kind: method === "tet" ? ("tet" as const) : ("hex" as const), size: o.sizes?.[body.name] ?? o.size ?? defaultSize(body) })),
    { maxElements: o.maxElements, maxNodes: o.maxNodes, family: needsTet || tets.length ? (o.order === 1 ? "C3D4" : "C3D10") : o.order === 1 ? "C3D8" : "C3D20" },
  );
  if (over) return { ok: false, error: over };
  const parts: Mesh[] = [];
  // Cut facets of the tet cells meshed so far, by cut face: a general polyhedron cell of the same size on the other
  // side takes them as its own (cut-match.ts), so the two merge; the part that made them, to mesh it again.
  const facets = new Map<string, { size: number | undefined; corners: number[]; part: number }>();
  const cells: CellsStats["cells"] = [];
  let elements = 0, nodes = 0;
  const meshOne = (k: number, partners: Map<string, number[]>) => {
    const { body, method } = plan[k];
    const size = o.sizes?.[body.name] ?? o.size;
    const caps = { maxElements: o.maxElements - elements, maxNodes: o.maxNodes - nodes, ...(o.signal ? { signal: o.signal } : {}) };
    const matched = method === "tet" ? withPartnerFacets(body, partners) : null;
    const tetDesign = matched ? { ...design, bodies: design.bodies.map((b) => (b.name === body.name ? matched : b)) } : design;
    const out =
      method === "tet"
        ? generateTetMesh(tetDesign, { bodies: [body.name], order: o.order, ...(size !== undefined ? { size } : {}), ...(o.seeds ? { seeds: o.seeds } : {}), ...caps })
        : generateHexMesh(design, { bodies: [body.name], type: hexFamily(o.order, false) as "C3D8" | "C3D20", method: HEX[method], ...(size !== undefined ? { size } : {}), ...(o.seeds ? { seeds: o.seeds } : {}), ...caps });
    if (!out.ok) return { ok: false as const, error: `cell "${body.name}" (${method}): ${out.error}` };
    const e = out.mesh.elementBody.length, n = out.mesh.nodes.length / 3;
    if (parts[k]) (elements -= parts[k].elementBody.length), (nodes -= parts[k].nodes.length / 3);
    parts[k] = out.mesh;
    elements += e;
    nodes += n;
    cells[k] = { cell: body.name, method, size: size ?? null, elements: e, nodes: n };
    const made = method === "tet" ? cutFacets(out.mesh) : new Map<string, number[]>();
    for (const [face, corners] of made) facets.set(face, { size, corners, part: k });
    return { ok: true as const, made, matched: matched !== null };
  };
  for (let k = 0; k < plan.length; k++) {
    const size = o.sizes?.[plan[k].body.name] ?? o.size;
    const same = () => new Map([...facets].filter(([, f]) => f.size === size).map(([face, f]) => [face, f.corners]));
    let out = meshOne(k, same());
    if (!out.ok) return out;
    // The general mesher may have split a copied facet to recover it: the partner then takes this cell's facets
    // (a refinement of its own, which it keeps), and back, a few rounds at most; what still differs is tied.
    const differing = (made: Map<string, number[]>) =>
      [...made].filter(([face, corners]) => {
        const partner = facets.get(partnerFace(face)!);
        return partner && partner.size === size && partner.part !== k && partner.corners.length !== corners.length;
      });
    for (let round = 0; round < 3 && out.matched; round++) {
      const before = differing(out.made);
      if (before.length === 0) break;
      for (const [face, corners] of before) {
        const again = meshOne(facets.get(partnerFace(face)!)!.part, new Map([[face, corners]]));
        if (!again.ok) return again;
      }
      if (differing(out.made).length === 0) break;
      out = meshOne(k, same());
      if (!out.ok) return out;
    }
  }
  const joined = joinInterfaces(joinMeshes(parts));
  if (!joined.ok) return joined;
  const { mesh, interfaces } = joined;
  return { ok: true, mesh, stats: { type: mesh.type, elements: mesh.elementBody.length, nodes: mesh.nodes.length / 3, cells, interfaces } };
}
