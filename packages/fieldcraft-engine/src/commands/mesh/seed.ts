// Edge seeds: `mesh.seed.edge` adds one (a count or size on named edges, exact / min / free), `mesh.seed.list`
// shows them with `stale` where the design lost an edge, `mesh.seed.clear` removes them. The hex meshers honour
// them through the interval assignment (src/mesh/seeds.ts); conflicting exact counts are refused here already.
import { z } from "zod";
import { analyzeBoxUnion } from "../../geometry/boxBody.js";
import type { BoxFeature } from "../../geometry/types.js";
import { assignIntervals } from "../../mesh/seeds.js";
import { ModelError, nameList } from "../../model/errors.js";
import type { EdgeSeed, Model } from "../../model/types.js";
import { quantity } from "../params.js";
import { defineCommand } from "../types.js";
import { seedBias } from "../result-parts.js";

const edgeRef = z.object({ body: z.string().min(1).max(200), edge: z.string().min(1).max(200) }).strict().describe("A design edge");

export const meshSeedEdgeCommand = defineCommand({
  id: "mesh.seed.edge",
  label: "Seed edges",
  description:
    "Seeds design edges with a number of element divisions (`count`) or a target `size`, held `exact` (default), as a `min`imum, or `free` (a preference). Hexahedral meshers keep exact counts through the interval assignment; conflicting exact counts are refused naming the seeds, and the model is unchanged. Seeding an edge an earlier seed holds replaces that seed on the edge (the reply's `replaced` lists them). Seeds are saved with the model.",
  params: z
    .object({
      edges: z.array(edgeRef).min(1).max(1000).describe("Edges as {body, edge} (names from geometry.bodies)"),
      count: z.number().int().min(1).max(100_000).optional().describe("Divisions along each edge"),
      size: quantity("length", "Target division length along each edge").positive().optional(),
      bias: z
        .object({
          ratio: z.number().finite().min(1).max(1e6).describe("Largest over smallest division along the edge (1: even)"),
          toward: z.enum(["start", "end", "both"]).describe("Where the smallest divisions go: the edge's start, its end, or both ends"),
        })
        .strict()
        .optional()
        .describe("Geometric grading along the edge"),
      constraint: z.enum(["exact", "min", "free"]).default("exact").describe("exact: the count holds or meshing is refused; min: at least the count; free: a preference"),
    })
    .strict(),
  result: z.object({
    seed: z.number().int().positive().describe("The seed's number (mesh.seed.list)"),
    edges: z.array(z.object({ body: z.string(), edge: z.string(), count: z.number().int().positive().describe("Divisions along the edge") })),
    replaced: z
      .array(z.object({ seed: z.number().int().positive().describe("The earlier seed's number before this call"), body: z.string(), edge: z.string() }))
      .describe("Edges earlier seeds held that this seed now holds instead (a seed left with no edge is removed)"),
  }),
  requires: ["design"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    if ((params.count === undefined) === (params.size === undefined)) throw new ModelError("params: give exactly one of `count` and `size`");
    const design = ctx.model.design!.design;
    const counts: { body: string; edge: string; count: number }[] = [];
    for (const [k, ref] of params.edges.entries()) {
      const body = design.bodies.find((b) => b.name === ref.body);
      if (!body) throw new ModelError(`params.edges[${k}].body: no body named \`${ref.body}\`; bodies: ${nameList(design.bodies.map((b) => b.name))}`);
      const edge = body.edges.find((e) => e.name === ref.edge);
      if (!edge) throw new ModelError(`params.edges[${k}].edge: body \`${ref.body}\` has no edge \`${ref.edge}\`; see geometry.bodies for its edge names`);
      counts.push({ ...ref, count: params.count ?? Math.max(1, Math.ceil(edge.length / params.size! - 1e-9)) });
    }
    const seed: EdgeSeed = { edges: params.edges.map((e) => ({ ...e })), constraint: params.constraint, ...(params.count !== undefined ? { count: params.count } : { size: params.size }), ...(params.bias ? { bias: { ...params.bias } } : {}) };
    // A re-seeded edge takes the new seed: earlier seeds let go of it (and go when they hold no edge any more).
    const key = (e: { body: string; edge: string }) => `${e.body}\u0000${e.edge}`;
    const taken = new Set(seed.edges.map(key));
    const replaced: { seed: number; body: string; edge: string }[] = [];
    const kept = (ctx.model.seeds ?? []).flatMap((s, k) => {
      for (const e of s.edges) if (taken.has(key(e))) replaced.push({ seed: k + 1, body: e.body, edge: e.edge });
      const left = s.edges.filter((e) => !taken.has(key(e)));
      return left.length === 0 ? [] : [left.length === s.edges.length ? s : { ...s, edges: left }];
    });
    const seeds = [...kept, seed];
    // Exact counts that cannot hold together are refused now, whatever size the mesher is later given.
    for (const body of design.bodies) {
      if (body.kind !== "boxes") continue;
      const made = analyzeBoxUnion(body.features as BoxFeature[], body.cuts);
      if (!made.ok) continue;
      const coords = made.geometry.grid.coords;
      const rules = seeds.flatMap((s, k) => {
        const edges = s.edges.filter((e) => e.body === body.name).map((e) => e.edge);
        return edges.length ? [{ label: `#${k + 1}`, constraint: s.constraint, edges, ...(s.count !== undefined ? { count: s.count } : { size: s.size }) }] : [];
      });
      const out = assignIntervals(body, coords, coords.map((c) => Array.from({ length: c.length - 1 }, () => 1)), rules);
      if (!out.ok) throw new ModelError(`body "${body.name}": ${out.error}`);
    }
    const model: Model = { ...ctx.model, seeds };
    return { result: { seed: seeds.length, edges: counts, replaced }, model };
  },
});

