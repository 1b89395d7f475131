// The interfaces between partition cells meshed apart: where the two sides' nodes coincide the cells are merged
// (one node per point, the facets on the cut removed); otherwise they are tied: every node of the finer side
// (the slave) follows the coarser side's face (the master) through that face's shape functions at its point.
import { family } from "../fem/families/index.js";
import type { FaceTag, Mesh, MeshTie } from "./types.js";

export interface InterfaceReport {
  partition: string;
  kind: "merged" | "tied";
  /** Merged: nodes joined. Tied: slave nodes constrained. */
  nodes: number;
  sides: { a: string[]; b: string[] };
  slave?: "a" | "b";
  /** Tied: slave nodes that lie on no master face (left free). */
  unmatched?: number;
}

const CUT = /^partition:(.+):(a|b)$/;

function meshSize(x: Float64Array): number {
  let size = 0;
  for (let a = 0; a < 3; a++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = a; i < x.length; i += 3) (lo = Math.min(lo, x[i])), (hi = Math.max(hi, x[i]));
    size = Math.max(size, hi - lo);
  }
  return size;
}

/**
 * The partition interfaces of a mesh whose cells were meshed apart, merged or tied; an error value when a cut face
 * finds nothing across it (a tie of no nodes, or nodes of the finer side on no face of the other), which would
 * leave the cells apart and the answer wrong.
 */
export function joinInterfaces(mesh: Mesh): { ok: true; mesh: Mesh; interfaces: InterfaceReport[] } | { ok: false; error: string } {
  const fam = family(mesh.type);
  const npe = fam.nodes;
  const size = meshSize(mesh.nodes);
  const q = 1e-7 * size;
  const key = (n: number, nodes: Float64Array) => `${Math.round(nodes[3 * n] / q)},${Math.round(nodes[3 * n + 1] / q)},${Math.round(nodes[3 * n + 2] / q)}`;
  const partitions = new Map<string, { a: number[]; b: number[] }>();
  mesh.faceTags.forEach((t, i) => {
    const m = CUT.exec(t.face);
    if (!m) return;
    const entry = partitions.get(m[1]) ?? { a: [], b: [] };
    entry[m[2] as "a" | "b"].push(i);
    partitions.set(m[1], entry);
  });
  const facetsWith = (tags: Set<number>) => {
    const out: number[] = [];
    for (let f = 0; f < mesh.boundary.tag.length; f++) if (tags.has(mesh.boundary.tag[f])) out.push(f);
    return out;
  };
  const facetNodes = (m: Mesh, f: number) => fam.faces[m.boundary.side[f]].nodes.map((k) => m.elements[m.boundary.element[f] * npe + k]);
  const reports: InterfaceReport[] = [];
  const nn = mesh.nodes.length / 3;
  const join = Int32Array.from({ length: nn }, (_, i) => i);
  const dropFacet = new Uint8Array(mesh.boundary.tag.length);
  const tied: { partition: string; slaveTags: number[]; masterTags: number[]; slave: "a" | "b"; report: InterfaceReport }[] = [];
  const faceList = (tags: number[]) => tags.map((t) => `"${mesh.faceTags[t].face}" of "${mesh.faceTags[t].body}"`).join(", ");
  for (const [partition, tags] of partitions) {
    if (tags.a.length === 0 || tags.b.length === 0) continue;
    const fa = facetsWith(new Set(tags.a)), fb = facetsWith(new Set(tags.b));
    if (fa.length === 0 || fb.length === 0)
      return { ok: false, error: `partition "${partition}": the mesh has no element faces on ${faceList(fa.length === 0 ? tags.a : tags.b)}, so the cells cannot be joined there; please report the design` };
    const na = [...new Set(fa.flatMap((f) => facetNodes(mesh, f)))];
    const nb = [...new Set(fb.flatMap((f) => facetNodes(mesh, f)))];
    const at = new Map(na.map((n) => [key(n, mesh.nodes), n]));
    const partner = nb.map((n) => at.get(key(n, mesh.nodes)));
    const sides = { a: [...new Set(tags.a.map((t) => mesh.faceTags[t].body))], b: [...new Set(tags.b.map((t) => mesh.faceTags[t].body))] };
    if (na.length === nb.length && partner.every((p) => p !== undefined)) {
      nb.forEach((n, k) => (join[n] = partner[k]!));
      for (const f of [...fa, ...fb]) dropFacet[f] = 1;
      reports.push({ partition, kind: "merged", nodes: nb.length, sides });
      continue;
    }
    const slave = nb.length >= na.length ? "b" : "a";
    const report: InterfaceReport = { partition, kind: "tied", nodes: 0, sides, slave };
    reports.push(report);
    tied.push({ partition, slaveTags: slave === "b" ? tags.b : tags.a, masterTags: slave === "b" ? tags.a : tags.b, slave, report });
  }
  const merged = compact(mesh, join, dropFacet);
  const ties: MeshTie[] = tied.map((t) => tieInterface(merged, t.partition, t.slaveTags, t.masterTags, size, t.report));
  for (const t of tied)
    if (t.report.nodes === 0 || t.report.unmatched)
      return {
        ok: false,
        error:
          `partition "${t.partition}": ${t.report.unmatched ?? 0} of ${t.report.nodes + (t.report.unmatched ?? 0)} nodes on ${faceList(t.slaveTags)} lie on no element face of ` +
          `${faceList(t.masterTags)}, so a tie would leave the cells partly apart; mesh the cells at one size (they then merge node for node) or please report the design`,
      };
  return { ok: true, mesh: ties.length ? { ...merged, ties } : merged, interfaces: reports };
}

