// The model's datum planes as the renderer draws them: each a quad over the model's extent (mesh, else design).
import { datumGeometry } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { datumQuad, type SceneDatum } from "../../render/index.js";

function modelBox(model: Model): { min: number[]; max: number[] } | null {
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const x = model.mesh?.mesh.nodes;
  if (x) for (let i = 0; i < x.length; i++) (min[i % 3] = Math.min(min[i % 3], x[i])), (max[i % 3] = Math.max(max[i % 3], x[i]));
  else
    for (const b of model.design?.design.bodies ?? [])
      for (let k = 0; k < 3; k++) (min[k] = Math.min(min[k], b.bbox.min[k])), (max[k] = Math.max(max[k], b.bbox.max[k]));
  return Number.isFinite(min[0]) ? { min, max } : null;
}

export function datumScene(model: Model): SceneDatum[] {
  const box = modelBox(model);
  if (!box) return [];
  return (model.datums ?? []).flatMap((d) => {
    const { plane } = datumGeometry(d);
    return plane ? [{ name: d.name, corners: datumQuad(plane, box) }] : [];
  });
}
