// The STREAM triad a = b + s c over a range: what the memory bus gives a streaming loop (the benches'
// bandwidth yardstick for the sparse products, which stream their matrices the same way).
export interface TriadArgs {
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  s: number;
}

export function triadRows(t: TriadArgs, lo: number, hi: number): void {
  const { a, b, c, s } = t;
  for (let i = lo; i < hi; i++) a[i] = b[i] + s * c[i];
}
