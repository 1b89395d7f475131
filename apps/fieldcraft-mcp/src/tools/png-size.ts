// A PNG's width and height from its header, so the reply states the size of the picture it carries.
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The first chunk must be IHDR: width and height are its first two big-endian words.
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export const MIN_SIDE = 16;
export const MAX_SIDE = 4096;

/** Picture sides are clamped, not refused: an agent asking for 10 000 pixels gets 4096. */
export function clampSide(side: number): number {
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(side)));
}
