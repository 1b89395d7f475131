// The selection drawn over the viewport, as a window shows it: selected faces and elements as orange
// wireframe (hidden edges too, like an x-ray highlight) and selected nodes as small squares. Pure pixels.
import { NODES_PER_ELEMENT, meshFamily, type Mesh, type Model } from "@mcp-wrappers/fieldcraft-engine";
import { projectNodes, type PictureFrame } from "../selection/pick.js";
import type { Selection } from "@mcp-wrappers/fieldcraft-engine";
import type { Rgba } from "./compose.js";

const HIGHLIGHT = [255, 140, 0] as const;

function plot(img: Rgba, x: number, y: number): void {
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const o = 4 * (y * img.width + x);
  img.data[o] = HIGHLIGHT[0];
  img.data[o + 1] = HIGHLIGHT[1];
  img.data[o + 2] = HIGHLIGHT[2];
}

function line(img: Rgba, x0: number, y0: number, x1: number, y1: number): void {
  const steps = Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0)));
  if (!Number.isFinite(steps) || steps > 20_000) return;
  for (let i = 0; i <= steps; i++) {
    const t = steps === 0 ? 0 : i / steps;
    plot(img, Math.round(x0 + (x1 - x0) * t), Math.round(y0 + (y1 - y0) * t));
  }
}

function faceMatches(tag: string, face: string): boolean {
  return tag === face || (tag.startsWith(face + "#") && !face.includes("#"));
}

/** Draws the selection onto the viewport picture whose projection `frame` describes. */
export function drawSelection(img: Rgba, frame: PictureFrame, mesh: Mesh, model: Model, selection: Selection): number {
  const s = projectNodes(mesh, model, frame);
  const per = NODES_PER_ELEMENT[mesh.type];
  const node = (e: number, k: number) => mesh.elements[e * per + k];
  const segment = (a: number, b: number) => line(img, s[3 * a], s[3 * a + 1], s[3 * b], s[3 * b + 1]);
  let drawn = 0;
  const facet = (e: number, side: number) => {
    // The face's corner loop, from its family row (triangles and quadrilaterals alike).
    const face = meshFamily(mesh).faces[side];
    const c = face.nodes.slice(0, face.corners);
    c.forEach((a, i) => segment(node(e, a), node(e, c[(i + 1) % c.length])));
    drawn++;
  };
  const bodies = new Set(selection.geometry.filter((m) => !("face" in m) && !("edge" in m)).map((m) => m.body));
  const faces = selection.geometry.filter((m): m is { body: string; face: string } => "face" in m);
  if (bodies.size + faces.length > 0) {
    for (let k = 0; k < mesh.boundary.element.length; k++) {
      const tag = mesh.faceTags[mesh.boundary.tag[k]];
      if (!tag) continue;
      if (bodies.has(tag.body) || faces.some((f) => f.body === tag.body && faceMatches(tag.face, f.face))) facet(mesh.boundary.element[k], mesh.boundary.side[k]);
    }
  }
  const elements = mesh.elements.length / per;
  for (const f of selection.faces) if (f.element <= elements) facet(f.element - 1, f.face - 1);
  for (const id of selection.elements) {
    if (id > elements) continue;
    for (const [a, b] of meshFamily(mesh).edges) segment(node(id - 1, a), node(id - 1, b));
    drawn++;
  }
  const nodes = mesh.nodes.length / 3;
  for (const id of selection.nodes) {
    if (id > nodes) continue;
    const x = Math.round(s[3 * (id - 1)]), y = Math.round(s[3 * (id - 1) + 1]);
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) plot(img, x + dx, y + dy);
    drawn++;
  }
  return drawn;
}