/** The mesh with joined nodes replaced by their partners, unused nodes dropped and the merged facets removed. */
function compact(mesh: Mesh, join: Int32Array, dropFacet: Uint8Array): Mesh {
  const nn = join.length;
  if (join.every((v, i) => v === i)) return mesh;
  const newIndex = new Int32Array(nn).fill(-1);
  let count = 0;
  for (let i = 0; i < nn; i++) if (join[i] === i) newIndex[i] = count++;
  const nodes = new Float64Array(3 * count);
  for (let i = 0; i < nn; i++) if (newIndex[i] >= 0) nodes.set(mesh.nodes.subarray(3 * i, 3 * i + 3), 3 * newIndex[i]);
  const elements = mesh.elements.map((n) => newIndex[join[n]]);
  const keep = [...mesh.boundary.tag.keys()].filter((f) => !dropFacet[f]);
  return {
    ...mesh,
    nodes,
    elements,
    boundary: { element: Int32Array.from(keep, (f) => mesh.boundary.element[f]), side: Uint8Array.from(keep, (f) => mesh.boundary.side[f]), tag: Int32Array.from(keep, (f) => mesh.boundary.tag[f]) },
  };
}

/** Each slave node's master face and the face's shape functions at the node (Gauss-Newton on the face's map). */
function tieInterface(mesh: Mesh, partition: string, slaveTags: number[], masterTags: number[], size: number, report: InterfaceReport): MeshTie {
  const fam = family(mesh.type);
  const npe = fam.nodes;
  const x = mesh.nodes;
  const facets = (tags: number[]) => {
    const set = new Set(tags);
    const out: number[] = [];
    for (let f = 0; f < mesh.boundary.tag.length; f++) if (set.has(mesh.boundary.tag[f])) out.push(f);
    return out;
  };
  const nodesOf = (f: number) => fam.faces[mesh.boundary.side[f]].nodes.map((k) => mesh.elements[mesh.boundary.element[f] * npe + k]);
  const slaves = [...new Set(facets(slaveTags).flatMap(nodesOf))].sort((a, b) => a - b);
  const masterFacets = facets(masterTags).map((f) => ({ f, nodes: nodesOf(f), face: fam.faces[mesh.boundary.side[f]] }));
  const tol = 1e-6 * size;
  const out: MeshTie = { name: `tie-${partition}`, slave: slaveTags.map((t) => mesh.faceTags[t]), master: masterTags.map((t) => mesh.faceTags[t]), slaves: [], masters: [], weights: [] };
  let unmatched = 0;
  for (const s of slaves) {
    const p = [x[3 * s], x[3 * s + 1], x[3 * s + 2]];
    let best: { nodes: number[]; N: number[]; outside: number } | null = null;
    for (const m of masterFacets) {
      const hit = project(m.face.surface.evaluate.bind(m.face.surface), m.face.corners, m.nodes, x, p);
      if (!hit || hit.distance > tol) continue;
      if (!best || hit.outside < best.outside) best = { nodes: m.nodes, N: hit.N, outside: hit.outside };
      if (hit.outside === 0) break;
    }
    if (!best || best.outside > 1e-6) {
      unmatched++;
      continue;
    }
    // Weights below rounding are dropped so coincident nodes tie to one master node.
    const keep = best.N.map((w, k) => [w, best!.nodes[k]] as const).filter(([w]) => Math.abs(w) > 1e-12);
    const total = keep.reduce((t, [w]) => t + w, 0);
    out.slaves.push(s);
    out.masters.push(keep.map(([, n]) => n));
    out.weights.push(keep.map(([w]) => w / total));
  }
  report.nodes = out.slaves.length;
  if (unmatched) report.unmatched = unmatched;
  return out;
}

/** The point's face coordinates, shape values, distance to the face and how far outside the reference face it lies. */
function project(
  evaluate: (s: number, t: number) => { N: number[]; dS: number[]; dT: number[] },
  corners: number,
  nodes: number[],
  x: Float64Array,
  p: number[],
): { N: number[]; distance: number; outside: number } | null {
  let s = corners === 3 ? 1 / 3 : 0, t = corners === 3 ? 1 / 3 : 0;
  for (let it = 0; it < 20; it++) {
    const { N, dS, dT } = evaluate(s, t);
    const r = [0, 0, 0], a = [0, 0, 0], b = [0, 0, 0];
    nodes.forEach((n, k) => {
      for (let c = 0; c < 3; c++) {
        r[c] += N[k] * x[3 * n + c];
        a[c] += dS[k] * x[3 * n + c];
        b[c] += dT[k] * x[3 * n + c];
      }
    });
    for (let c = 0; c < 3; c++) r[c] -= p[c];
    const aa = a[0] * a[0] + a[1] * a[1] + a[2] * a[2], ab = a[0] * b[0] + a[1] * b[1] + a[2] * b[2], bb = b[0] * b[0] + b[1] * b[1] + b[2] * b[2];
    const ra = r[0] * a[0] + r[1] * a[1] + r[2] * a[2], rb = r[0] * b[0] + r[1] * b[1] + r[2] * b[2];
    const det = aa * bb - ab * ab;
    if (!(det > 0)) return null;
    const ds = -(bb * ra - ab * rb) / det, dt = -(aa * rb - ab * ra) / det;
    s += ds;
    t += dt;
    if (Math.abs(ds) + Math.abs(dt) < 1e-13) break;
  }
  const { N } = evaluate(s, t);
  const y = [0, 0, 0];
  nodes.forEach((n, k) => {
    for (let c = 0; c < 3; c++) y[c] += N[k] * x[3 * n + c];
  });
  const distance = Math.hypot(y[0] - p[0], y[1] - p[1], y[2] - p[2]);
  const outside = corners === 3 ? Math.max(0, -s, -t, s + t - 1) : Math.max(0, Math.abs(s) - 1, Math.abs(t) - 1);
  return { N, distance, outside };
}
