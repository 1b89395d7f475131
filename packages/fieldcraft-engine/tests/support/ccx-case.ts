// One case solved twice on the same mesh: by our solver and by CalculiX (SPOOLES, direct) through our deck.
import { expect } from "vitest";
import { ALL_NODES_SET, writeAbaqusDeck } from "../../src/decks/abaqus.js";
import { solveStatic, sumReactions } from "../../src/fem/index.js";
import type { Case } from "./cases.js";
import { parseDat, runCcx } from "./ccx.js";

/** Largest nodal displacement difference relative to the largest displacement, and both reaction totals. */
export async function compareWithCcx(c: Case, options: { threads?: number } = {}) {
  const run = await runCcx(writeAbaqusDeck(c.deck, { solver: "SPOOLES", resultFile: false }));
  const dat = parseDat(run.dat);
  const theirs = dat.displacements.get(ALL_NODES_SET)!;
  const ours = await solveStatic(c.problem, { tolerance: 1e-12, ...options });
  if (!ours.ok) throw new Error(ours.error);
  expect(theirs.size).toBe(c.mesh.nodes.length / 3);
  let max = 0, diff = 0;
  for (const [id, u] of theirs)
    for (let a = 0; a < 3; a++) {
      max = Math.max(max, Math.abs(u[a]));
      diff = Math.max(diff, Math.abs(u[a] - ours.solution.displacement[3 * (id - 1) + a]));
    }
  return { relative: diff / max, max, ccxTotal: dat.totals.get("ROOT")!, ourTotal: sumReactions(ours.solution.reaction, c.deck.nsets[0].nodes as number[]) };
}
