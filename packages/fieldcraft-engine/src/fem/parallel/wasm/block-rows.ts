// The symmetric 3x3-block product's rows in WebAssembly SIMD: what block-csr.ts addBlockRows3 does (y += the
// stored upper blocks of rows [lo, hi) applied to their row and, transposed, to their column's row), with
// f64x2 lanes taking two rows (or, transposed, two columns) of a block at once. The lanes sum in another
// order than the TypeScript loop: the results agree to round-off, and each path gives the same bits every run.
import { code, op, TYPE, type FunctionDef } from "./encode.js";

// Parameters (byte offsets into the heap, then the node range): rowPtr, col, val, x, y, lo, hi.
const [ROWPTR, COL, VAL, X, Y, LO, HI] = [0, 1, 2, 3, 4, 5, 6];
// Locals: i32 i k end j v ioff; f64 xi0 xi1 xi2 s0 s1 s2 xj2; v128 acc0 acc1 acc2 xj xi0v xi1v xi2v.
const [I, K, END, J, V, IO] = [7, 8, 9, 10, 11, 12];
const [XI0, XI1, XI2, S0, S1, S2, XJ2] = [13, 14, 15, 16, 17, 18, 19];
const [A0, A1, A2, XJ, XV0, XV1, XV2] = [20, 21, 22, 23, 24, 25, 26];
const { get, set, i32 } = op;

function body(): number[] {
  const rowPart = ([a, s, off]: number[]) =>
    code(
      get(a), get(V), op.v128load(off), get(XJ), op.f64x2mul, op.f64x2add, set(a),
      get(s), get(V), op.f64load(off + 16), get(XJ2), op.f64mul, op.f64add, set(s),
    );
  const finish = ([a, s, off]: number[]) =>
    code(get(J), get(J), op.f64load(off), get(a), op.f64x2lane(0), op.f64add, get(a), op.f64x2lane(1), op.f64add, get(s), op.f64add, op.f64store(off));
  return code(
    get(LO), set(I),
    op.block, op.loop, // rows
    get(I), get(HI), op.i32geS, op.brIf(1),
    get(I), i32(24), op.i32mul, set(IO),
    ...[[XI0, 0], [XI1, 8], [XI2, 16]].map(([l, off]) => code(get(X), get(IO), op.i32add, op.f64load(off), set(l))),
    ...[[XV0, XI0], [XV1, XI1], [XV2, XI2]].map(([v, l]) => code(get(l), op.f64x2splat, set(v))),
    ...[A0, A1, A2].map((a) => code(op.f64zero, op.f64x2splat, set(a))),
    ...[S0, S1, S2].map((s) => code(op.f64zero, set(s))),
    get(ROWPTR), get(I), i32(4), op.i32mul, op.i32add, op.i32load(0), set(K),
    get(ROWPTR), get(I), i32(4), op.i32mul, op.i32add, op.i32load(4), set(END),
    op.block, op.loop, // blocks of the row
    get(K), get(END), op.i32geS, op.brIf(1),
    get(COL), get(K), i32(4), op.i32mul, op.i32add, op.i32load(0), i32(24), op.i32mul, set(J),
    get(VAL), get(K), i32(72), op.i32mul, op.i32add, set(V),
    get(X), get(J), op.i32add, op.v128load(0), set(XJ),
    get(X), get(J), op.i32add, op.f64load(16), set(XJ2),
    // Row r of the block: (a_r0, a_r1) . (x_j0, x_j1) in lanes, a_r2 x_j2 apart.
    ...[[A0, S0, 0], [A1, S1, 24], [A2, S2, 48]].map(rowPart),
    // Off the diagonal, transposed: (y_j0, y_j1) += (a00, a01) xi0 + (a10, a11) xi1 + (a20, a21) xi2; y_j2 apart.
    get(J), get(IO), op.i32ne, op.if,
    get(Y), get(J), op.i32add, set(J),
    get(J), get(J), op.v128load(0),
    get(V), op.v128load(0), get(XV0), op.f64x2mul, get(V), op.v128load(24), get(XV1), op.f64x2mul, op.f64x2add,
    get(V), op.v128load(48), get(XV2), op.f64x2mul, op.f64x2add, op.f64x2add, op.v128store(0),
    get(J), get(J), op.f64load(16),
    get(V), op.f64load(16), get(XI0), op.f64mul, get(V), op.f64load(40), get(XI1), op.f64mul, op.f64add,
    get(V), op.f64load(64), get(XI2), op.f64mul, op.f64add, op.f64add, op.f64store(16),
    op.end,
    get(K), i32(1), op.i32add, set(K), op.br(0), op.end, op.end,
    get(Y), get(IO), op.i32add, set(J),
    ...[[A0, S0, 0], [A1, S1, 8], [A2, S2, 16]].map(finish),
    get(I), i32(1), op.i32add, set(I), op.br(0), op.end, op.end,
  );
}

export const BLOCK_ROWS3: FunctionDef = {
  name: "blockRows3",
  params: Array(7).fill(TYPE.i32),
  locals: [[6, TYPE.i32], [7, TYPE.f64], [7, TYPE.v128]],
  body: body(),
};
