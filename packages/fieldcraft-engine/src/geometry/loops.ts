// Boundary loops of a set of unit squares in a 2D index grid: the outline of one face piece.

/**
 * Traces the outline of `cells` (pairs q, r) as closed loops of grid vertices, each running with the
 * region on its left (outer loops counter-clockwise, holes clockwise). Where two loops touch at a
 * vertex the sharpest left turn is taken, so loops never cross themselves, and a loop that still
 * passes a point twice is split there: every loop is a simple polygon. Straight runs are merged.
 */
export function traceCellLoops(cells: ReadonlyArray<readonly [number, number]>): [number, number][][] {
  const W = 1 << 20; // vertex key = q + W * r; grids are far smaller than this
  const edges = new Map<string, [number, number, number, number]>();
  const key = (q0: number, r0: number, q1: number, r1: number) => `${q0 + W * r0},${q1 + W * r1}`;
  const add = (q0: number, r0: number, q1: number, r1: number) => {
    const back = key(q1, r1, q0, r0);
    if (edges.has(back)) edges.delete(back);
    else edges.set(key(q0, r0, q1, r1), [q0, r0, q1, r1]);
  };
  for (const [q, r] of cells) {
    add(q, r, q + 1, r);
    add(q + 1, r, q + 1, r + 1);
    add(q + 1, r + 1, q, r + 1);
    add(q, r + 1, q, r);
  }
  const outgoing = new Map<number, [number, number, number, number][]>();
  for (const e of edges.values()) {
    const from = e[0] + W * e[1];
    const list = outgoing.get(from);
    if (list) list.push(e);
    else outgoing.set(from, [e]);
  }
  const used = new Set<[number, number, number, number]>();
  const loops: [number, number][][] = [];
  // Start from the lowest edges first so the output order does not depend on Map order.
  const starts = [...edges.values()].sort((a, b) => a[1] - b[1] || a[0] - b[0] || a[3] - b[3] || a[2] - b[2]);
  for (const start of starts) {
    if (used.has(start)) continue;
    const loop: [number, number][] = [];
    let e = start;
    for (;;) {
      used.add(e);
      loop.push([e[0], e[1]]);
      const dx = e[2] - e[0];
      const dy = e[3] - e[1];
      // The start edge stays a candidate, so the loop closes where the turn rule says it does.
      const options = (outgoing.get(e[2] + W * e[3]) ?? []).filter((o) => o === start || !used.has(o));
      if (options.length === 0) throw new Error("open face outline");
      // Rank: left turn, straight, right turn.
      const rank = (o: [number, number, number, number]) => {
        const cross = dx * (o[3] - o[1]) - dy * (o[2] - o[0]);
        return cross > 0 ? 0 : cross === 0 ? 1 : 2;
      };
      options.sort((a, b) => rank(a) - rank(b));
      if (options[0] === start) break;
      e = options[0];
    }
    for (const simple of splitAtRepeats(loop)) loops.push(mergeStraight(simple));
  }
  return loops;
}

/**
 * A loop that passes twice through a point (two holes touching at a corner) split there into
 * loops that pass through each point once, so every loop is a simple polygon.
 */
function splitAtRepeats(loop: [number, number][]): [number, number][][] {
  const out: [number, number][][] = [];
  const stack: [number, number][] = [];
  const at = new Map<string, number>();
  for (const v of loop) {
    const k = `${v[0]},${v[1]}`;
    const i = at.get(k);
    if (i !== undefined) {
      const sub = stack.splice(i);
      for (const u of sub) at.delete(`${u[0]},${u[1]}`);
      out.push(sub);
    }
    at.set(k, stack.length);
    stack.push(v);
  }
  out.push(stack);
  return out;
}

function mergeStraight(loop: [number, number][]): [number, number][] {
  const n = loop.length;
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    const p = loop[(i + n - 1) % n];
    const c = loop[i];
    const q = loop[(i + 1) % n];
    const cross = (c[0] - p[0]) * (q[1] - c[1]) - (c[1] - p[1]) * (q[0] - c[0]);
    if (cross !== 0) out.push(c);
  }
  return out;
}
