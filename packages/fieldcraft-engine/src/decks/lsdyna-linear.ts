// LS-DYNA *CONSTRAINED_LINEAR_GLOBAL of constraint equations (ties, oblique symmetry): one keyword per equation,
// card 1 its id, then NID DOF COEF per term, the first the constrained (dependent) component. A coefficient keeps
// the 10-column field's 8 significant digits.
import type { Equation } from "./linear-constraints.js";

interface Fields {
  i10(n: number): string;
  f10(x: number): string;
}

export function lsDynaLinearCards(equations: Equation[], { i10, f10 }: Fields): string[] {
  const out: string[] = [];
  let source: string | null = null;
  equations.forEach((eq, k) => {
    if (eq.source !== source) out.push(`$ equations of ${(source = eq.source).replace(/[\r\n]+/g, " ").slice(0, 70)}`);
    out.push("*CONSTRAINED_LINEAR_GLOBAL", "$     lcid", i10(k + 1), "$      nid       dof      coef");
    for (const t of eq.terms) out.push(i10(t.node + 1) + i10(t.component) + f10(t.coefficient));
  });
  return out;
}
