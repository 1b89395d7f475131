// Deck procedure rows of the frequency and heat analyses (the static one is in procedures.ts). A format that
// cannot express a procedure leaves it out, and procedureFor refuses it naming the format and the step.
import type { DeckProcedure } from "./procedures.js";

export interface FrequencyDeckSettings {
  modes: number;
  minHz?: number;
  maxHz?: number;
}

/** The frequency step's cards need its settings: a row per step, built from the procedure. */
export function frequencyDeck(s: FrequencyDeckSettings, fmt: (x: number) => string = String): DeckProcedure {
  const bounds = s.minHz !== undefined || s.maxHz !== undefined ? `, ${fmt(s.minHz ?? 0)}${s.maxHz !== undefined ? `, ${fmt(s.maxHz)}` : ""}` : "";
  return {
    name: "frequency",
    // ccx: number of eigenvalues, then the lower and upper frequency bounds in cycles per time.
    abaqus: { stepCards: () => ["*FREQUENCY, SOLVER=SPOOLES", `${s.modes}${bounds}`] },
    // Nastran (SOL 103 + EIGRL) and LS-DYNA (*CONTROL_IMPLICIT_EIGENVALUE) are not written yet: refused by name.
  };
}

export const HEAT_DECK: DeckProcedure = {
  name: "heat",
  abaqus: { stepCards: () => ["*HEAT TRANSFER, STEADY STATE"] },
  // Nastran SOL 153 and LS-DYNA thermal decks are not written yet: refused by name.
};
