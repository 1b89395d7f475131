// A small WebAssembly binary encoder: the few sections, instructions and LEB128 integers the kernel module
// needs, so its bytes are built from this TypeScript source at run time (no wasm toolchain, no dependency;
// see the README's Dependencies). Instructions are arrays of bytes, concatenated by `code`.

export const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};

export const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};

export const name = (s: string): number[] => [...uleb(s.length), ...new TextEncoder().encode(s)];
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];

export const TYPE = { i32: 0x7f, f64: 0x7c, v128: 0x7b } as const;

/** Instructions used by the kernels. */
export const op = {
  get: (l: number) => [0x20, ...uleb(l)],
  set: (l: number) => [0x21, ...uleb(l)],
  i32: (v: number) => [0x41, ...sleb(v)],
  f64zero: [0x44, 0, 0, 0, 0, 0, 0, 0, 0],
  i32load: (off = 0) => [0x28, 2, ...uleb(off)],
  f64load: (off = 0) => [0x2b, 3, ...uleb(off)],
  f64store: (off = 0) => [0x39, 3, ...uleb(off)],
  i32add: [0x6a], i32mul: [0x6c], i32geS: [0x4e], i32ltS: [0x48], i32ne: [0x47], i32shl: [0x74],
  f64add: [0xa0], f64mul: [0xa2],
  v128load: (off = 0) => [0xfd, ...uleb(0), 3, ...uleb(off)],
  v128store: (off = 0) => [0xfd, ...uleb(11), 3, ...uleb(off)],
  f64x2splat: [0xfd, ...uleb(20)],
  f64x2lane: (l: number) => [0xfd, ...uleb(33), l],
  f64x2replaceLane: (l: number) => [0xfd, ...uleb(34), l],
  f64x2add: [0xfd, ...uleb(240)],
  f64x2mul: [0xfd, ...uleb(242)],
  /** block/loop with no result; br_if/br to a depth; if with no result; end. */
  block: [0x02, 0x40], loop: [0x03, 0x40], if: [0x04, 0x40],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  end: [0x0b],
} as const;

export const code = (...parts: (readonly number[])[]): number[] => parts.flatMap((p) => [...p]);

export interface FunctionDef {
  name: string;
  params: number[];
  /** Local declarations after the parameters: [count, type] runs. */
  locals: [number, number][];
  body: number[];
}

/**
 * A module importing one shared memory as env.mem (any size up to 4 GiB: the kernel heap's) and exporting
 * `functions`, each taking its params and returning nothing.
 */
export function moduleBytes(functions: FunctionDef[]): Uint8Array {
  const types = functions.map((f) => [0x60, ...vec(f.params.map((p) => [p])), 0]);
  const bodies = functions.map((f) => {
    const b = [...vec(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.body, ...op.end];
    return [...uleb(b.length), ...b];
  });
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, vec(types)),
    // Memory import: limits flag 3 = a maximum given and shared; min 0 pages, max 65536 (4 GiB).
    ...section(2, vec([[...name("env"), ...name("mem"), 0x02, 0x03, ...uleb(0), ...uleb(65536)]])),
    ...section(3, vec(functions.map((_, i) => uleb(i)))),
    ...section(7, vec(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))),
    ...section(10, vec(bodies)),
  ]);
}
