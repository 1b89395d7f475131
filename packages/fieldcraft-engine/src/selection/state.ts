// The viewport selection as a value, and the pure rules that change it and turn it into a set's members.
import type { GeometryMember } from "../model/types.js";

/** An element face: 1-based element id and face number (Abaqus S1..S4 on tetrahedra, S1..S6 on hexahedra). */
export interface ElementFace {
  element: number;
  face: number;
}

export interface Selection {
  geometry: GeometryMember[];
  /** 1-based ids, sorted, unique. */
  nodes: number[];
  elements: number[];
  faces: ElementFace[];
}

export type SelectMode = "replace" | "add" | "remove";

export const EMPTY_SELECTION: Selection = Object.freeze({ geometry: [], nodes: [], elements: [], faces: [] }) as Selection;

const memberKey = (m: GeometryMember) => JSON.stringify([m.body, "face" in m ? `f:${m.face}` : "edge" in m ? `e:${m.edge}` : ""]);
const faceKey = (f: ElementFace) => `${f.element}:${f.face}`;

function merge<T>(a: T[], b: T[], key: (t: T) => string | number, mode: "add" | "remove"): T[] {
  if (mode === "remove") {
    const drop = new Set(b.map(key));
    return a.filter((t) => !drop.has(key(t)));
  }
  const seen = new Map<string | number, T>();
  for (const t of [...a, ...b]) if (!seen.has(key(t))) seen.set(key(t), t);
  return [...seen.values()];
}

const sortIds = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y);

export function isEmpty(s: Selection): boolean {
  return s.geometry.length + s.nodes.length + s.elements.length + s.faces.length === 0;
}

/** Applies what was picked to the current selection: replace it, add to it or remove from it. */
export function combine(current: Selection, picked: Selection, mode: SelectMode): Selection {
  if (mode === "replace") return normalise(picked);
  return {
    geometry: merge(current.geometry, picked.geometry, memberKey, mode),
    nodes: sortIds(merge(current.nodes, picked.nodes, (n) => n, mode)),
    elements: sortIds(merge(current.elements, picked.elements, (n) => n, mode)),
    faces: merge(current.faces, picked.faces, faceKey, mode).sort((x, y) => x.element - y.element || x.face - y.face),
  };
}

export function normalise(s: Selection): Selection {
  return combine(EMPTY_SELECTION, s, "add");
}

/**
 * The selection as `model.set.create` members (add a `name`): geometry and ids as they are; element
 * faces become the nodes on them, since a set has no element-face members of its own.
 */
export function setParams(s: Selection, faceNodes: (face: ElementFace) => number[]): Record<string, unknown> {
  const nodes = sortIds([...s.nodes, ...s.faces.flatMap(faceNodes)]);
  return {
    ...(s.geometry.length ? { geometry: s.geometry } : {}),
    ...(nodes.length ? { nodes } : {}),
    ...(s.elements.length ? { elements: s.elements } : {}),
  };
}
