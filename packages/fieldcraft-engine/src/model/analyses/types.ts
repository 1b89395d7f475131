// An analysis as one row: the procedure's schema, how a step becomes a problem, the solve, the result fields
// it stores and how to read them, its deck cards, and the command that provides its results. The step schema,
// requirements, model.check, the solve command and the results commands read the rows, never an id.
import type { z } from "zod";
import type { DeckProcedure } from "../../decks/procedures.js";
import type { DeckStep } from "../../decks/types.js";
import type { SolveOptions, StaticSolution } from "../../fem/types.js";
import type { CheckItem } from "../check.js";
import type { ConnectivityRule } from "../connectivity.js";
import type { Model, StepDefinition } from "../types.js";
import type { Dimension } from "../units.js";

/** A nodal result field: its name (results.contour's `field`), physical dimension and reader. */
export interface ResultField<N extends string = string, Solution = StaticSolution> {
  name: N;
  dimension: Dimension;
  description: string;
  /** The value at node index n. */
  read(solution: Solution): (n: number) => number;
}

export type Solved<S> = { ok: true; solution: S } | { ok: false; error: string };

export interface AnalysisRow<Problem = unknown, N extends string = string, Solution = StaticSolution> {
  /** The step's `procedure.type`. */
  procedure: string;
  label: string;
  /** The closed procedure object of `model.step.create` (and of `.fieldcraft` files). */
  schema: z.ZodObject<{ type: z.ZodLiteral<string> } & z.ZodRawShape>;
  /** The command that solves such steps and so provides their results. */
  command: string;
  /** Errors and warnings model.check reports for a step of this procedure. */
  checkStep(model: Model, step: StepDefinition): { errors: CheckItem[]; warnings: CheckItem[] };
  /** What its steps ask of the mesh's pieces and their supports (model.check reports it, the solve refuses on it); none: free pieces are fine. */
  connectivity?: ConnectivityRule;
  /** The solver's problem for a step (throws ModelError naming what to fix). */
  problem(model: Model, step: StepDefinition): Problem;
  solve(problem: Problem, options: SolveOptions): Promise<Solved<Solution>>;
  /** The nodal loads the solve used (what reactions balance). */
  applied(problem: Problem): Float64Array;
  /**
   * The solution arrays a saved result must hold, with their values per node (`.fieldcraft` files check
   * them on open), and the values per node of `applied`. Other Float64Arrays of the solution travel too.
   */
  stored: { arrays: Readonly<Record<string, number>>; appliedPerNode: number };
  /** Nodal fields its results offer, the first being the default contour. */
  fields: readonly ResultField<N, Solution>[];
  /** The deck cards; a function of the step's procedure when they carry its settings (e.g. how many modes). */
  decks: DeckProcedure | ((procedure: never) => DeckProcedure);
  /** A step's deck content when it is not the mechanical default (held components, nodal forces, pressures). */
  deckStep?(model: Model, step: StepDefinition): Pick<DeckStep, "boundaries" | "cloads" | "pressures"> & Partial<DeckStep>;
}
