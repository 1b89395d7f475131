// Deck formats `deck.write` knows: one row per format. A new format is a row here (and its writer in src/decks).
import { writeAbaqusDeck } from "../../decks/abaqus.js";
import type { DeckModel } from "../../decks/types.js";

export interface DeckWriterRow {
  format: string;
  description: string;
  /** Usual file extension, with the dot. */
  extension: string;
  write(deck: DeckModel): string;
}

export const DECK_WRITERS: DeckWriterRow[] = [
  { format: "abaqus", description: "Abaqus / CalculiX input deck", extension: ".inp", write: (deck) => writeAbaqusDeck(deck) },
];
