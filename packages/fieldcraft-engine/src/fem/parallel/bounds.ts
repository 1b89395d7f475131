// Row ranges for the threads of a job: by weight (stored entries, so each thread reads about the same share
// of the matrix) or equal. They depend only on the matrix and the thread count: the same bits every run.

/** `parts` ranges of rows 0..n-1 with about equal ptr[hi] - ptr[lo] (ptr: CSR row pointers, length n + 1). */
export function weightedBounds(ptr: Int32Array, parts: number): Int32Array {
  const n = ptr.length - 1;
  const bounds = new Int32Array(parts + 1);
  const total = ptr[n] - ptr[0];
  let row = 0;
  for (let t = 1; t < parts; t++) {
    const target = ptr[0] + (total * t) / parts;
    while (row < n && ptr[row] < target) row++;
    bounds[t] = row;
  }
  bounds[parts] = n;
  return bounds;
}

/** `parts` ranges of n rows of about equal length, each starting on a multiple of `align`. */
export function equalBounds(n: number, parts: number, align = 1): Int32Array {
  const bounds = new Int32Array(parts + 1);
  for (let t = 1; t < parts; t++) bounds[t] = Math.min(n, align * Math.round((n * t) / parts / align));
  bounds[parts] = n;
  return bounds;
}