export const meshSeedListCommand = defineCommand({
  id: "mesh.seed.list",
  label: "Edge seeds",
  description: "Lists the edge seeds (1-based `seed` numbers as in conflict messages), each edge with `stale: true` when the design no longer has it.",
  params: z.object({}).strict(),
  result: z.object({
    seeds: z.array(
      z.object({
        seed: z.number().int().positive(),
        count: z.number().int().positive().optional(),
        size: z.number().optional(),
        constraint: z.enum(["exact", "min", "free"]),
        bias: seedBias.optional(),
        edges: z.array(z.object({ body: z.string(), edge: z.string(), stale: z.boolean().describe("The design no longer has this edge") })),
      }),
    ),
  }),
  requires: [],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx) {
    const design = ctx.model.design?.design;
    const seeds = (ctx.model.seeds ?? []).map((s, k) => ({
      seed: k + 1,
      ...(s.count !== undefined ? { count: s.count } : { size: s.size }),
      constraint: s.constraint,
      ...(s.bias ? { bias: { ...s.bias } } : {}),
      edges: s.edges.map((e) => ({ body: e.body, edge: e.edge, stale: !design?.bodies.some((b) => b.name === e.body && b.edges.some((x) => x.name === e.edge)) })),
    }));
    return { result: { seeds } };
  },
});

export const meshSeedClearCommand = defineCommand({
  id: "mesh.seed.clear",
  label: "Clear edge seeds",
  description: "Removes the seeds on the given edges (a seed loses those edges; one left with none goes), or every seed without `edges`.",
  params: z.object({ edges: z.array(edgeRef).min(1).max(1000).optional().describe("Edges to clear as {body, edge}; default: every seed") }).strict(),
  result: z.object({ cleared: z.number().int().nonnegative().describe("Edge seeds removed"), remaining: z.number().int().nonnegative().describe("Seeds left") }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const before = ctx.model.seeds ?? [];
    const drop = (e: { body: string; edge: string }) => params.edges === undefined || params.edges.some((x) => x.body === e.body && x.edge === e.edge);
    const seeds = before.map((s) => ({ ...s, edges: s.edges.filter((e) => !drop(e)) })).filter((s) => s.edges.length > 0);
    const cleared = before.reduce((n, s) => n + s.edges.filter(drop).length, 0);
    const model: Model = { ...ctx.model, seeds };
    return { result: { cleared, remaining: seeds.length }, model };
  },
});
