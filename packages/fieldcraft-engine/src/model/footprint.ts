// Bytes of typed-array storage models hold, counting each buffer once (models share buffers through undo).
import type { Model } from "./types.js";

function buffersOf(model: Model): ArrayBufferLike[] {
  const out: ArrayBufferLike[] = [];
  const mesh = model.mesh?.mesh;
  if (mesh) out.push(mesh.nodes.buffer, mesh.elements.buffer, mesh.elementBody.buffer, mesh.boundary.element.buffer, mesh.boundary.side.buffer, mesh.boundary.tag.buffer);
  for (const r of Object.values(model.results)) {
    out.push(r.applied.buffer, r.solution.displacement.buffer, r.solution.reaction.buffer, r.solution.stress.buffer, r.solution.mises.buffer);
  }
  return out;
}

export function sharedBytes(models: readonly Model[]): number {
  const seen = new Set<ArrayBufferLike>();
  let bytes = 0;
  for (const m of models) {
    for (const b of buffersOf(m)) {
      if (seen.has(b)) continue;
      seen.add(b);
      bytes += b.byteLength;
    }
  }
  return bytes;
}
