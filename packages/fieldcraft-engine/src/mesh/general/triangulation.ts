// A 3D triangulation kept as flat arrays (corners, neighbours, a constraint id per face) with Bowyer-Watson
// insertion on exact predicates. Faces that carry a constraint (a piece of the input surface) can stop the
// cavity: that is what keeps the boundary while points are added inside (constrained insertion).
import { circumcentre, inSphere, orient, orientPoint, triangleCircumcentre } from "./predicates.js";

/** Face i of a tet is opposite corner i; its corners in this order see corner i on their positive side. */
export const FACE: readonly (readonly [number, number, number])[] = [
  [1, 3, 2],
  [0, 2, 3],
  [0, 3, 1],
  [0, 1, 2],
];

export const enum Mode {
  /** Plain Delaunay insertion: constraints are ignored (the first triangulation of the surface points). */
  Free,
  /** A point inside the domain: the cavity never crosses a constraint; a point in a constraint's diametral ball is refused. */
  Constrained,
  /** A point on the surface: the cavity may cross the constraints being split (`crossable`) and destroys others only when it must. */
  Surface,
  /** A point inside placed by the sliver removal: constraints are walls the cavity never crosses (no diametral refusal). */
  Walled,
}

export const enum Outcome {
  Inserted,
  Duplicate,
  /** Refused: the point encroaches on (or lies behind) constraint `blocked`. */
  Blocked,
  Failed,
  /** `dryRun` was set: the cavity (`cavityTets`) and its faces (`cavityFaces`, tet * 4 + face) are known, nothing changed. */
  Planned,
}

export class Triangulation {
  x: Float64Array;
  nv = 0;
  tv: Int32Array;
  tn: Int32Array;
  /** Constraint (surface piece) id on each face, -1 for none. */
  tc: Int32Array;
  /** 1 inside the domain, 0 outside, set by the caller's classification and inherited by new tets. */
  region: Int8Array;
  alive: Uint8Array;
  nt = 0;
  free: number[] = [];
  vertTet: Int32Array;
  /** After Outcome.Blocked: the constraint refused at. */
  blocked = -1;
  /** Constraints destroyed by the last insertion (Surface mode only), besides the crossable ones. */
  lost: number[] = [];
  /** Tets made by the last insertion. */
  created: number[] = [];
  /** When set, insert stops before changing anything and answers Planned. */
  dryRun = false;
  private mark: Int32Array;
  private vmark: Int32Array;
  private stamp = 0;
  private turn = 0;
  private cc = new Float64Array(3);
  // Edges of the cavity's boundary still waiting for their second new tet: (lo, hi, tet*4+face), a short list
  // searched linearly (a cavity has tens of faces; a Map cost more than the search).
  private pu = new Int32Array(256);
  private pv = new Int32Array(256);
  private ps = new Int32Array(256);
  private np = 0;
  private cavity: number[] = [];
  private faces: number[] = [];
  private fa = new Int32Array(64);
  private fb = new Int32Array(64);
  private fc = new Int32Array(64);
  private fout = new Int32Array(64);
  private fcon = new Int32Array(64);
  private freg = new Int8Array(64);
  private fback = new Int8Array(64);

  private growScratch(n: number): void {
    const cap = Math.max(n, 2 * this.fa.length);
    this.fa = new Int32Array(cap);
    this.fb = new Int32Array(cap);
    this.fc = new Int32Array(cap);
    this.fout = new Int32Array(cap);
    this.fcon = new Int32Array(cap);
    this.freg = new Int8Array(cap);
    this.fback = new Int8Array(cap);
  }

