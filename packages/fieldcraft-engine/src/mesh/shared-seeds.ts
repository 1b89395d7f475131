// An edge seed holds on every cell that has the edge. Partition cells meet along the outline of their cut, where
// each cell names the same line its own way (`F1:+y|partition:p:a` in one, `…:b` in the other); a seed on one name
// must divide the other alike, or the cells' cut faces stop conforming (hex: tied instead of merged; tet: the
// other cell ignores it). The seed is extended to every edge of another body that runs over exactly the same line.
import type { Body, BodyEdge, Design } from "../geometry/types.js";
import type { EdgeSeed } from "../model/types.js";

/** A seeded edge; `reversed` when it runs the other way from the edge the user named (a start/end bias flips). */
export interface SeededEdge {
  body: string;
  edge: string;
  reversed?: boolean;
}

const ends = (e: BodyEdge) => [e.segments[0][0], e.segments[e.segments.length - 1][1]] as const;
const near = (p: readonly number[], q: readonly number[], tol: number) => Math.abs(p[0] - q[0]) <= tol && Math.abs(p[1] - q[1]) <= tol && Math.abs(p[2] - q[2]) <= tol;

/** How `other` runs over the same line as `edge` (its points, both ways), or null. */
function sameLine(edge: BodyEdge, other: BodyEdge, tol: number): "same" | "reversed" | null {
  if (Math.abs(edge.length - other.length) > tol || edge.segments.length !== other.segments.length) return null;
  const [a0, a1] = ends(edge), [b0, b1] = ends(other);
  const forward = near(a0, b0, tol) && near(a1, b1, tol), backward = near(a0, b1, tol) && near(a1, b0, tol);
  if (!forward && !backward) return null;
  // Every segment's end point on the other edge too (a closed or bent edge is not decided by its ends alone).
  const points = other.segments.flatMap(([p, q]) => [p, q]);
  if (!edge.segments.every(([p, q]) => points.some((x) => near(x, p, tol)) && points.some((x) => near(x, q, tol)))) return null;
  return forward ? "same" : "reversed";
}

/** The model's seeds with the edges other cells share with their seeded edges added (list order kept: `#k` labels). */
export function seedsOnSharedEdges(design: Design, seeds: readonly EdgeSeed[]): { edges: SeededEdge[]; seed: EdgeSeed }[] {
  const byName = new Map<string, Body>(design.bodies.map((b) => [b.name, b]));
  let extent = 0;
  for (const b of design.bodies) for (let a = 0; a < 3; a++) extent = Math.max(extent, Math.abs(b.bbox.min[a]), Math.abs(b.bbox.max[a]));
  const tol = 1e-9 * (extent || 1);
  return seeds.map((seed) => {
    const edges: SeededEdge[] = seed.edges.map((e) => ({ body: e.body, edge: e.edge }));
    const have = new Set(edges.map((e) => `${e.body}\u0000${e.edge}`));
    for (const named of seed.edges) {
      const edge = byName.get(named.body)?.edges.find((e) => e.name === named.edge);
      if (!edge) continue; // stale: mesh.seed.list says so
      for (const other of design.bodies) {
        if (other.name === named.body || !boxesTouch(other, edge, tol)) continue;
        for (const candidate of other.edges) {
          const how = sameLine(edge, candidate, tol);
          const key = `${other.name}\u0000${candidate.name}`;
          if (!how || have.has(key)) continue;
          have.add(key);
          edges.push({ body: other.name, edge: candidate.name, ...(how === "reversed" ? { reversed: true } : {}) });
        }
      }
    }
    return { edges, seed };
  });
}

function boxesTouch(body: Body, edge: BodyEdge, tol: number): boolean {
  return edge.segments.every(([p]) => [0, 1, 2].every((a) => p[a] >= body.bbox.min[a] - tol && p[a] <= body.bbox.max[a] + tol));
}
