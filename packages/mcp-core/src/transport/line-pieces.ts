// A protocol line made of pieces: text, and UTF-8 bytes made elsewhere (a worker thread). A transport writes the
// pieces one after another, so a reply of many megabytes is never flattened or encoded on the protocol's thread.

export type Piece = string | Uint8Array;

export class LinePieces {
  readonly pieces: readonly Piece[];

  constructor(pieces: readonly Piece[]) {
    this.pieces = pieces;
  }

  /** The line's length in UTF-8 bytes (text pieces are measured, byte pieces are counted). */
  byteLength(): number {
    let n = 0;
    for (const piece of this.pieces) n += typeof piece === "string" ? Buffer.byteLength(piece) : piece.byteLength;
    return n;
  }

  /** The whole line as one string, for a consumer that takes only text (costly for a large line: it decodes the bytes). */
  toString(): string {
    return this.pieces.map(pieceText).join("");
  }
}

/** A protocol line: compact JSON text, or pieces that are that text once written one after another. */
export type Line = string | LinePieces;

export function pieceText(piece: Piece): string {
  return typeof piece === "string" ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString("utf8");
}

export function lineText(line: Line): string {
  return typeof line === "string" ? line : line.toString();
}

