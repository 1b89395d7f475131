// Set-up symbols as the CPU renderer places them: a spread sample of each definition's nodes (cones on
// supports, arrows for forces and prescribed motions) or facet centres (pressure arrows against the normal).
// Each glyph carries its anchor's displacement so the page moves it with the deformation slider.
import { NODES_PER_ELEMENT, TET_FACE_CORNERS, spreadSample, SYMBOL_COLORS, DEFAULT_MAX_GLYPHS, type Mesh, type SymbolDef } from "@mcp-wrappers/fieldcraft-engine";
import { GLYPH_ARROW, GLYPH_CONE, type Rgb, type SymbolInfo, type Vec3 } from "./types.js";

export interface Glyphs {
  info: SymbolInfo[];
  anchor: Float32Array;
  move: Float32Array;
  dir: Float32Array;
  type: Uint8Array;
  symbol: Uint16Array;
}

function unit(v: ArrayLike<number>): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 0];
}

export function buildGlyphs(symbols: readonly SymbolDef[], mesh: Mesh, normals: Float32Array, displacement: Float64Array | null): Glyphs {
  const anchor: number[] = [], move: number[] = [], dir: number[] = [], type: number[] = [], symbol: number[] = [];
  const info: SymbolInfo[] = [];
  const npe = NODES_PER_ELEMENT[mesh.type];
  const u = (n: number, k: number) => (displacement ? displacement[3 * n + k] : 0);
  const push = (t: number, s: number, a: ArrayLike<number>, m: ArrayLike<number>, d: ArrayLike<number>) => {
    type.push(t);
    symbol.push(s);
    anchor.push(a[0], a[1], a[2]);
    move.push(m[0], m[1], m[2]);
    dir.push(d[0], d[1], d[2]);
  };
  symbols.forEach((def, s) => {
    const color = [...SYMBOL_COLORS[def.kind]] as Rgb;
    if (def.kind === "pressure") {
      const count = def.facets.element.length;
      const centres = new Float64Array(count * 3);
      const moves = new Float64Array(count * 3);
      const facetNormals = new Float64Array(count * 3);
      for (let f = 0; f < count; f++) {
        const base = def.facets.element[f] * npe;
        const corners = TET_FACE_CORNERS[def.facets.side[f]].map((c) => mesh.elements[base + c]);
        const p = corners.map((n) => [mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]]);
        for (let k = 0; k < 3; k++) {
          centres[3 * f + k] = (p[0][k] + p[1][k] + p[2][k]) / 3;
          moves[3 * f + k] = (u(corners[0], k) + u(corners[1], k) + u(corners[2], k)) / 3;
        }
        const a = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
        const b = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
        // Abaqus face order winds inward, so b x a points out of the element.
        facetNormals.set(unit([b[1] * a[2] - b[2] * a[1], b[2] * a[0] - b[0] * a[2], b[0] * a[1] - b[1] * a[0]]), 3 * f);
      }
      const picked = spreadSample(centres, DEFAULT_MAX_GLYPHS);
      const sign = def.value >= 0 ? -1 : 1;
      for (const f of picked) {
        const n = facetNormals.subarray(3 * f, 3 * f + 3);
        push(GLYPH_ARROW, s, centres.subarray(3 * f, 3 * f + 3), moves.subarray(3 * f, 3 * f + 3), [sign * n[0], sign * n[1], sign * n[2]]);
      }
      info.push({ kind: def.kind, name: def.name, count, drawn: picked.length, color });
      return;
    }
    if (def.kind === "coupling") {
      // A reference point: a cone at the point aimed at its face's centre, and the force on it as an arrow.
      const c = [0, 0, 0];
      for (let i = 0; i < def.nodes.length; i++) for (let k = 0; k < 3; k++) c[k] += mesh.nodes[3 * def.nodes[i] + k] / def.nodes.length;
      push(GLYPH_CONE, s, def.point, [0, 0, 0], unit([c[0] - def.point[0], c[1] - def.point[1], c[2] - def.point[2]]));
      if (def.force) push(GLYPH_ARROW, s, def.point, [0, 0, 0], unit(def.force));
      info.push({ kind: def.kind, name: def.name, count: def.nodes.length, drawn: def.force ? 2 : 1, color });
      return;
    }
    const nodes = def.nodes;
    const points = new Float64Array(nodes.length * 3);
    for (let i = 0; i < nodes.length; i++) points.set(mesh.nodes.subarray(3 * nodes[i], 3 * nodes[i] + 3), 3 * i);
    const picked = spreadSample(points, DEFAULT_MAX_GLYPHS);
    for (const i of picked) {
      const node = nodes[i];
      const p = mesh.nodes.subarray(3 * node, 3 * node + 3);
      const m = [u(node, 0), u(node, 1), u(node, 2)];
      if (def.kind === "force") {
        push(GLYPH_ARROW, s, p, m, unit(def.vector));
        continue;
      }
      let n: Vec3 = [normals[3 * node], normals[3 * node + 1], normals[3 * node + 2]];
      if (n[0] === 0 && n[1] === 0 && n[2] === 0) n = [0, 0, -1];
      push(GLYPH_CONE, s, p, m, n);
      const moved = def.kind === "displacement" && def.vector ? unit(def.vector) : null;
      if (moved && (moved[0] !== 0 || moved[1] !== 0 || moved[2] !== 0)) push(GLYPH_ARROW, s, p, m, moved);
    }
    info.push({ kind: def.kind, name: def.name, count: nodes.length, drawn: picked.length, color });
  });
  return {
    info,
    anchor: Float32Array.from(anchor),
    move: Float32Array.from(move),
    dir: Float32Array.from(dir),
    type: Uint8Array.from(type),
    symbol: Uint16Array.from(symbol),
  };
}
