// WebAssembly SIMD trial for the innermost loop of the solve, the symmetric 3x3-block product (block-csr.ts
// addBlockRows3): a module encoded here byte by byte (no wasm toolchain needed), its f64x2 lanes taking two
// rows (or, transposed, two columns) of a block at once, timed against the TypeScript kernel on the same
// matrix copied into the module's memory. A report: `pnpm exec tsx bench/wasm-simd.ts [dofs] [C3D4|C3D10]`.
import { loadavg } from "node:os";
import { assembleStiffness } from "../src/fem/assembly.js";
import { patternWithinMemory } from "../src/fem/linear-solve.js";
import { addBlockRows3 } from "../src/fem/sparse/block-csr.js";
import { blockCase, blockMesh } from "./block-case.js";

// The WebAssembly global, typed here (the package's TypeScript libraries leave it out).
interface Wasm {
  Memory: new (d: { initial: number }) => { buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
}
const WebAssembly = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) return [...out, b];
    out.push(b | 0x80);
  }
};
const str = (s: string) => [...uleb(s.length), ...Buffer.from(s)];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];

// Instructions (the few the kernel uses).
const get = (l: number) => [0x20, ...uleb(l)], set = (l: number) => [0x21, ...uleb(l)];
const i32c = (v: number) => [0x41, ...sleb(v)];
const f64c0 = [0x44, 0, 0, 0, 0, 0, 0, 0, 0];
const i32load = (off = 0) => [0x28, 2, ...uleb(off)], f64load = (off = 0) => [0x2b, 3, ...uleb(off)], f64store = (off = 0) => [0x39, 3, ...uleb(off)];
const I32_ADD = 0x6a, I32_MUL = 0x6c, I32_GE_S = 0x4e, I32_NE = 0x47, F64_ADD = 0xa0, F64_MUL = 0xa2, END = 0x0b;
const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
const vload = (off = 0) => simd(0, 3, ...uleb(off)), vstore = (off = 0) => simd(11, 3, ...uleb(off));
const SPLAT = simd(20), VADD = simd(240), VMUL = simd(242), lane = (l: number) => simd(33, l);

// Parameters (byte offsets into memory): rowPtr, col, val, x, y, lo, hi.
const [ROWPTR, COL, VAL, X, Y, LO, HI] = [0, 1, 2, 3, 4, 5, 6];
// Locals: i32 i k end j v ioff; f64 xi0 xi1 xi2 s0 s1 s2 x2; v128 acc0 acc1 acc2 xj xi0v xi1v xi2v.
const [I, KK, E, J, V, IO] = [7, 8, 9, 10, 11, 12];
const [XI0, XI1, XI2, S0, S1, S2, X2] = [13, 14, 15, 16, 17, 18, 19];
const [A0, A1, A2, XJ, XV0, XV1, XV2] = [20, 21, 22, 23, 24, 25, 26];

function body(): number[] {
  const c: number[] = [];
  const e = (...xs: (number | number[])[]) => xs.forEach((x) => (Array.isArray(x) ? c.push(...x) : c.push(x)));
  e(get(LO), set(I));
  e(0x02, 0x40, 0x03, 0x40); // block $done; loop $rows
  e(get(I), get(HI), I32_GE_S, 0x0d, 1); // br_if $done
  e(get(I), i32c(24), I32_MUL, set(IO));
  for (const [l, off] of [[XI0, 0], [XI1, 8], [XI2, 16]]) e(get(X), get(IO), I32_ADD, f64load(off), set(l));
  for (const [v, l] of [[XV0, XI0], [XV1, XI1], [XV2, XI2]]) e(get(l), SPLAT, set(v));
  for (const a of [A0, A1, A2]) e(f64c0, SPLAT, set(a));
  for (const s of [S0, S1, S2]) e(f64c0, set(s));
  e(get(ROWPTR), get(I), i32c(4), I32_MUL, I32_ADD, i32load(0), set(KK));
  e(get(ROWPTR), get(I), i32c(4), I32_MUL, I32_ADD, i32load(4), set(E));
  e(0x02, 0x40, 0x03, 0x40); // block $rowEnd; loop $blocks
  e(get(KK), get(E), I32_GE_S, 0x0d, 1);
  e(get(COL), get(KK), i32c(4), I32_MUL, I32_ADD, i32load(0), i32c(24), I32_MUL, set(J));
  e(get(VAL), get(KK), i32c(72), I32_MUL, I32_ADD, set(V));
  e(get(X), get(J), I32_ADD, vload(0), set(XJ));
  e(get(X), get(J), I32_ADD, f64load(16), set(X2));
  // Row r of the block: (a_r0, a_r1) . (x_j0, x_j1) in lanes, a_r2 x_j2 apart.
  for (const [a, s, off] of [[A0, S0, 0], [A1, S1, 24], [A2, S2, 48]]) {
    e(get(a), get(V), vload(off), get(XJ), VMUL, VADD, set(a));
    e(get(s), get(V), f64load(off + 16), get(X2), F64_MUL, F64_ADD, set(s));
  }
  // Transposed, off the diagonal: (y_j0, y_j1) += (a00, a01) xi0 + (a10, a11) xi1 + (a20, a21) xi2; y_j2 apart.
  e(get(J), get(IO), I32_NE, 0x04, 0x40);
  e(get(Y), get(J), I32_ADD, set(J));
  e(get(J), get(J), vload(0));
  e(get(V), vload(0), get(XV0), VMUL, get(V), vload(24), get(XV1), VMUL, VADD, get(V), vload(48), get(XV2), VMUL, VADD, VADD, vstore(0));
  e(get(J), get(J), f64load(16));
  e(get(V), f64load(16), get(XI0), F64_MUL, get(V), f64load(40), get(XI1), F64_MUL, F64_ADD, get(V), f64load(64), get(XI2), F64_MUL, F64_ADD, F64_ADD, f64store(16));
  e(END);
  e(get(KK), i32c(1), I32_ADD, set(KK), 0x0c, 0, END, END); // k++; br $blocks; end loop; end block
  e(get(Y), get(IO), I32_ADD, set(J));
  for (const [a, s, off] of [[A0, S0, 0], [A1, S1, 8], [A2, S2, 16]])
    e(get(J), get(J), f64load(off), get(a), lane(0), F64_ADD, get(a), lane(1), F64_ADD, get(s), F64_ADD, f64store(off));
  e(get(I), i32c(1), I32_ADD, set(I), 0x0c, 0, END, END, END); // i++; br $rows; end loop; end block; end func
  return [...uleb(3), 6, 0x7f, 7, 0x7c, 7, 0x7b, ...c];
}

