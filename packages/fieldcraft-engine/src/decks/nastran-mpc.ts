// Nastran MPC cards of a subcase's constraint equations (QRG "MPC": SID, then G C A triples, two per 8-field
// line, the first triple the dependent component). Large field, so a coefficient keeps 16 characters.
import type { Equation } from "./linear-constraints.js";
import { caseText, int16, largeCard, real16 } from "./nastran-cards.js";

/** One MPC per equation, under a comment naming the tie or node set the equations come from. */
export function nastranMpcCards(sid: number, equations: Equation[]): string[] {
  const out: string[] = [];
  let source: string | null = null;
  for (const eq of equations) {
    if (eq.source !== source) out.push(`$ equations of ${caseText((source = eq.source))}`);
    const triple = (t: Equation["terms"][number]) => [int16(t.node + 1), String(t.component), real16(t.coefficient)];
    // Line 1: SID G1 C1 A1 G2 C2 A2 (blank); each further line: (blank) G C A G C A (blank).
    const fields = [int16(sid), ...eq.terms.slice(0, 2).flatMap(triple)];
    for (let k = 2; k < eq.terms.length; k += 2) {
      fields.push(...Array(8 - (fields.length % 8 || 8)).fill(""), "", ...eq.terms.slice(k, k + 2).flatMap(triple));
    }
    out.push(...largeCard("MPC", fields));
  }
  return out;
}
