// Extrusions: the profile's triangulation swept into prism layers, each prism split into three tets.
// Every quad side of a prism is cut along the diagonal from the bottom of its lower-numbered profile
// point to the top of the higher one; both prisms sharing a quad see the same two points, so they
// cut it alike and the mesh conforms.
import { planePoint } from "../geometry/planes.js";
import { endFace as endName, sideFace as sideName, startFace as startName } from "../geometry/extrudeBody.js";
import type { Body, ExtrudeFeature } from "../geometry/types.js";
import { ByteBuffer, IntBuffer } from "./buffers.js";
import type { BodyMesh } from "./bodyMesh.js";
import { capError, checkAbort, divisions, MeshFailure } from "./options.js";
import { estimateProfilePoints, triangulateProfile } from "./profile2d.js";
import { sideWithout, tetVolume6 } from "./tet.js";
import { sweepSeedPlan } from "./hex-sweep.js";
import { gradedFractions, type SeedRule } from "./seeds.js";

export function meshExtrusion(body: Body, size: number, maxElements: number, maxNodes: number, signal?: AbortSignal, seeds: readonly SeedRule[] = []): BodyMesh {
  const f = body.features[0] as ExtrudeFeature;
  // Edge seeds: along the extrusion they set (and grade) the layers, on the profile its edges' divisions.
  const plan = sweepSeedPlan(body, f, seeds, size, undefined, false);
  if (!plan.ok) throw new MeshFailure(`body "${body.name}": ${plan.error}`);
  const layers = plan.layers;
  const estimate = estimateProfilePoints(f.profile, size);
  // About two triangles per point, three tets per prism.
  if (6 * estimate * layers > 1.2 * maxElements) throw capError("elements", 6 * estimate * layers, maxElements, body.name, size, "about");
  if (estimate * (layers + 1) > 1.2 * maxNodes) throw capError("nodes", estimate * (layers + 1), maxNodes, body.name, size, "about");
  const pm = triangulateProfile(f.profile, size, signal, (k) => plan.perEdge.get(k)?.count);
  checkAbort(signal);
  const np = pm.points.length / 2;
  const nt = pm.triangles.length / 3;
  const elementCount = 3 * nt * layers;
  const nodeCount = np * (layers + 1);
  if (elementCount > maxElements) throw capError("elements", elementCount, maxElements, body.name, size);
  if (nodeCount > maxNodes) throw capError("nodes", nodeCount, maxNodes, body.name, size);

  const nodes = new Float64Array(3 * nodeCount);
  const frac = gradedFractions(layers, plan.grading); // from the low w to the high
  const lo = Math.min(f.from, f.to), hi = Math.max(f.from, f.to);
  for (let l = 0; l <= layers; l++) {
    const w = l === layers ? f.to : lo + (hi - lo) * frac[f.from < f.to ? l : layers - l];
    for (let p = 0; p < np; p++) nodes.set(planePoint(f.plane, pm.points[2 * p], pm.points[2 * p + 1], w), 3 * (l * np + p));
  }
  const faceIndex = new Map(body.faces.map((face, i) => [face.name, i]));
  const startFace = faceIndex.get(startName(f))!;
  const endFace = faceIndex.get(endName(f))!;
  // Boundary segments by their (lower, upper) profile points -> face index.
  const sideOf = new Map<number, number>();
  for (let s = 0; s < pm.segmentEdge.length; s++) {
    const a = pm.segments[2 * s];
    const b = pm.segments[2 * s + 1];
    sideOf.set(Math.min(a, b) * np + Math.max(a, b), faceIndex.get(sideName(f, pm.segmentEdge[s]))!);
  }

  const tets = new Int32Array(4 * elementCount);
  const fElem = new IntBuffer(4096);
  const fSide = new ByteBuffer(4096);
  const fFace = new IntBuffer(4096);
  const facet = (t: number, without: number, face: number) => {
    fElem.push(t);
    fSide.push(sideWithout(tets, t, without));
    fFace.push(face);
  };
  // Six times the volume below which a tet counts as flat: far below any element the sizes make
  // (a size larger than the part means elements as large as the part).
  const us = f.profile.map((p) => p[0]);
  const vs = f.profile.map((p) => p[1]);
  const extent = Math.max(Math.max(...us) - Math.min(...us), Math.max(...vs) - Math.min(...vs));
  const h = Math.min(size, extent);
  const flat = 1e-12 * h * h * (Math.abs(f.to - f.from) / layers);
  let t = 0;
  const put = (a: number, b: number, c: number, d: number): number => {
    // Orientation depends on the triangle and the sweep direction; fix it per tet.
    const v6 = tetVolume6(nodes, a, b, c, d);
    if (!(Math.abs(v6) > flat)) {
      throw new MeshFailure(`body "${body.name}": the profile's triangulation made a flat element at size ${size}; try a slightly different size`);
    }
    if (v6 < 0) [b, c] = [c, b];
    tets[4 * t] = a;
    tets[4 * t + 1] = b;
    tets[4 * t + 2] = c;
    tets[4 * t + 3] = d;
    return t++;
  };
  for (let l = 0; l < layers; l++) {
    if ((l & 7) === 0) checkAbort(signal);
    const lo = l * np;
    const hi = (l + 1) * np;
    for (let tri = 0; tri < nt; tri++) {
      let a = pm.triangles[3 * tri], b = pm.triangles[3 * tri + 1], c = pm.triangles[3 * tri + 2];
      if (a > b) [a, b] = [b, a];
      if (b > c) [b, c] = [c, b];
      if (a > b) [a, b] = [b, a];
      const t1 = put(a + lo, b + lo, c + lo, c + hi);
      const t2 = put(a + lo, b + lo, b + hi, c + hi);
      const t3 = put(a + lo, a + hi, b + hi, c + hi);
      if (l === 0) facet(t1, c + hi, startFace);
      if (l === layers - 1) facet(t3, a + lo, endFace);
      const ab = sideOf.get(a * np + b);
      if (ab !== undefined) {
        facet(t2, c + hi, ab);
        facet(t3, c + hi, ab);
      }
      const bc = sideOf.get(b * np + c);
      if (bc !== undefined) {
        facet(t1, a + lo, bc);
        facet(t2, a + lo, bc);
      }
      const ac = sideOf.get(a * np + c);
      if (ac !== undefined) {
        facet(t1, b + lo, ac);
        facet(t3, b + hi, ac);
      }
    }
  }
  return {
    nodes,
    tets,
    facetElement: fElem.toArray(),
    facetSide: fSide.toArray(),
    facetFace: fFace.toArray(),
    method: "profile-sweep",
    size,
  };
}
