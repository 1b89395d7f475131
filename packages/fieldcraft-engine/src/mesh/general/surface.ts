// The boundary as pieces of the input triangles ("subfacets"). Pieces are only ever halved across an edge at
// its midpoint, so every piece stays inside the input triangle it came from (its parent) and keeps its tag.
export class SubSurface {
  a: number[] = [];
  b: number[] = [];
  c: number[] = [];
  parent: number[] = [];
  alive: number[] = [];
  /** Whether the piece is a face of the triangulation now. */
  present: number[] = [];
  /** Edge (lo, hi) -> the pieces that have it (two on a closed manifold surface). */
  private edges = new Map<number, number[]>();

  constructor(private readonly keyBase: number) {}

  private key(u: number, v: number): number {
    return u < v ? u * this.keyBase + v : v * this.keyBase + u;
  }

  private link(s: number, u: number, v: number): void {
    const k = this.key(u, v);
    const list = this.edges.get(k);
    if (list) list.push(s);
    else this.edges.set(k, [s]);
  }

  private unlink(s: number, u: number, v: number): void {
    const k = this.key(u, v);
    const list = this.edges.get(k);
    if (!list) return;
    const i = list.indexOf(s);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.edges.delete(k);
  }

  add(a: number, b: number, c: number, parent: number): number {
    const s = this.a.length;
    this.a.push(a);
    this.b.push(b);
    this.c.push(c);
    this.parent.push(parent);
    this.alive.push(1);
    this.present.push(0);
    this.link(s, a, b);
    this.link(s, b, c);
    this.link(s, c, a);
    return s;
  }

  count(): number {
    return this.a.length;
  }

  /** The pieces with edge (u, v). */
  around(u: number, v: number): readonly number[] {
    return this.edges.get(this.key(u, v)) ?? [];
  }

  /** The longest edge of piece s as [u, v] (ties: the first in corner order, so the choice is deterministic). */
  longestEdge(s: number, x: Float64Array): [number, number] {
    const a = this.a[s], b = this.b[s], c = this.c[s];
    const d2 = (u: number, v: number) => {
      const dx = x[3 * u] - x[3 * v], dy = x[3 * u + 1] - x[3 * v + 1], dz = x[3 * u + 2] - x[3 * v + 2];
      return dx * dx + dy * dy + dz * dz;
    };
    const ab = d2(a, b), bc = d2(b, c), ca = d2(c, a);
    if (ab >= bc && ab >= ca) return [a, b];
    if (bc >= ca) return [b, c];
    return [c, a];
  }

  /** Halves every piece on edge (u, v) at vertex m; returns the new pieces. */
  split(u: number, v: number, m: number): number[] {
    const made: number[] = [];
    for (const s of this.around(u, v).slice()) {
      // Rotate so the piece reads (p, q, r) with {p, q} = {u, v}.
      let p = this.a[s], q = this.b[s], r = this.c[s];
      if (!((p === u || p === v) && (q === u || q === v))) {
        if ((q === u || q === v) && (r === u || r === v)) [p, q, r] = [q, r, p];
        else [p, q, r] = [r, p, q];
      }
      this.alive[s] = 0;
      this.present[s] = 0;
      this.unlink(s, this.a[s], this.b[s]);
      this.unlink(s, this.b[s], this.c[s]);
      this.unlink(s, this.c[s], this.a[s]);
      made.push(this.add(p, m, r, this.parent[s]), this.add(m, q, r, this.parent[s]));
    }
    return made;
  }

  /** The corner of piece s after the directed edge u -> v in its cyclic order, or -1 when it has no such edge. */
  after(s: number, u: number, v: number): number {
    const a = this.a[s], b = this.b[s], c = this.c[s];
    if (a === u && b === v) return c;
    if (b === u && c === v) return a;
    if (c === u && a === v) return b;
    return -1;
  }

  /** Replaces pieces s1 = (u, v, w) and s2 = (v, u, z) by (u, z, w) and (z, v, w); returns the two new pieces. */
  flip(s1: number, s2: number, u: number, v: number): [number, number] {
    const w = this.after(s1, u, v);
    const z = this.after(s2, v, u);
    for (const s of [s1, s2]) {
      this.alive[s] = 0;
      this.present[s] = 0;
      this.unlink(s, this.a[s], this.b[s]);
      this.unlink(s, this.b[s], this.c[s]);
      this.unlink(s, this.c[s], this.a[s]);
    }
    return [this.add(u, z, w, this.parent[s1]), this.add(z, v, w, this.parent[s2])];
  }
}
