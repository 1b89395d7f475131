/** Lossy UTF-8: invalid sequences become U+FFFD (maximal-subpart, as Rust's `from_utf8_lossy`). */
export function decodeLossy(chunks: readonly Buffer[]): string {
  return Buffer.concat(chunks).toString("utf8");
}
