// An imported body (kind "mesh") through the general mesher, as the BodyMesh the tet command joins.
import type { Body, BodyEdge } from "../../geometry/types.js";
import type { BodyMesh } from "../bodyMesh.js";
import { MeshFailure } from "../options.js";
import { gradedFractions, type SeedRule } from "../seeds.js";
import type { SeedChain } from "./edge-seeds.js";
import { meshClosedSurface, type GeneralMeshQuality } from "./mesher.js";

export function meshSurfaceBody(
  body: Body,
  size: number,
  maxElements: number,
  maxNodes: number,
  signal?: AbortSignal,
  seeds: readonly SeedRule[] = [],
  tolerance?: number,
): BodyMesh & { quality: GeneralMeshQuality } {
  if (!body.surface) throw new MeshFailure(`body "${body.name}" has no surface to mesh`);
  const edgeSeeds = seedChains(body, seeds);
  const r = meshClosedSurface(
    { positions: body.surface.positions, triangles: body.surface.triangles, faceTags: body.surface.faceOf, faceNames: body.faces.map((f) => f.name) },
    { size, maxElements, maxNodes, signal, ...(edgeSeeds.length ? { edgeSeeds } : {}), ...(tolerance !== undefined ? { tolerance } : {}), ...(body.surface.keepFaces?.length ? { keepTags: new Set(body.surface.keepFaces) } : {}) },
  );
  if (!r.ok) throw new MeshFailure(`body "${body.name}": ${r.error}`);
  const m = r.mesh;
  return { nodes: m.nodes, tets: m.tets, facetElement: m.facetElement, facetSide: m.facetSide, facetFace: m.facetTag, method: "delaunay-refinement", size, quality: m.quality };
}

/** Each seeded edge of the body as a chain of its surface's vertex ids with the seed's node fractions. */
function seedChains(body: Body, rules: readonly SeedRule[]): SeedChain[] {
  const out: SeedChain[] = [];
  for (const rule of rules)
    for (const name of rule.edges) {
      const edge = body.edges.find((e) => e.name === name);
      if (!edge) continue;
      const vertices = chainOf(body, edge);
      const count = rule.count ?? Math.max(1, Math.ceil(edge.length / rule.size! - 1e-9));
      const grading = rule.bias ? { ratio: rule.bias.ratio, small: rule.bias.toward === "start" ? ("low" as const) : rule.bias.toward === "end" ? ("high" as const) : ("both" as const) } : undefined;
      out.push({ vertices, fractions: gradedFractions(count, grading) });
    }
  return out;
}

/** The edge's segments as one path of vertex ids, from the first segment's first end when that is an end. */
function chainOf(body: Body, edge: BodyEdge): number[] {
  const x = body.surface!.positions;
  const ids = new Map<string, number>();
  for (let v = 0; v < x.length / 3; v++) ids.set(`${x[3 * v]},${x[3 * v + 1]},${x[3 * v + 2]}`, v);
  const id = (p: readonly number[]) => {
    const v = ids.get(`${p[0]},${p[1]},${p[2]}`);
    if (v === undefined) throw new MeshFailure(`internal error: edge "${edge.name}" of body "${body.name}" is not on its surface's vertices`);
    return v;
  };
  const next = new Map<number, number[]>();
  const link = (u: number, v: number) => {
    const l = next.get(u);
    if (l) l.push(v);
    else next.set(u, [v]);
  };
  for (const [p, q] of edge.segments) {
    link(id(p), id(q));
    link(id(q), id(p));
  }
  let start = id(edge.segments[0][0]);
  if (next.get(start)!.length !== 1) for (const [v, l] of next) if (l.length === 1) { start = v; break; }
  const path = [start];
  let prev = -1, cur = start;
  for (;;) {
    const step = next.get(cur)!.find((w) => w !== prev && !(path.length > 1 && w === path[path.length - 2]));
    if (step === undefined || path.length > edge.segments.length) break;
    path.push(step);
    if (step === start) break;
    prev = cur;
    cur = step;
  }
  return path;
}
