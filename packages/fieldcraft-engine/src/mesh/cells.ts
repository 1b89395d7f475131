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
  const parts: Mesh[] = [];
  const cells: CellsStats["cells"] = [];
  let elements = 0, nodes = 0;
  for (const { body, method } of plan) {
    const size = o.sizes?.[body.name] ?? o.size;
    const caps = { maxElements: o.maxElements - elements, maxNodes: o.maxNodes - nodes, ...(o.signal ? { signal: o.signal } : {}) };
    const out =
      method === "tet"
        ? generateTetMesh(design, { bodies: [body.name], order: o.order, ...(size !== undefined ? { size } : {}), ...caps })
        : generateHexMesh(design, { bodies: [body.name], type: hexFamily(o.order, false) as "C3D8" | "C3D20", method: HEX[method], ...(size !== undefined ? { size } : {}), ...(o.seeds ? { seeds: o.seeds } : {}), ...caps });
    if (!out.ok) return { ok: false, error: `cell "${body.name}" (${method}): ${out.error}` };
    parts.push(out.mesh);
    const e = out.mesh.elementBody.length, n = out.mesh.nodes.length / 3;
    elements += e;
    nodes += n;
    cells.push({ cell: body.name, method, size: size ?? null, elements: e, nodes: n });
  }
  const { mesh, interfaces } = joinInterfaces(joinMeshes(parts));
  return { ok: true, mesh, stats: { type: mesh.type, elements: mesh.elementBody.length, nodes: mesh.nodes.length / 3, cells, interfaces } };
}
