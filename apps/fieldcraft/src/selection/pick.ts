// Picking by pixel or box in the last picture: the picture's camera and scale project the mesh the same
// way the renderer did, so a point or box on the picture lands on what it shows. Pure.
import { NODES_PER_ELEMENT, elementCount, meshFamily, nodeCount, viewBasis, type Mesh, type Model } from "@mcp-wrappers/fieldcraft-engine";
import type { Selection } from "@mcp-wrappers/fieldcraft-engine";

/** How the last picture mapped the model onto pixels (from ui.render's report, plus the viewport offset in a window). */
export interface PictureFrame {
  width: number;
  height: number;
  yaw: number;
  pitch: number;
  target: [number, number, number];
  pixelsPerUnit: number;
  /** Pixels taken by the legend on the left of the render (0 without one). */
  areaLeft: number;
  /** Where the render sits in the picture the caller saw (the window's viewport for ui.capture). */
  offset: { x: number; y: number };
  /** Deformation drawn: scale and the step whose displacement it used. */
  deformation: { scale: number; step: string } | null;
}

export type PickFilter = "geometry" | "faces" | "nodes" | "elements";
export type BoxMode = "inside" | "crossing";

export type PickRequest = { at: [number, number] } | { box: [number, number, number, number] };

/** Reads the frame from ui.render's result (and the window's viewport offset for ui.capture). */
export function frameFromRender(info: Record<string, unknown>, offset = { x: 0, y: 0 }): PictureFrame | null {
  const camera = info.camera as { yaw?: number; pitch?: number; target?: number[] } | undefined;
  const ppu = info.pixels_per_unit;
  if (!camera || typeof camera.yaw !== "number" || typeof camera.pitch !== "number" || !Array.isArray(camera.target) || typeof ppu !== "number") return null;
  const legend = info.legend as { width?: number } | null | undefined;
  const deformation = info.deformation as { scale?: number } | null | undefined;
  return {
    width: Number(info.width),
    height: Number(info.height),
    yaw: camera.yaw,
    pitch: camera.pitch,
    target: camera.target as [number, number, number],
    pixelsPerUnit: ppu,
    areaLeft: typeof legend?.width === "number" ? legend.width : 0,
    offset,
    deformation: deformation && typeof deformation.scale === "number" && deformation.scale !== 0 && typeof info.step === "string" ? { scale: deformation.scale, step: info.step } : null,
  };
}

/** Screen x, y and depth (smaller is nearer the eye) of every node as drawn. */
export function projectNodes(mesh: Mesh, model: Model, frame: PictureFrame): Float64Array {
  const { dir, right, up } = viewBasis(frame.yaw, frame.pitch);
  const t = frame.target;
  const tr = t[0] * right[0] + t[1] * right[1] + t[2] * right[2];
  const tu = t[0] * up[0] + t[1] * up[1] + t[2] * up[2];
  const cx = frame.offset.x + frame.areaLeft + (frame.width - frame.areaLeft) / 2;
  const cy = frame.offset.y + frame.height / 2;
  // Heat steps have no displacement (and are never drawn deformed).
  const solution = frame.deformation ? model.results[frame.deformation.step]?.solution : undefined;
  const u = solution && "displacement" in solution ? solution.displacement : undefined;
  const s = frame.deformation?.scale ?? 0;
  const n = nodeCount(mesh);
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const x = mesh.nodes[3 * i] + (u ? s * u[3 * i] : 0);
    const y = mesh.nodes[3 * i + 1] + (u ? s * u[3 * i + 1] : 0);
    const z = mesh.nodes[3 * i + 2] + (u ? s * u[3 * i + 2] : 0);
    out[3 * i] = cx + (x * right[0] + y * right[1] + z * right[2] - tr) * frame.pixelsPerUnit;
    out[3 * i + 1] = cy - (x * up[0] + y * up[1] + z * up[2] - tu) * frame.pixelsPerUnit;
    out[3 * i + 2] = x * dir[0] + y * dir[1] + z * dir[2];
  }
  return out;
}

/** The corner nodes of boundary facet k, in its family's face order (3 for tetrahedra, 4 for hexahedra). */
function facetCorners(mesh: Mesh, k: number): number[] {
  const fam = meshFamily(mesh);
  const e = mesh.boundary.element[k];
  const face = fam.faces[mesh.boundary.side[k]];
  return face.nodes.slice(0, face.corners).map((c) => mesh.elements[e * fam.nodes + c]);
}

