// Bytes of typed-array storage models hold, counting each buffer once (models share buffers through undo).
import type { Model } from "./types.js";

function buffersOf(model: Model): ArrayBufferLike[] {
  const out: ArrayBufferLike[] = [];
  const mesh = model.mesh?.mesh;
  if (mesh) out.push(mesh.nodes.buffer, mesh.elements.buffer, mesh.elementBody.buffer, mesh.boundary.element.buffer, mesh.boundary.side.buffer, mesh.boundary.tag.buffer);
  for (const r of Object.values(model.results)) {
    const sols = r.modal ? r.modal.modes.map((m) => m.solution) : [r.solution];
    out.push(r.applied.buffer);
    for (const s of sols) {
      // Fluid solutions are told by their pressure: an explicit frame has a (structural) velocity too.
      if ("temperature" in s) out.push(s.temperature.buffer, s.flux.buffer, s.reaction.buffer);
      else if ("pressure" in s) out.push(s.velocity.buffer, s.pressure.buffer, s.vorticity.buffer);
      else out.push(s.displacement.buffer, s.reaction.buffer, s.stress.buffer, s.mises.buffer);
    }
    // An explicit step's frames: the bulk of its memory.
    const h = r.explicit?.history;
    if (h) out.push(h.displacement.buffer, h.velocity.buffer, h.acceleration.buffer, h.reaction.buffer);
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
