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
    // SOL 103 with a Lanczos EIGRL per subcase (METHOD): V1/V2 bound the range in cycles per time, ND the roots.
    nastran: { sol: "103", eigrl: { nd: s.modes, ...(s.minHz !== undefined ? { v1: s.minHz } : {}), ...(s.maxHz !== undefined ? { v2: s.maxHz } : {}) } },
    // Implicit eigenvalue analysis at time 0 (ENDTIM 0: nothing else is solved). LFLAG/RFLAG = 1 make
    // LFTEND/RHTEND the interval's ends in cycles per time; without them the lowest NEIG modes.
    lsdyna: {
      controlCards: (_steps, f10, i10) => [
        "*CONTROL_IMPLICIT_GENERAL", "$   imflag       dt0", i10(1) + f10(1),
        "*CONTROL_IMPLICIT_EIGENVALUE", "$     neig    center     lflag    lftend     rflag    rhtend",
        i10(s.modes) + f10(0) + i10(s.minHz !== undefined ? 1 : 0) + (s.minHz !== undefined ? f10(s.minHz) : " ".repeat(10)) +
          i10(s.maxHz !== undefined ? 1 : 0) + (s.maxHz !== undefined ? f10(s.maxHz) : " ".repeat(10)),
        "*CONTROL_TERMINATION", "$   endtim", f10(0),
      ],
    },
  };
}

export const HEAT_DECK: DeckProcedure = {
  name: "heat",
  abaqus: { stepCards: () => ["*HEAT TRANSFER, STEADY STATE"] },
  // SOL 153: steady (nonlinear-capable) heat transfer; the writer adds NLPARM and TEMP(INIT), which it requires.
  nastran: { sol: "153" },
  // Thermal-only solution (SOLN 1), steady state (ATYPE 0), linear (PTYPE 0): one step of unit time.
  lsdyna: {
    controlCards: (_steps, f10, i10) => [
      "*CONTROL_SOLUTION", "$     soln", i10(1),
      "*CONTROL_THERMAL_SOLVER", "$    atype     ptype", i10(0) + i10(0),
      "*CONTROL_THERMAL_TIMESTEP", "$       ts       tip       its", i10(0) + f10(1) + f10(1),
      "*CONTROL_TERMINATION", "$   endtim", f10(1),
      "*DATABASE_BINARY_D3PLOT", "$       dt", f10(1),
    ],
  },
};