function insideTriangle(px: number, py: number, s: Float64Array, a: number, b: number, c: number): boolean {
  const d = (i: number, j: number) => (s[3 * j] - s[3 * i]) * (py - s[3 * i + 1]) - (s[3 * j + 1] - s[3 * i + 1]) * (px - s[3 * i]);
  const d1 = d(a, b), d2 = d(b, c), d3 = d(c, a);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The boundary facet drawn at a pixel: the nearest to the eye among those covering it, or -1. */
function facetAt(mesh: Mesh, screen: Float64Array, x: number, y: number): number {
  let best = -1;
  let bestDepth = Infinity;
  for (let k = 0; k < mesh.boundary.element.length; k++) {
    const corners = facetCorners(mesh, k);
    // A fan over the corners covers the facet (a triangle, or a quadrilateral as two triangles).
    let inside = false;
    for (let t = 1; t + 1 < corners.length && !inside; t++) inside = insideTriangle(x, y, screen, corners[0], corners[t], corners[t + 1]);
    if (!inside) continue;
    const depth = corners.reduce((sum, n) => sum + screen[3 * n + 2], 0) / corners.length;
    if (depth < bestDepth) {
      bestDepth = depth;
      best = k;
    }
  }
  return best;
}

const inBox = (s: Float64Array, n: number, box: [number, number, number, number]) => {
  const [x0, y0, x1, y1] = box;
  const x = s[3 * n], y = s[3 * n + 1];
  return x >= Math.min(x0, x1) && x <= Math.max(x0, x1) && y >= Math.min(y0, y1) && y <= Math.max(y0, y1);
};

/**
 * What a pixel or a box picks. A pixel picks what is drawn there (the front-most boundary facet, and by
 * filter its named face, the facet, its element or its nearest corner node). A box picks every item of the
 * filter's kind with all (inside) or any (crossing) of its corners in the box, hidden ones too (faces and
 * named faces are on the boundary; nodes and elements anywhere in the mesh).
 */
export function pick(mesh: Mesh, screen: Float64Array, request: PickRequest, filter: PickFilter, boxMode: BoxMode): Selection {
  const picked: Selection = { geometry: [], nodes: [], elements: [], faces: [] };
  const tagMember = (k: number) => {
    const tag = mesh.faceTags[mesh.boundary.tag[k]];
    return tag ? { body: tag.body, face: tag.face } : null;
  };
  if ("at" in request) {
    const [x, y] = request.at;
    const k = facetAt(mesh, screen, x, y);
    if (k < 0) return picked;
    const e = mesh.boundary.element[k];
    if (filter === "geometry") {
      const m = tagMember(k);
      if (m) picked.geometry.push(m);
    } else if (filter === "faces") picked.faces.push({ element: e + 1, face: mesh.boundary.side[k] + 1 });
    else if (filter === "elements") picked.elements.push(e + 1);
    else {
      const corners = facetCorners(mesh, k);
      const dist = (n: number) => Math.hypot(screen[3 * n] - x, screen[3 * n + 1] - y);
      picked.nodes.push(corners.reduce((a, b) => (dist(b) < dist(a) ? b : a)) + 1);
    }
    return picked;
  }
  const box = request.box;
  const hit = (nodes: number[]) => (boxMode === "inside" ? nodes.every((n) => inBox(screen, n, box)) : nodes.some((n) => inBox(screen, n, box)));
  const facets = mesh.boundary.element.length;
  if (filter === "nodes") {
    for (let n = 0; n < nodeCount(mesh); n++) if (inBox(screen, n, box)) picked.nodes.push(n + 1);
  } else if (filter === "faces") {
    for (let k = 0; k < facets; k++) if (hit(facetCorners(mesh, k))) picked.faces.push({ element: mesh.boundary.element[k] + 1, face: mesh.boundary.side[k] + 1 });
  } else if (filter === "elements") {
    const per = NODES_PER_ELEMENT[mesh.type];
    for (let e = 0; e < elementCount(mesh); e++) {
      const corners = Array.from({ length: meshFamily(mesh).corners }, (_, c) => mesh.elements[e * per + c]);
      if (hit(corners)) picked.elements.push(e + 1);
    }
  } else {
    // A named face is picked when all (inside) or any (crossing) of its facets are.
    const all = new Map<number, boolean>();
    const any = new Map<number, boolean>();
    for (let k = 0; k < facets; k++) {
      const tag = mesh.boundary.tag[k];
      const corners = facetCorners(mesh, k);
      const whole = corners.every((n) => inBox(screen, n, box));
      const some = corners.some((n) => inBox(screen, n, box));
      all.set(tag, (all.get(tag) ?? true) && whole);
      any.set(tag, (any.get(tag) ?? false) || some);
    }
    for (const [tag, whole] of all) {
      const chosen = boxMode === "inside" ? whole : any.get(tag);
      const t = mesh.faceTags[tag];
      if (chosen && t) picked.geometry.push({ body: t.body, face: t.face });
    }
  }
  return picked;
}
