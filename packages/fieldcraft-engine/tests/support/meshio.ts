// Reading decks back with meshio (Debian's python3-meshio), an independent reader of Abaqus and Nastran.
// The interpreter: FIELDCRAFT_TEST_PYTHON, else the first of python3 and /usr/bin/python3 that imports meshio.
import { execFileSync } from "node:child_process";

let found: string | null | undefined;

export function meshioPython(): string {
  if (found) return found;
  const candidates = [process.env.FIELDCRAFT_TEST_PYTHON, "python3", "/usr/bin/python3"].filter((c): c is string => !!c);
  for (const c of candidates) {
    try {
      execFileSync(c, ["-c", "import meshio"], { stdio: "ignore" });
      found = c;
      return c;
    } catch {
      // try the next one
    }
  }
  throw new Error(`no Python with meshio found (tried ${candidates.join(", ")}): install python3-meshio or set FIELDCRAFT_TEST_PYTHON`);
}

export interface MeshioMesh {
  points: number[][];
  points_id: number[] | null;
  cells: { type: string; data: number[][] }[];
  cells_id: number[][] | null;
  point_sets: Record<string, number[]>;
  cell_sets: Record<string, number[][]>;
  cell_data: Record<string, number[][]>;
}

const SCRIPT = `
import sys, json, meshio
m = meshio.read(sys.argv[1], file_format=sys.argv[2])
def lst(a):
    return a.tolist() if hasattr(a, "tolist") else list(a)
out = {
  "points": m.points.tolist(),
  "points_id": lst(m.points_id) if hasattr(m, "points_id") else None,
  "cells": [{"type": c.type, "data": c.data.tolist()} for c in m.cells],
  "cells_id": [lst(a) for a in m.cells_id] if hasattr(m, "cells_id") else None,
  "point_sets": {k: lst(v) for k, v in m.point_sets.items()},
  "cell_sets": {k: [lst(a) for a in v] for k, v in m.cell_sets.items()},
  "cell_data": {k: [lst(a) for a in v] for k, v in m.cell_data.items()},
}
json.dump(out, sys.stdout)
`;

export function readWithMeshio(path: string, format: "abaqus" | "nastran"): MeshioMesh {
  const text = execFileSync(meshioPython(), ["-c", SCRIPT, path, format], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "pipe"] });
  return JSON.parse(text) as MeshioMesh;
}
