// Cut designs for the general tet mesher's fuzz corpus (tests/partition/cut-fuzz.test.ts samples it,
// bench/cut-cells.ts runs it all): a part (box, extrusion, L-bracket, a frame of boxes round a hole, an imported STL
// sphere or torus) and an oblique datum plane through it at a random angle and offset, from a fixed-seed PRNG.
// Each case is checked the same way: every cell meshes, its tets' volume equals the cell's volume, none inverted.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Session } from "../../src/index.js";
import { tetVolume6 } from "../../src/mesh/tet.js";
import { binaryStl, sphereSurface, torusSurface, type Soup } from "./surfaces.js";

/** Mulberry32: a small fixed-seed generator (the corpus is the same on every machine). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CutCase {
  seed: number;
  shape: string;
  /** Design bodies (`.solidcraft`), or an STL surface to import. */
  bodies?: unknown[];
  stl?: Soup;
  point: number[];
  normal: number[];
  size: number;
  /** The shape's bounding box: where the datum's point is drawn from. */
  lo: number[];
  hi: number[];
}

const SHAPES = ["box", "extrusion", "bracket", "frame", "sphere", "torus"] as const;

function shape(kind: (typeof SHAPES)[number]): Pick<CutCase, "bodies" | "stl" | "lo" | "hi" | "size"> {
  switch (kind) {
    case "box":
      return { bodies: [{ name: "Part", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [40, 20, 10] }] }], lo: [0, 0, 0], hi: [40, 20, 10], size: 6 };
    case "extrusion":
      // A slanted hexagonal prism: no face in an axis plane but the ends.
      return {
        bodies: [{ name: "Part", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [30, -4], [42, 10], [34, 24], [8, 26], [-3, 12]], from: 0, to: 14 }] }],
        lo: [-3, -4, 0],
        hi: [42, 26, 14],
        size: 7,
      };
    case "bracket":
      return {
        bodies: [{ name: "Part", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [40, 20, 6] }, { id: "F2", type: "box", min: [0, 0, 6], max: [6, 20, 30] }] }],
        lo: [0, 0, 0],
        hi: [40, 20, 30],
        size: 6,
      };
    case "frame":
      // Four boxes round a square through-hole.
      return {
        bodies: [
          {
            name: "Part",
            features: [
              { id: "F1", type: "box", min: [0, 0, 0], max: [30, 8, 8] },
              { id: "F2", type: "box", min: [0, 22, 0], max: [30, 30, 8] },
              { id: "F3", type: "box", min: [0, 8, 0], max: [8, 22, 8] },
              { id: "F4", type: "box", min: [22, 8, 0], max: [30, 22, 8] },
            ],
          },
        ],
        lo: [0, 0, 0],
        hi: [30, 30, 8],
        size: 5,
      };
    case "sphere":
      return { stl: sphereSurface(10, 2, [10, 10, 10]), lo: [2, 2, 2], hi: [18, 18, 18], size: 5 };
    case "torus":
      return { stl: torusSurface(12, 4, 24, 10), lo: [-16, -16, -4], hi: [16, 16, 4], size: 4 };
  }
}

/** Case `seed`: a shape (by seed, cycling) and a plane through a random point of its box with a random normal. */
export function cutCase(seed: number): CutCase {
  const r = prng(seed * 7919 + 17);
  const kind = SHAPES[seed % SHAPES.length];
  const s = shape(kind);
  // A point well inside the box (the middle 60%), so the plane crosses the part almost always.
  const point = [0, 1, 2].map((k) => s.lo[k] + (0.2 + 0.6 * r()) * (s.hi[k] - s.lo[k]));
  // A direction uniform on the sphere.
  const z = 2 * r() - 1, phi = 2 * Math.PI * r(), q = Math.sqrt(1 - z * z);
  const normal = [q * Math.cos(phi), q * Math.sin(phi), z];
  return { seed, shape: kind, ...s, point, normal };
}

/** The case's part opened (a design) or imported (STL) in the session, the datum made and the part partitioned. */
export async function openCut(s: Session, c: CutCase): Promise<{ ok: true } | { ok: false; stage: string; error: string }> {
  const dir = mkdtempSync(join(tmpdir(), "fc-cut-corpus-"));
  const run = async (stage: string, command: string, params: unknown) => {
    const out = await s.execute(command, params);
    return out.ok ? null : { ok: false as const, stage, error: out.error };
  };
  let failed;
  if (c.stl) {
    const path = join(dir, "part.stl");
    writeFileSync(path, binaryStl(c.stl));
    failed = await run("import", "geometry.import.mesh", { path, name: "Part" });
  } else {
    const path = join(dir, "part.solidcraft");
    writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: c.bodies }));
    failed = await run("open", "geometry.open", { path });
  }
  if (failed) return failed;
  failed = (await run("datum", "geometry.datum", { name: "cut", by: { type: "point_normal", point: c.point, normal: c.normal } })) ?? (await run("partition", "geometry.partition", { name: "cut", datum: "cut" }));
  return failed ?? { ok: true };
}

export interface CellCheck {
  cell: string;
  /** |mesh volume - cell volume| / cell volume. */
  volumeError: number;
  /** Elements whose corner tet has volume <= 0. */
  inverted: number;
  elements: number;
}

/** Per body of the session's mesh: the tets' volume against the design body's, and inverted elements. */
export function checkCells(s: Session): CellCheck[] {
  const mesh = s.model().mesh!.mesh;
  const design = s.model().design!.design;
  const npe = mesh.type === "C3D10" ? 10 : 4;
  return mesh.bodies.map((name, b) => {
    let v6 = 0, inverted = 0, elements = 0;
    for (let e = 0; e < mesh.elementBody.length; e++) {
      if (mesh.elementBody[e] !== b) continue;
      const o = npe * e;
      const w = tetVolume6(mesh.nodes, mesh.elements[o], mesh.elements[o + 1], mesh.elements[o + 2], mesh.elements[o + 3]);
      if (!(w > 0)) inverted++;
      v6 += w;
      elements++;
    }
    const volume = design.bodies.find((body) => body.name === name)!.volume;
    return { cell: name, volumeError: Math.abs(v6 / 6 - volume) / Math.abs(volume), inverted, elements };
  });
}
