// The cards each deck format writes for a procedure: one row per procedure, a field per format. An analysis
// row (src/model/analyses) names its row here; a format a procedure lacks is refused naming the format and step.

export interface DeckProcedure {
  name: string;
  /** Explicit steps: the time they run for (decks that write curves over it). */
  duration?: number;
  /** Abaqus/CalculiX: the cards after `*STEP` that choose the procedure. */
  abaqus?: { stepCards(o: { solver: string }): string[] };
  /** Nastran: the solution sequence (one per deck). */
  nastran?: { sol: string; /** SOL 103: EIGRL's range (cycles per time) and number of roots. */ eigrl?: { v1?: number; v2?: number; nd: number } };
  /** LS-DYNA: the control cards (one procedure per deck), given the number of steps written. */
  lsdyna?: { controlCards(steps: number, f10: (x: number) => string, i10: (n: number) => string): string[] };
}

export const STATIC_DECK: DeckProcedure = {
  name: "static",
  abaqus: { stepCards: ({ solver }) => [`*STATIC, SOLVER=${solver}`] },
  nastran: { sol: "101" },
  // Implicit linear statics: one unit time step per analysis step.
  lsdyna: {
    controlCards: (steps, f10, i10) => [
      "*CONTROL_IMPLICIT_GENERAL", "$   imflag       dt0", i10(1) + f10(1),
      "*CONTROL_IMPLICIT_SOLUTION", "$   nsolvr", i10(1),
      "*CONTROL_IMPLICIT_SOLVER", "$   lsolvr", i10(0),
      "*CONTROL_TERMINATION", "$   endtim", f10(Math.max(1, steps)),
      "*DATABASE_BINARY_D3PLOT", "$       dt", f10(1),
    ],
  },
};

type Format = "abaqus" | "nastran" | "lsdyna";
const FORMAT_NAMES: Record<Format, string> = { abaqus: "Abaqus/CalculiX", nastran: "Nastran", lsdyna: "LS-DYNA" };

/** The step's procedure cards for a format (static when the step names none), or an error naming both. */
export function procedureFor<F extends Format>(step: { name: string; procedure?: DeckProcedure }, format: F): NonNullable<DeckProcedure[F]> {
  const proc = step.procedure ?? STATIC_DECK;
  const cards = proc[format];
  if (!cards) throw new Error(`${FORMAT_NAMES[format]} decks cannot express the ${proc.name} procedure of step "${step.name}": write that step in another format (steps: [...])`);
  return cards as NonNullable<DeckProcedure[F]>;
}

/** Formats with one procedure per deck: every written step must share it. */
export function sharedProcedure(steps: readonly { name: string; procedure?: DeckProcedure }[], format: "nastran" | "lsdyna"): DeckProcedure {
  const first = steps[0]?.procedure ?? STATIC_DECK;
  // Same procedure by name: frequency steps carry their own settings (a row each) yet share one solution sequence.
  const other = steps.find((s) => (s.procedure ?? STATIC_DECK).name !== first.name);
  if (other)
    throw new Error(
      `${FORMAT_NAMES[format]} decks hold one procedure, but step "${other.name}" is ${(other.procedure ?? STATIC_DECK).name} and "${steps[0].name}" is ${first.name}: write those steps in separate decks (steps: [...])`,
    );
  for (const s of steps) procedureFor(s, format);
  return first;
}
