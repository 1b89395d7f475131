// Closed triangle surfaces made in the tests (outward-oriented), with their exact enclosed volumes, and
// writers of STL text/bytes, so the importer and the mesher are exercised on shapes whose answers are known.
import earcut from "earcut";

export interface Soup {
  positions: number[];
  triangles: number[];
}

/** Volume enclosed by an outward-oriented closed surface (divergence theorem), summed in a fixed order. */
export function enclosedVolume(positions: ArrayLike<number>, triangles: ArrayLike<number>): number {
  let v = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t], b = 3 * triangles[t + 1], c = 3 * triangles[t + 2];
    const ax = positions[a], ay = positions[a + 1], az = positions[a + 2];
    const bx = positions[b], by = positions[b + 1], bz = positions[b + 2];
    const cx = positions[c], cy = positions[c + 1], cz = positions[c + 2];
    v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

export function boxSurface(min: number[], max: number[]): Soup {
  const positions: number[] = [];
  for (let i = 0; i < 8; i++) positions.push(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2]);
  // Quads as outward (counter-clockwise from outside) corner lists.
  const quads = [
    [0, 2, 3, 1], // -z
    [4, 5, 7, 6], // +z
    [0, 1, 5, 4], // -y
    [2, 6, 7, 3], // +y
    [0, 4, 6, 2], // -x
    [1, 3, 7, 5], // +x
  ];
  const triangles: number[] = [];
  for (const [a, b, c, d] of quads) triangles.push(a, b, c, a, c, d);
  return { positions, triangles };
}

