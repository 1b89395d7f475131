const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * True when the JSON text nests arrays/objects deeper than `maxDepth`, found by one linear scan
 * of the bytes (no recursion, so a hostile line cannot overflow a stack). Brackets inside strings
 * do not count. Runs before `JSON.parse`, on the raw UTF-8 bytes: every byte it looks at is
 * ASCII, and no byte of a multi-byte UTF-8 sequence is.
 */
export function exceedsDepth(bytes: Uint8Array, maxDepth: number): boolean {
  // Fast path: nesting needs more opening brackets than the limit, and counting them is native.
  if (bytes.length <= maxDepth || countOpenings(bytes, maxDepth) <= maxDepth) return false;
  let depth = 0;
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b === QUOTE) {
      // Skip the string: jump over escapes, stop at the closing quote.
      i++;
      while (i < n) {
        const c = bytes[i]!;
        if (c === BACKSLASH) i += 2;
        else if (c === QUOTE) break;
        else i++;
      }
    } else if (b === OPEN_BRACE || b === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
      depth--;
    }
    i++;
  }
  return false;
}

/** Counts `{` and `[` bytes with native searches, stopping once the count passes `limit`. */
function countOpenings(bytes: Uint8Array, limit: number): number {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 0;
  for (const open of [OPEN_BRACE, OPEN_BRACKET]) {
    let at = buf.indexOf(open);
    while (at !== -1) {
      if (++count > limit) return count;
      at = buf.indexOf(open, at + 1);
    }
  }
  return count;
}
