// Typed arrays on SharedArrayBuffer: the arrays the kernel pool's workers read and write without copies.
// The solver allocates its large arrays here whatever the thread count (V8 reads and writes them as fast as
// ordinary ones, measured), so one thread and many run the same code on the same memory.

export function sharedFloat64(n: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(8 * n));
}

export function sharedFloat32(n: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(4 * n));
}

export function sharedInt32(n: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4 * n));
}

/** A shared copy of `a` (or `a` itself when it is already shared). */
export function shareFloat64(a: Float64Array): Float64Array {
  if (isShared(a)) return a;
  const s = sharedFloat64(a.length);
  s.set(a);
  return s;
}

/** A shared copy of `a` (or `a` itself when it is already shared). */
export function shareInt32(a: Int32Array): Int32Array {
  if (isShared(a)) return a;
  const s = sharedInt32(a.length);
  s.set(a);
  return s;
}

export function isShared(a: ArrayBufferView): boolean {
  return a.buffer instanceof SharedArrayBuffer;
}
