export { LineReader, type LineEvent } from "./line-reader.js";
export { LineWriter } from "./line-writer.js";
export { decodeUtf8Line } from "./decode.js";
export { LinePieces, lineText, type Line, type Piece } from "./line-pieces.js";