  /** Links new tet t's face i (holding the new point and edge u-v) with the other new tet on that edge. */
  private pair(t: number, i: number, u: number, v: number): void {
    const lo = u < v ? u : v, hi = u < v ? v : u;
    const { pu, pv, ps } = this;
    for (let j = 0; j < this.np; j++) {
      if (pu[j] !== lo || pv[j] !== hi) continue;
      const other = ps[j];
      this.tn[4 * t + i] = other >> 2;
      this.tn[other] = t;
      const last = --this.np;
      pu[j] = pu[last];
      pv[j] = pv[last];
      ps[j] = ps[last];
      return;
    }
    if (this.np === pu.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(2 * a.length);
        b.set(a);
        return b;
      };
      this.pu = grow(pu);
      this.pv = grow(pv);
      this.ps = grow(ps);
    }
    this.pu[this.np] = lo;
    this.pv[this.np] = hi;
    this.ps[this.np++] = 4 * t + i;
  }

  constructor(vertexCapacity: number, tetCapacity: number) {
    this.x = new Float64Array(3 * vertexCapacity);
    this.vertTet = new Int32Array(vertexCapacity).fill(-1);
    this.vmark = new Int32Array(vertexCapacity);
    this.tv = new Int32Array(4 * tetCapacity);
    this.tn = new Int32Array(4 * tetCapacity);
    this.tc = new Int32Array(4 * tetCapacity);
    this.region = new Int8Array(tetCapacity);
    this.alive = new Uint8Array(tetCapacity);
    this.mark = new Int32Array(tetCapacity);
  }

  addVertex(px: number, py: number, pz: number): number {
    if (this.nv === this.vertTet.length) {
      const cap = 2 * this.nv;
      const x = new Float64Array(3 * cap);
      x.set(this.x);
      this.x = x;
      const vt = new Int32Array(cap).fill(-1);
      vt.set(this.vertTet);
      this.vertTet = vt;
      const vm = new Int32Array(cap);
      vm.set(this.vmark);
      this.vmark = vm;
    }
    const v = this.nv++;
    this.x[3 * v] = px;
    this.x[3 * v + 1] = py;
    this.x[3 * v + 2] = pz;
    return v;
  }

  private growTets(): void {
    const cap = 2 * this.alive.length;
    const grow32 = (a: Int32Array, n: number) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.tv = grow32(this.tv, 4 * cap);
    this.tn = grow32(this.tn, 4 * cap);
    this.tc = grow32(this.tc, 4 * cap);
    this.mark = grow32(this.mark, cap);
    const r = new Int8Array(cap);
    r.set(this.region);
    this.region = r;
    const al = new Uint8Array(cap);
    al.set(this.alive);
    this.alive = al;
  }

  newTet(a: number, b: number, c: number, d: number): number {
    let t: number;
    if (this.free.length > 0) t = this.free.pop()!;
    else {
      if (this.nt === this.alive.length) this.growTets();
      t = this.nt++;
    }
    this.tv[4 * t] = a;
    this.tv[4 * t + 1] = b;
    this.tv[4 * t + 2] = c;
    this.tv[4 * t + 3] = d;
    this.tn.fill(-1, 4 * t, 4 * t + 4);
    this.tc.fill(-1, 4 * t, 4 * t + 4);
    this.alive[t] = 1;
    this.region[t] = 0;
    this.mark[t] = 0;
    this.vertTet[a] = t;
    this.vertTet[b] = t;
    this.vertTet[c] = t;
    this.vertTet[d] = t;
    return t;
  }

  /** Face i's corners (global vertex ids) of tet t, oriented to see the tet's corner i on their positive side. */
  faceVertex(t: number, i: number, k: number): number {
    return this.tv[4 * t + FACE[i][k]];
  }

  /** Which face of tet `nb` is shared with tet `t`. */
  backFace(nb: number, t: number): number {
    const o = 4 * nb;
    if (this.tn[o] === t) return 0;
    if (this.tn[o + 1] === t) return 1;
    if (this.tn[o + 2] === t) return 2;
    return 3;
  }

  /** Visibility walk to a tet containing point p (closed). With `stopAtConstraints`, crossing a constraint refuses. */
  locate(p: number, start: number, stopAtConstraints: boolean, crossable: readonly number[] | null): number {
    let t = start;
    const limit = 4 * this.nt + 100;
    for (let steps = 0; steps < limit; steps++) {
      let moved = false;
      const r = this.turn++ & 3;
      for (let k = 0; k < 4; k++) {
        const i = (k + r) & 3;
        const f = FACE[i];
        const o = 4 * t;
        if (orient(this.x, this.tv[o + f[0]], this.tv[o + f[1]], this.tv[o + f[2]], p) < 0) {
          const c = this.tc[o + i];
          if (stopAtConstraints && c >= 0 && !(crossable && crossable.includes(c))) {
            this.blocked = c;
            return -2;
          }
          const nb = this.tn[o + i];
          if (nb < 0) return -1;
          t = nb;
          moved = true;
          break;
        }
      }
      if (!moved) return t;
    }
    return -1;
  }

  private insideDiametral(c: number, t: number, i: number, p: number): boolean {
    const a = this.faceVertex(t, i, 0), b = this.faceVertex(t, i, 1), d = this.faceVertex(t, i, 2);
    const r2 = triangleCircumcentre(this.x, a, b, d, this.cc);
    const dx = this.x[3 * p] - this.cc[0], dy = this.x[3 * p + 1] - this.cc[1], dz = this.x[3 * p + 2] - this.cc[2];
    void c;
    return dx * dx + dy * dy + dz * dz < r2 * (1 - 1e-12);
  }

  /**
   * Inserts vertex p (already added) starting the search at tet `start`. Nothing changes unless the
   * outcome is Inserted.
   */
  insert(p: number, start: number, mode: Mode, crossable: readonly number[] | null = null): Outcome {
    this.lost.length = 0;
    this.created.length = 0;
    const walled = mode === Mode.Walled;
    const t0 = this.locate(p, start, mode === Mode.Constrained || walled, crossable);
    if (t0 === -2) return Outcome.Blocked;
    if (t0 < 0) return Outcome.Failed;
    const x = this.x;
    for (let k = 0; k < 4; k++) {
      const v = this.tv[4 * t0 + k];
      if (x[3 * v] === x[3 * p] && x[3 * v + 1] === x[3 * p + 1] && x[3 * v + 2] === x[3 * p + 2]) return Outcome.Duplicate;
    }
    const stamp = ++this.stamp;
    const cavity = this.cavity;
    cavity.length = 0;
    cavity.push(t0);
    this.mark[t0] = stamp;
    // Grow the cavity: tets whose circumsphere holds p, across faces the mode lets us cross.
    for (let q = 0; q < cavity.length; q++) {
      const t = cavity[q];
      for (let i = 0; i < 4; i++) {
        const nb = this.tn[4 * t + i];
        if (nb < 0 || this.mark[nb] === stamp) continue;
        const c = this.tc[4 * t + i];
        if (c >= 0 && walled) continue;
        // Insertions stay Delaunay; a point inside would cross (or crowd) a boundary piece: refuse it.
        if (c >= 0 && mode === Mode.Constrained && this.insideDiametral(c, t, i, p)) {
          this.blocked = c;
          return Outcome.Blocked;
        }
        const o = 4 * nb;
        if (inSphere(x, this.tv[o], this.tv[o + 1], this.tv[o + 2], this.tv[o + 3], p) > 0) {
          if (c >= 0 && mode === Mode.Constrained) {
            this.blocked = c;
            return Outcome.Blocked;
          }
          this.mark[nb] = stamp;
          cavity.push(nb);
        }
      }
    }
    // Make the cavity star-shaped from p: a boundary face that does not see p takes the tet behind it in.
    const faces = this.faces;
    for (let round = 0; ; round++) {
      if (round > 64) return Outcome.Failed;
      faces.length = 0;
      let grew = false;
      for (let q = 0; q < cavity.length && !grew; q++) {
        const t = cavity[q];
        for (let i = 0; i < 4; i++) {
          const nb = this.tn[4 * t + i];
          if (nb >= 0 && this.mark[nb] === stamp) continue;
          const o = 4 * t;
          const f = FACE[i];
          if (orient(x, this.tv[o + f[0]], this.tv[o + f[1]], this.tv[o + f[2]], p) > 0) {
            faces.push(4 * t + i);
            continue;
          }
          if (nb < 0) return Outcome.Failed;
          const c = this.tc[4 * t + i];
          if (c >= 0 && (mode === Mode.Constrained || walled)) {
            this.blocked = c;
            return Outcome.Blocked;
          }
          this.mark[nb] = stamp;
          cavity.push(nb);
          grew = true;
          break;
        }
      }
      if (!grew) break;
    }
    // Every vertex of the cavity must stay on its boundary (never swallowed).
    const vstamp = stamp;
    for (const fi of faces) {
      const t = fi >> 2, i = fi & 3;
      for (let k = 0; k < 3; k++) this.vmark[this.faceVertex(t, i, k)] = vstamp;
    }
    for (const t of cavity) for (let k = 0; k < 4; k++) if (this.vmark[this.tv[4 * t + k]] !== vstamp) return Outcome.Failed;
    if (this.dryRun) return Outcome.Planned;
    // Constraints inside the cavity die with it.
    {
      for (const t of cavity)
        for (let i = 0; i < 4; i++) {
          const c = this.tc[4 * t + i];
          const nb = this.tn[4 * t + i];
          if (c >= 0 && nb >= 0 && this.mark[nb] === stamp && !(crossable && crossable.includes(c)) && !this.lost.includes(c)) this.lost.push(c);
        }
    }
    // Remember what each boundary face needs before the cavity's slots are reused (scratch arrays: no garbage).
    const nf = faces.length;
    if (this.fa.length < nf) this.growScratch(nf);
    const { fa, fb, fc, fout, fcon, freg, fback } = this;
    for (let k = 0; k < nf; k++) {
      const t = faces[k] >> 2, i = faces[k] & 3;
      fa[k] = this.faceVertex(t, i, 0);
      fb[k] = this.faceVertex(t, i, 1);
      fc[k] = this.faceVertex(t, i, 2);
      fout[k] = this.tn[4 * t + i];
      fcon[k] = this.tc[4 * t + i];
      freg[k] = this.region[t];
      fback[k] = fout[k] >= 0 ? this.backFace(fout[k], t) : 0;
    }
    for (const t of cavity) this.alive[t] = 0;
    // Slots are reused in a fixed order, so the output only depends on the input.
    for (let k = cavity.length - 1; k >= 0; k--) this.free.push(cavity[k]);
    this.np = 0;
    for (let k = 0; k < nf; k++) {
      const a = fa[k], b = fb[k], c = fc[k];
      const t = this.newTet(a, b, c, p);
      this.created.push(t);
      this.region[t] = freg[k];
      const out = fout[k];
      this.tn[4 * t + 3] = out;
      this.tc[4 * t + 3] = fcon[k];
      if (out >= 0) this.tn[4 * out + fback[k]] = t;
      // Faces 0..2 of the new tet hold p and the edges (b,c), (a,c), (a,b) of the boundary face.
      this.pair(t, 0, b, c);
      this.pair(t, 1, a, c);
      this.pair(t, 2, a, b);
    }
    if (this.np !== 0) throw new Error("internal error: the cavity's boundary is not closed");
    return Outcome.Inserted;
  }

  /** After Outcome.Planned (or Inserted, until the next insert): the cavity's tets. */
  get cavityTets(): readonly number[] {
    return this.cavity;
  }

  /** After Outcome.Planned: the cavity's boundary faces as tet * 4 + face (each sees the point). */
  get cavityFaces(): readonly number[] {
    return this.faces;
  }

  /** Circumcentre of tet t into out; the squared radius. */
  circumcentre(t: number, out: Float64Array): number {
    const o = 4 * t;
    return circumcentre(this.x, this.tv[o], this.tv[o + 1], this.tv[o + 2], this.tv[o + 3], out);
  }

  orientPoint(a: number, b: number, c: number, px: number, py: number, pz: number): number {
    return orientPoint(this.x, a, b, c, px, py, pz);
  }

  /** The tet and face index whose face is (a, b, c) in any order, or -1: a walk around a's tets. */
  findFace(a: number, b: number, c: number): number {
    const start = this.vertTet[a];
    if (start < 0 || !this.alive[start]) return -1;
    const stamp = ++this.stamp;
    const stack = [start];
    this.mark[start] = stamp;
    while (stack.length > 0) {
      const t = stack.pop()!;
      const o = 4 * t;
      for (let i = 0; i < 4; i++) {
        const f = FACE[i];
        const u = this.tv[o + f[0]], v = this.tv[o + f[1]], w = this.tv[o + f[2]];
        if (u !== a && v !== a && w !== a) continue;
        if ((u === b || v === b || w === b) && (u === c || v === c || w === c)) return 4 * t + i;
        const nb = this.tn[o + i];
        if (nb >= 0 && this.mark[nb] !== stamp) {
          this.mark[nb] = stamp;
          stack.push(nb);
        }
      }
    }
    return -1;
  }

  /** Flags face (tet*4+i) and its twin with constraint s. */
  flagFace(fi: number, s: number): void {
    this.tc[fi] = s;
    const t = fi >> 2;
    const nb = this.tn[fi];
    if (nb >= 0) this.tc[4 * nb + this.backFace(nb, t)] = s;
  }
}
