// `mesh.cells`: every body and partition cell with its own method (and size), merged where the cut faces match,
// tied where they do not.
import { z } from "zod";
import { CELL_METHODS, meshCells } from "../../mesh/cells.js";
import { ModelError } from "../../model/errors.js";
import type { Model } from "../../model/types.js";
import { quantity } from "../params.js";
import { interfaceReports } from "../result-parts.js";
import { defineCommand } from "../types.js";

const method = z.enum(CELL_METHODS);

export const meshCellsCommand = defineCommand({
  id: "mesh.cells",
  label: "Mesh cells",
  description:
    "Meshes every body and partition cell with its own method (`tet`, `hex`, `hex_mapped`, `hex_blocks`; `auto`: hexahedra for box unions unless a cell needs tetrahedra, as one mesh holds one element family) and size. Cells whose cut faces match node for node are merged (one node per point); the others are tied: the finer side's nodes (slave) follow the coarser side's faces (master) through their shape functions, which the solver eliminates and Abaqus decks write as *TIE. The reply lists each interface as merged or tied. Replaces the mesh; results are dropped.",
  params: z
    .object({
      methods: z.record(z.string().min(1).max(300), method).default({}).describe('Method per cell, e.g. {"Part/a": "tet"}'),
      default: method.default("auto").describe("Method of the cells not in `methods`"),
      size: quantity("length", "Target element size of every cell; default: each cell's longest side / 20").positive().optional(),
      sizes: z.record(z.string().min(1).max(300), quantity("length", "Target element size of this cell").positive()).optional().describe("Size per cell, overriding `size`"),
      order: z.union([z.literal(1), z.literal(2)]).default(2).describe("Element order: 1 (C3D4 / C3D8) or 2 (C3D10 / C3D20)"),
    })
    .strict(),
  result: z.object({
    mesh: z.object({
      type: z.string(),
      elements: z.number().int(),
      nodes: z.number().int(),
      cells: z.array(z.object({ cell: z.string(), method: z.string(), size: z.number().nullable(), elements: z.number().int(), nodes: z.number().int() })),
      interfaces: interfaceReports,
    }),
    results_cleared: z.array(z.string()),
  }),
  requires: ["design"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    ctx.progress({ progress: 0, message: "meshing cells" });
    const out = meshCells(ctx.model.design!.design, {
      methods: params.methods,
      default: params.default,
      ...(params.size !== undefined ? { size: params.size } : {}),
      ...(params.sizes ? { sizes: params.sizes } : {}),
      order: params.order,
      ...(ctx.model.seeds ? { seeds: ctx.model.seeds } : {}),
      maxElements: ctx.caps.maxElements,
      maxNodes: ctx.caps.maxNodes,
      signal: ctx.signal,
    });
    if (!out.ok) throw new ModelError(`params.methods: ${out.error}`);
    const parameters = {
      order: params.order,
      method: "cells",
      ...(params.size !== undefined ? { size: params.size } : {}),
      cells: { methods: Object.fromEntries(out.stats.cells.map((c) => [c.cell, c.method])), ...(params.sizes ? { sizes: params.sizes } : {}) },
    };
    const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters }, results: {} };
    return { result: { mesh: out.stats, results_cleared: Object.keys(ctx.model.results) }, model };
  },
});
