// Deck procedure row of the explicit analysis: Abaqus/CalculiX `*DYNAMIC, EXPLICIT` and the LS-DYNA explicit
// control cards (termination, time step scale factor, bulk viscosity, output interval).
import type { DeckProcedure } from "./procedures.js";

export interface ExplicitDeckSettings {
  duration: number;
  frames?: number;
  output_interval?: number;
  time_step?: { safety?: number; fixed?: number };
  bulk_viscosity?: { linear?: number; quadratic?: number };
}

export function explicitDeck(s: ExplicitDeckSettings): DeckProcedure {
  const frames = s.frames ?? (s.output_interval !== undefined ? Math.max(1, Math.round(s.duration / s.output_interval)) : 20);
  const interval = s.duration / frames;
  const safety = s.time_step?.safety ?? 0.9;
  const b1 = s.bulk_viscosity?.linear ?? 0.06;
  const b2 = s.bulk_viscosity?.quadratic ?? 1.2;
  // ccx: the first number is the initial increment (the stable one is used when larger is asked), then the period.
  // Twelve digits: a quotient like 1e-4 / 1000 prints 17 (1.0000000000000001e-7), which ccx refuses to read.
  const first = Number((s.time_step?.fixed ?? s.duration / 1000).toPrecision(12));
  return {
    name: "explicit",
    duration: s.duration,
    abaqus: {
      stepCards: () => [
        `*DYNAMIC, EXPLICIT${s.time_step?.fixed !== undefined ? ", DIRECT" : ""}`,
        `${first}, ${s.duration}`,
        // Abaqus's defaults are 0.06 and 1.2; CalculiX does not read the card, so it is written only when they differ.
        ...(b1 !== 0.06 || b2 !== 1.2 ? ["*BULK VISCOSITY", `${b1}, ${b2}`] : []),
      ],
    },
    lsdyna: {
      controlCards: (_steps, f10) => [
        "*CONTROL_TERMINATION",
        "$   endtim",
        f10(s.duration),
        "*CONTROL_TIMESTEP",
        "$   dtinit    tssfac",
        f10(s.time_step?.fixed ?? 0) + f10(safety),
        "*CONTROL_BULK_VISCOSITY",
        "$       q1        q2",
        f10(b2) + f10(b1),
        "*DATABASE_BINARY_D3PLOT",
        "$       dt",
        f10(interval),
      ],
    },
  };
}
