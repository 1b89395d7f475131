// A structured block of hexahedra (C3D8, C3D20, C3D20R) between two corners: the grid behind `mesh.block` and the
// mapped mesher. Quadratic families take a grid of 2n + 1 points per axis and skip the face and cell centres.
import { family, type FamilyName } from "../fem/families/index.js";
import type { Mesh } from "./types.js";

/** The block's faces in tag order, and the element side (S1..S6 as 0..5) that lies on each. */
export const BLOCK_FACES = ["-x", "+x", "-y", "+y", "-z", "+z"] as const;
const SIDE_ON_FACE = [5, 3, 2, 4, 0, 1];

export type HexFamilyName = Extract<FamilyName, "C3D8" | "C3D20" | "C3D20R">;
export const HEX_FAMILY_NAMES: readonly HexFamilyName[] = ["C3D8", "C3D20", "C3D20R"];

export interface BlockOptions {
  body: string;
  min: readonly [number, number, number];
  max: readonly [number, number, number];
  counts: readonly [number, number, number];
  type: HexFamilyName;
  /** Face names per BLOCK_FACES entry (default: the entry itself), for blocks of a design's body. */
  faceNames?: readonly string[];
  /** Grid lines per axis as fractions 0..1 (count + 1 each); default uniform. Edge seeds grade these. */
  lines?: readonly (readonly number[])[];
}

export function blockMesh(o: BlockOptions): Mesh {
  const fam = family(o.type);
  const s = fam.order; // grid steps per element edge
  const [nx, ny, nz] = o.counts;
  const g = [s * nx + 1, s * ny + 1, s * nz + 1];
  const lines = [0, 1, 2].map((a) => o.lines?.[a] ?? Array.from({ length: o.counts[a] + 1 }, (_, i) => i / o.counts[a]));
  // Coordinate of grid index i along axis a: element lines, and midpoints between them for quadratic grids.
  const coord = (a: number, i: number) => {
    const t = s === 1 ? lines[a][i] : i % 2 === 0 ? lines[a][i / 2] : (lines[a][(i - 1) / 2] + lines[a][(i + 1) / 2]) / 2;
    return o.min[a] + (o.max[a] - o.min[a]) * t;
  };
  const index = new Int32Array(g[0] * g[1] * g[2]).fill(-1);
  const xyz: number[] = [];
  for (let k = 0; k < g[2]; k++)
    for (let j = 0; j < g[1]; j++)
      for (let i = 0; i < g[0]; i++) {
        if (s === 2 && (i % 2) + (j % 2) + (k % 2) > 1) continue; // face or cell centre: not a node of a serendipity element
        index[i + g[0] * (j + g[1] * k)] = xyz.length / 3;
        xyz.push(coord(0, i), coord(1, j), coord(2, k));
      }
  const ne = nx * ny * nz;
  const npe = fam.nodes;
  const elements = new Int32Array(ne * npe);
  const bel: number[] = [], bside: number[] = [], btag: number[] = [];
  let e = 0;
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++, e++) {
        // Each local node from its natural coordinates: -1, 0, +1 map to grid offsets 0, s/2, s.
        fam.reference.forEach((r, a) => {
          const gi = s * i + ((r[0] + 1) * s) / 2, gj = s * j + ((r[1] + 1) * s) / 2, gk = s * k + ((r[2] + 1) * s) / 2;
          elements[e * npe + a] = index[gi + g[0] * (gj + g[1] * gk)];
        });
        const at = [i, j, k], last = [nx - 1, ny - 1, nz - 1];
        for (let a = 0; a < 3; a++) {
          if (at[a] === 0) { bel.push(e); bside.push(SIDE_ON_FACE[2 * a]); btag.push(2 * a); }
          if (at[a] === last[a]) { bel.push(e); bside.push(SIDE_ON_FACE[2 * a + 1]); btag.push(2 * a + 1); }
        }
      }
  return {
    type: o.type,
    nodes: Float64Array.from(xyz),
    elements,
    elementBody: new Int32Array(ne),
    bodies: [o.body],
    boundary: { element: Int32Array.from(bel), side: Uint8Array.from(bside), tag: Int32Array.from(btag) },
    faceTags: BLOCK_FACES.map((f, t) => ({ body: o.body, face: o.faceNames?.[t] ?? f })),
  };
}

/** The hexahedral family of an order and integration choice. */
export function hexFamily(order: 1 | 2, reduced: boolean): HexFamilyName | { error: string } {
  if (order === 1) return reduced ? { error: "reduced: C3D8R (one point with hourglass control) is not available yet; use reduced: false (C3D8) or order 2 (C3D20R)" } : "C3D8";
  return reduced ? "C3D20R" : "C3D20";
}
