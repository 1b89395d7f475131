// The scalar CSR product's rows in WebAssembly SIMD: y[i] = sum_k val[k] x[idx[k]] for rows [lo, hi) (what
// kernels/csr-product.ts csrProductRows does), two entries per step in the lanes of an f64x2 (the values
// loaded together, the two x gathered into one vector), an odd last entry apart. Another summation order
// than the TypeScript loop: round-off apart, and the same bits every run.
import { code, op, TYPE, type FunctionDef } from "./encode.js";

// Parameters (byte offsets, then the row range): ptr, idx, val, x, y, lo, hi.
const [PTR, IDX, VAL, X, Y, LO, HI] = [0, 1, 2, 3, 4, 5, 6];
// Locals: i32 i k end pair; f64 s; v128 acc.
const [I, K, END, PAIR] = [7, 8, 9, 10];
const S = 11;
const ACC = 12;
const { get, set, i32 } = op;
/** The byte address of 4-byte entry `local` of array `base` (its offset parameter). */
const at4 = (base: number, local: number) => code(get(base), get(local), i32(2), op.i32shl, op.i32add);
const at8 = (base: number, local: number) => code(get(base), get(local), i32(3), op.i32shl, op.i32add);
/** x[idx[k + off]] as an f64. */
const gather = (off: number) => code(get(X), get(IDX), get(K), i32(2), op.i32shl, op.i32add, op.i32load(4 * off), i32(3), op.i32shl, op.i32add, op.f64load(0));

function body(): number[] {
  return code(
    get(LO), set(I),
    op.block, op.loop, // rows
    get(I), get(HI), op.i32geS, op.brIf(1),
    at4(PTR, I), op.i32load(0), set(K),
    at4(PTR, I), op.i32load(4), set(END),
    // The last k that starts a full pair: end - 1.
    get(END), i32(-1), op.i32add, set(PAIR),
    op.f64zero, op.f64x2splat, set(ACC),
    op.f64zero, set(S),
    op.block, op.loop, // pairs
    get(K), get(PAIR), op.i32geS, op.brIf(1),
    get(ACC), at8(VAL, K), op.v128load(0),
    gather(0), op.f64x2splat, gather(1), op.f64x2replaceLane(1),
    op.f64x2mul, op.f64x2add, set(ACC),
    get(K), i32(2), op.i32add, set(K), op.br(0), op.end, op.end,
    // An odd last entry.
    get(K), get(END), op.i32ltS, op.if,
    at8(VAL, K), op.f64load(0), gather(0), op.f64mul, set(S),
    op.end,
    at8(Y, I), get(ACC), op.f64x2lane(0), get(ACC), op.f64x2lane(1), op.f64add, get(S), op.f64add, op.f64store(0),
    get(I), i32(1), op.i32add, set(I), op.br(0), op.end, op.end,
  );
}

export const CSR_ROWS: FunctionDef = {
  name: "csrRows",
  params: Array(7).fill(TYPE.i32),
  locals: [[4, TYPE.i32], [1, TYPE.f64], [1, TYPE.v128]],
  body: body(),
};