/** An icosahedron subdivided `levels` times, vertices pushed onto the sphere. */
export function sphereSurface(radius: number, levels: number, centre = [0, 0, 0]): Soup {
  const t = (1 + Math.sqrt(5)) / 2;
  let pts: number[][] = [
    [-1, t, 0], [1, t, 0], [-1, -t, 0], [1, -t, 0], [0, -1, t], [0, 1, t], [0, -1, -t], [0, 1, -t], [t, 0, -1], [t, 0, 1], [-t, 0, -1], [-t, 0, 1],
  ];
  let tris: number[][] = [
    [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
    [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
  ];
  const norm = (p: number[]) => {
    const l = Math.hypot(p[0], p[1], p[2]);
    return p.map((v) => v / l);
  };
  pts = pts.map(norm);
  for (let l = 0; l < levels; l++) {
    const mid = new Map<string, number>();
    const m = (a: number, b: number) => {
      const k = a < b ? `${a},${b}` : `${b},${a}`;
      let i = mid.get(k);
      if (i === undefined) {
        i = pts.length;
        pts.push(norm([(pts[a][0] + pts[b][0]) / 2, (pts[a][1] + pts[b][1]) / 2, (pts[a][2] + pts[b][2]) / 2]));
        mid.set(k, i);
      }
      return i;
    };
    const next: number[][] = [];
    for (const [a, b, c] of tris) {
      const ab = m(a, b), bc = m(b, c), ca = m(c, a);
      next.push([a, ab, ca], [b, bc, ab], [c, ca, bc], [ab, bc, ca]);
    }
    tris = next;
  }
  return { positions: pts.flatMap((p) => p.map((v, k) => centre[k] + radius * v)), triangles: tris.flat() };
}

export function torusSurface(R: number, r: number, nu: number, nv: number): Soup {
  const positions: number[] = [];
  for (let i = 0; i < nu; i++)
    for (let j = 0; j < nv; j++) {
      const u = (2 * Math.PI * i) / nu, v = (2 * Math.PI * j) / nv;
      positions.push((R + r * Math.cos(v)) * Math.cos(u), (R + r * Math.cos(v)) * Math.sin(u), r * Math.sin(v));
    }
  const id = (i: number, j: number) => (i % nu) * nv + (j % nv);
  const triangles: number[] = [];
  for (let i = 0; i < nu; i++)
    for (let j = 0; j < nv; j++) {
      const a = id(i, j), b = id(i + 1, j), c = id(i + 1, j + 1), d = id(i, j + 1);
      triangles.push(a, b, c, a, c, d);
    }
  return { positions, triangles };
}

/** A profile (outer loop counter-clockwise, holes clockwise or not: earcut decides) extruded from z0 to z1. */
export function extrudedSurface(outer: number[][], holes: number[][][], z0: number, z1: number): Soup {
  const loops = [outer, ...holes.map((h) => (signedArea(h) > 0 ? [...h].reverse() : h))];
  const outerCcw = signedArea(outer) > 0 ? outer : [...outer].reverse();
  loops[0] = outerCcw;
  const flat: number[] = [];
  const holeIdx: number[] = [];
  for (const [k, loop] of loops.entries()) {
    if (k > 0) holeIdx.push(flat.length / 2);
    for (const p of loop) flat.push(p[0], p[1]);
  }
  const n = flat.length / 2;
  const positions: number[] = [];
  for (let i = 0; i < n; i++) positions.push(flat[2 * i], flat[2 * i + 1], z0);
  for (let i = 0; i < n; i++) positions.push(flat[2 * i], flat[2 * i + 1], z1);
  const triangles: number[] = [];
  const tri = earcut(flat, holeIdx, 2);
  for (let t = 0; t < tri.length; t += 3) {
    // earcut keeps the input winding: make the top counter-clockwise seen from +z, the bottom from -z.
    let [a, b, c] = [tri[t], tri[t + 1], tri[t + 2]];
    const cross = (flat[2 * b] - flat[2 * a]) * (flat[2 * c + 1] - flat[2 * a + 1]) - (flat[2 * b + 1] - flat[2 * a + 1]) * (flat[2 * c] - flat[2 * a]);
    if (cross < 0) [b, c] = [c, b];
    triangles.push(n + a, n + b, n + c, a, c, b);
  }
  let start = 0;
  for (const loop of loops) {
    const m = loop.length;
    for (let i = 0; i < m; i++) {
      const a = start + i, b = start + ((i + 1) % m);
      // Outer loop counter-clockwise, holes clockwise: the wall a->b faces outward with (a, b, b', a').
      triangles.push(a, b, n + b, a, n + b, n + a);
    }
    start += m;
  }
  return { positions, triangles };
}

function signedArea(loop: number[][]): number {
  let s = 0;
  for (let i = 0; i < loop.length; i++) {
    const p = loop[i], q = loop[(i + 1) % loop.length];
    s += p[0] * q[1] - q[0] * p[1];
  }
  return s / 2;
}

export function circle(cx: number, cy: number, r: number, n: number): number[][] {
  return Array.from({ length: n }, (_, i) => [cx + r * Math.cos((2 * Math.PI * i) / n), cy + r * Math.sin((2 * Math.PI * i) / n)]);
}

/** An L-shaped bracket 60 x 40 x 8 with two round holes, as used by the quality tests. */
export function bracketSurface(): Soup {
  const outer = [[0, 0], [60, 0], [60, 12], [14, 12], [14, 40], [0, 40]];
  return extrudedSurface(outer, [circle(40, 6, 3, 16), circle(7, 28, 3.5, 16)], 0, 8);
}

export function asciiStl(s: Soup, name = "part"): string {
  const lines = [`solid ${name}`];
  for (let t = 0; t < s.triangles.length; t += 3) {
    lines.push("  facet normal 0 0 0", "    outer loop");
    for (let k = 0; k < 3; k++) {
      const v = s.triangles[t + k];
      lines.push(`      vertex ${s.positions[3 * v]} ${s.positions[3 * v + 1]} ${s.positions[3 * v + 2]}`);
    }
    lines.push("    endloop", "  endfacet");
  }
  lines.push(`endsolid ${name}`);
  return lines.join("\n") + "\n";
}

/** Binary STL; `header` may start with "solid" as some exporters write. */
export function binaryStl(s: Soup, header = "binary stl"): Uint8Array {
  const m = s.triangles.length / 3;
  const buf = Buffer.alloc(84 + 50 * m);
  buf.write(header.slice(0, 80), 0, "latin1");
  buf.writeUInt32LE(m, 80);
  for (let t = 0; t < m; t++) {
    const o = 84 + 50 * t;
    for (let k = 0; k < 3; k++) {
      const v = s.triangles[3 * t + k];
      for (let c = 0; c < 3; c++) buf.writeFloatLE(s.positions[3 * v + c], o + 12 + 12 * k + 4 * c);
    }
  }
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}
