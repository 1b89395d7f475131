// An imported body (kind "mesh") through the general mesher, as the BodyMesh the tet command joins.
import type { Body } from "../../geometry/types.js";
import type { BodyMesh } from "../bodyMesh.js";
import { MeshFailure } from "../options.js";
import { meshClosedSurface, type GeneralMeshQuality } from "./mesher.js";

export function meshSurfaceBody(body: Body, size: number, maxElements: number, maxNodes: number, signal?: AbortSignal): BodyMesh & { quality: GeneralMeshQuality } {
  if (!body.surface) throw new MeshFailure(`body "${body.name}" has no surface to mesh`);
  const r = meshClosedSurface(
    { positions: body.surface.positions, triangles: body.surface.triangles, faceTags: body.surface.faceOf },
    { size, maxElements, maxNodes, signal, ...(body.surface.keepFaces?.length ? { keepTags: new Set(body.surface.keepFaces) } : {}) },
  );
  if (!r.ok) throw new MeshFailure(`body "${body.name}": ${r.error}`);
  const m = r.mesh;
  return { nodes: m.nodes, tets: m.tets, facetElement: m.facetElement, facetSide: m.facetSide, facetFace: m.facetTag, method: "delaunay-refinement", size, quality: m.quality };
}
