// Deck formats `deck.write` knows: one row per format. A new format is a row here (and its writer in src/decks).
import { writeAbaqusDeck } from "../../decks/abaqus.js";
import { writeLsDynaDeck } from "../../decks/lsdyna.js";
import { writeNastranDeck } from "../../decks/nastran.js";
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
  { format: "nastran", description: "Nastran bulk data (SOL 101 static, 103 modes, 153 steady heat) with a SUBCASE per step", extension: ".bdf", write: (deck) => writeNastranDeck(deck) },
  {
    format: "lsdyna",
    description: "LS-DYNA keyword deck: implicit linear static with one unit time per step (the steps must hold the same supports), or one implicit eigenvalue or steady thermal step",
    extension: ".k",
    write: (deck) => writeLsDynaDeck(deck),
  },
];
