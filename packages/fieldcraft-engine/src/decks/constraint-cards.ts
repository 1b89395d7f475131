// Cards for the constraints beyond plain supports: oblique symmetry planes (a rotated nodal frame) and tied
// interfaces. Abaqus/CalculiX writes `*TRANSFORM` and `*TIE`; Nastran and LS-DYNA write them as equations
// (linear-constraints.ts).
import { frameWithNormal } from "../fem/node-constraints.js";
import type { DeckModel } from "./types.js";

type Namer = { name(source: string): string };

const num = (v: number) => (Object.is(v, -0) ? "0" : String(v));

/** `*TRANSFORM` per node set held along a normal: local direction 1 along the normal, 2 along a tangent. */
export function abaqusTransforms(model: DeckModel, nset: Namer): string[] {
  const seen = new Map<string, [number, number, number]>();
  for (const s of model.steps) for (const b of s.boundaries) if (b.normal) seen.set(b.nset, b.normal);
  const out: string[] = [];
  for (const [name, n] of seen) {
    const R = frameWithNormal(n);
    const t = [R[0], R[3], R[6]];
    out.push(`*TRANSFORM, NSET=${nset.name(name)}, TYPE=R`, [...n, ...t].map(num).join(", "));
  }
  return out;
}

/** The local frame (columns: the normal, a tangent, normal x tangent) of each node under a `*TRANSFORM`. */
function transformedNodes(model: DeckModel): Map<number, number[][]> {
  const frames = new Map<number, number[][]>();
  for (const s of model.steps)
    for (const b of s.boundaries) {
      if (!b.normal) continue;
      const R = frameWithNormal(b.normal);
      const axes = [[R[2], R[5], R[8]], [R[0], R[3], R[6]], [R[1], R[4], R[7]]];
      for (const n of model.nsets.find((x) => x.name === b.nset)?.nodes ?? []) frames.set(n, axes);
    }
  return frames;
}

/** Concentrated loads with those on transformed nodes turned into the node's local frame (Abaqus reads them there). */
export function localLoads<L extends { node: number; component: number; value: number }>(model: DeckModel, loads: L[]): L[] {
  const frames = transformedNodes(model);
  if (frames.size === 0) return loads;
  const out: L[] = [];
  const rotated = new Map<number, number[]>();
  for (const l of loads) {
    if (!frames.has(l.node) || l.component > 3) {
      out.push(l);
      continue;
    }
    const v = rotated.get(l.node) ?? [0, 0, 0];
    v[l.component - 1] += l.value;
    rotated.set(l.node, v);
  }
  for (const [node, v] of rotated) {
    const axes = frames.get(node)!;
    axes.forEach((e, k) => out.push({ ...loads[0], node, component: k + 1, value: e[0] * v[0] + e[1] * v[1] + e[2] * v[2] }));
  }
  return out;
}

/**
 * `*TIE` per interface: the slave side as a node surface, the master side as element faces (S1..). CalculiX ties
 * each slave node to the master face it projects on with that face's shape functions, as our solver does.
 */
export function abaqusTies(model: DeckModel, nset: Namer): string[] {
  const out: string[] = [];
  for (const tie of model.ties ?? []) {
    const slave = nset.name(`${tie.name}-slave`);
    const master = nset.name(`${tie.name}-master`);
    out.push(`*NSET, NSET=${slave}`);
    for (let k = 0; k < tie.slaves.length; k += 16) out.push(tie.slaves.slice(k, k + 16).map((n) => n + 1).join(", "));
    out.push(`*SURFACE, NAME=${slave}S, TYPE=NODE`, slave);
    out.push(`*SURFACE, NAME=${master}, TYPE=ELEMENT`, ...tie.masterFacets.map((f) => `${f.element + 1}, S${f.side + 1}`));
    out.push(`*TIE, NAME=${nset.name(tie.name)}, ADJUST=NO`, `${slave}S, ${master}`);
  }
  return out;
}