function moduleBytes(): Uint8Array {
  const code = body();
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 7, ...Array(7).fill(0x7f), 0]),
    ...section(2, [1, ...str("env"), ...str("mem"), 0x02, 0x00, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...str("rows"), 0x00, 0]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ]);
}

const dofs = Number(process.argv[2] ?? 200_000);
const order = process.argv[3] === "C3D10" ? 2 : 1;
const { mesh } = blockMesh(order, dofs);
const c = blockCase(mesh);
const sized = patternWithinMemory(mesh, 3, 1e12);
if (!sized.ok) throw new Error(sized.error);
const a = assembleStiffness(mesh, c.problem.elementMaterial, c.problem.materials, sized.pattern);
if (!a.ok) throw new Error(a.error);
const K = a.matrix;
const n = 3 * K.n;

// The matrix and vectors laid out in the module's memory, 16-byte aligned.
const align = (b: number) => Math.ceil(b / 16) * 16;
const offs: number[] = [];
let bytes = 0;
for (const size of [K.rowPtr.byteLength, K.col.byteLength, K.val.byteLength, 8 * n, 8 * n]) {
  offs.push(bytes);
  bytes = align(bytes + size);
}
const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
const buf = memory.buffer;
new Int32Array(buf, offs[0], K.rowPtr.length).set(K.rowPtr);
new Int32Array(buf, offs[1], K.col.length).set(K.col);
new Float64Array(buf, offs[2], K.val.length).set(K.val);
const xw = new Float64Array(buf, offs[3], n), yw = new Float64Array(buf, offs[4], n);
const x = new Float64Array(n), y = new Float64Array(n);
for (let i = 0; i < n; i++) x[i] = xw[i] = Math.sin(i);
const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), { env: { mem: memory } });
const rows = instance.exports.rows as (...a: number[]) => void;

const best = (reps: number, f: () => void) => {
  let b = Infinity;
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    f();
    b = Math.min(b, performance.now() - t);
  }
  return b;
};
const ts = best(20, () => {
  y.fill(0);
  addBlockRows3(K.rowPtr, K.col, K.val, x, y, 0, K.n);
});
// The same TypeScript kernel on ordinary (not shared) copies: whether shared memory itself costs anything.
const plain = { rowPtr: Int32Array.from(K.rowPtr), col: Int32Array.from(K.col), val: Float64Array.from(K.val) };
const tsPlain = best(20, () => {
  y.fill(0);
  addBlockRows3(plain.rowPtr, plain.col, plain.val, x, y, 0, K.n);
});
const wasm = best(20, () => {
  yw.fill(0);
  rows(offs[0], offs[1], offs[2], offs[3], offs[4], 0, K.n);
});
let d = 0, m = 0;
for (let i = 0; i < n; i++) {
  d = Math.max(d, Math.abs(y[i] - yw[i]));
  m = Math.max(m, Math.abs(y[i]));
}
const gb = (K.val.byteLength + K.col.byteLength + 16 * n) / 1e9;
console.log(`${order === 1 ? "C3D4" : "C3D10"}, ${n} DOFs, ${K.col.length} upper blocks; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`| kernel | best of 20 ms | GB/s (matrix + x + y) |\n|---|---|---|`);
console.log(`| TypeScript addBlockRows3 | ${ts.toFixed(2)} | ${(gb / (ts / 1000)).toFixed(1)} |`);
console.log(`| TypeScript addBlockRows3, ordinary arrays | ${tsPlain.toFixed(2)} | ${(gb / (tsPlain / 1000)).toFixed(1)} |`);
console.log(`| WebAssembly SIMD (f64x2) | ${wasm.toFixed(2)} | ${(gb / (wasm / 1000)).toFixed(1)} |`);
console.log(`wasm / TypeScript time ${(wasm / ts).toFixed(2)}; largest difference ${(d / m).toExponential(1)} of the largest entry (the lanes sum in another order)`);
