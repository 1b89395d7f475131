// Element quality of a tet mesh: edge ratios, dihedral angles, inverted elements and the worst few (hexahedra,
// wedges and planar meshes have their own measures: hex-quality.ts, planar-quality.ts).
// Computed from the corners: v1 elements have straight edges (mid nodes at the midpoints).
import { hexQuality } from "./hex-quality.js";
import { planarQuality } from "./planar-quality.js";
import { meshFamily, NODES_PER_ELEMENT, type ElementType, type Mesh } from "./types.js";
import { keepWorst } from "./worst-list.js";

export interface ElementQuality {
  /** 0-based element index (element id = index + 1). */
  index: number;
  body: string;
  minDihedral: number;
  maxDihedral: number;
  edgeRatio: number;
  volume: number;
  /** Hexahedra: the smallest scaled Jacobian at its corners. */
  scaledJacobian?: number;
}

export interface MeshQuality {
  elements: number;
  nodes: number;
  type: ElementType;
  /** Longest over shortest edge, per element. */
  edgeRatio: { min: number; max: number; mean: number };
  /** Dihedral angles between faces, in degrees. */
  dihedral: { min: number; max: number };
  /** Elements whose volume is zero or negative. */
  inverted: number;
  /** The elements with the smallest dihedral angles, worst first. */
  worst: ElementQuality[];
  /** Hexahedra: scaled Jacobians (1 for a cube, <= 0 inverted) and how many elements fall below `threshold`. */
  scaledJacobian?: { min: number; max: number; mean: number; below: number; threshold: number };
}

// Edge (i, j) of a tet lies on the two faces that are opposite its other two corners.
const EDGE_OPPOSITE: readonly (readonly [number, number])[] = [
  [2, 3], // edge 0-1
  [1, 3], // edge 0-2
  [1, 2], // edge 0-3
  [0, 3], // edge 1-2
  [0, 2], // edge 1-3
  [0, 1], // edge 2-3
];
const EDGES: readonly (readonly [number, number])[] = [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]];

export function meshQuality(mesh: Mesh, worstCount = 10, signal?: AbortSignal): MeshQuality {
  // Each shape has its own measures; hexahedra rank by scaled Jacobian.
  const shape = meshFamily(mesh).shape;
  if (shape === "hexahedron" || shape === "wedge") return hexQuality(mesh, worstCount);
  if (meshFamily(mesh).planar) return planarQuality(mesh, worstCount);
  const per = NODES_PER_ELEMENT[mesh.type];
  const m = mesh.elements.length / per;
  const xyz = mesh.nodes;
  const p = new Float64Array(12);
  const nrm = new Float64Array(12);
  let ratioMin = Infinity, ratioMax = 0, ratioSum = 0;
  let cosMax = -Infinity, cosMin = Infinity; // smallest dihedral <-> largest cosine
  let inverted = 0;
  const worst: ElementQuality[] = [];
  for (let e = 0; e < m; e++) {
    // A host cancelling from another thread is heard every 4096 elements.
    if ((e & 4095) === 0 && signal?.aborted) throw new Error("the quality report was cancelled");
    for (let c = 0; c < 4; c++) {
      const n = mesh.elements[per * e + c];
      p[3 * c] = xyz[3 * n];
      p[3 * c + 1] = xyz[3 * n + 1];
      p[3 * c + 2] = xyz[3 * n + 2];
    }
    // Edge lengths.
    let lMin = Infinity, lMax = 0;
    for (const [i, j] of EDGES) {
      const l = (p[3 * j] - p[3 * i]) ** 2 + (p[3 * j + 1] - p[3 * i + 1]) ** 2 + (p[3 * j + 2] - p[3 * i + 2]) ** 2;
      if (l < lMin) lMin = l;
      if (l > lMax) lMax = l;
    }
    const ratio = Math.sqrt(lMax / lMin);
    ratioMin = Math.min(ratioMin, ratio);
    ratioMax = Math.max(ratioMax, ratio);
    ratioSum += ratio;
    // Volume and outward face normals (face k is opposite corner k).
    const ax = p[3] - p[0], ay = p[4] - p[1], az = p[5] - p[2];
    const bx = p[6] - p[0], by = p[7] - p[1], bz = p[8] - p[2];
    const cx = p[9] - p[0], cy = p[10] - p[1], cz = p[11] - p[2];
    const volume = (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
    if (!(volume > 0)) inverted++;
    for (let k = 0; k < 4; k++) {
      const [i, j, l] = [(k + 1) % 4, (k + 2) % 4, (k + 3) % 4];
      const ux = p[3 * j] - p[3 * i], uy = p[3 * j + 1] - p[3 * i + 1], uz = p[3 * j + 2] - p[3 * i + 2];
      const vx = p[3 * l] - p[3 * i], vy = p[3 * l + 1] - p[3 * i + 1], vz = p[3 * l + 2] - p[3 * i + 2];
      let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
      // Point away from corner k.
      const away = nx * (p[3 * i] - p[3 * k]) + ny * (p[3 * i + 1] - p[3 * k + 1]) + nz * (p[3 * i + 2] - p[3 * k + 2]);
      const len = Math.hypot(nx, ny, nz) * (away < 0 ? -1 : 1);
      nx /= len;
      ny /= len;
      nz /= len;
      nrm[3 * k] = nx;
      nrm[3 * k + 1] = ny;
      nrm[3 * k + 2] = nz;
    }
    let eMax = -Infinity, eMin = Infinity;
    for (const [f, g] of EDGE_OPPOSITE) {
      const cos = -(nrm[3 * f] * nrm[3 * g] + nrm[3 * f + 1] * nrm[3 * g + 1] + nrm[3 * f + 2] * nrm[3 * g + 2]);
      if (cos > eMax) eMax = cos;
      if (cos < eMin) eMin = cos;
    }
    cosMax = Math.max(cosMax, eMax);
    cosMin = Math.min(cosMin, eMin);
    const minDihedral = degrees(eMax);
    if (worst.length < worstCount || minDihedral < worst[worst.length - 1].minDihedral || !(volume > 0)) {
      const entry: ElementQuality = {
        index: e,
        body: mesh.bodies[mesh.elementBody[e]] ?? "",
        minDihedral,
        maxDihedral: degrees(eMin),
        edgeRatio: ratio,
        volume,
      };
      // Inverted elements rank first, then by smallest dihedral.
      const rank = (q: ElementQuality) => (q.volume > 0 ? q.minDihedral : -1);
      keepWorst(worst, entry, worstCount, rank);
    }
  }
  return {
    elements: m,
    nodes: xyz.length / 3,
    type: mesh.type,
    edgeRatio: m ? { min: ratioMin, max: ratioMax, mean: ratioSum / m } : { min: 0, max: 0, mean: 0 },
    dihedral: m ? { min: degrees(cosMax), max: degrees(cosMin) } : { min: 0, max: 0 },
    inverted,
    worst,
  };
}

function degrees(cos: number): number {
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}
