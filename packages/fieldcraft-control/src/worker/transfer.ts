// Which buffers of a reply move to the other thread instead of being copied (PNG bytes, typed arrays).

const MAX_DEPTH = 4;

/**
 * The ArrayBuffers of the byte views in a value, looked for a few levels deep. Only a view that owns its whole
 * buffer moves: a slice of Node's shared Buffer pool must be copied, or the pool would be taken from every
 * other Buffer in this thread.
 */
export function transferables(value: unknown, depth = 0, found: ArrayBuffer[] = []): ArrayBuffer[] {
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return found;
  if (ArrayBuffer.isView(value)) {
    const buffer = value.buffer;
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength && !found.includes(buffer)) found.push(buffer);
    return found;
  }
  if (Array.isArray(value)) {
    // Arrays of numbers or records hold no buffers worth a walk; only short arrays are looked into.
    if (value.length <= 16) for (const item of value) transferables(item, depth + 1, found);
    return found;
  }
  for (const item of Object.values(value as Record<string, unknown>)) transferables(item, depth + 1, found);
  return found;
}
