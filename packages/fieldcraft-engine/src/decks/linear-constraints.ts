// Ties and oblique symmetry planes as linear equations between nodal components, for the formats that hold
// constraints as equations (Nastran MPC, LS-DYNA *CONSTRAINED_LINEAR_GLOBAL). The first term of each equation is
// its dependent component (coefficient 1). The rules are the solver's (src/fem/solve-static.ts settleConstraints):
// a slave with a held component keeps the hold and loses its tie, a fully held node on an oblique plane keeps the
// hold, a partly held one is refused, a tied node takes no symmetry equation (it follows its masters). A master's
// dependent symmetry component is substituted into the tie equations, so no dependent component appears on the
// right of another equation (LS-DYNA does not chain constraints).
import type { DeckModel, DeckStep } from "./types.js";

/** `component` 1..3 (a heat deck's temperature is 1). */
export interface EquationTerm {
  node: number;
  component: number;
  coefficient: number;
}

export interface Equation {
  /** What the equation comes from, for the deck's comments: a tie's or a node set's name. */
  source: string;
  terms: EquationTerm[];
}

/** A node's symmetry equation: u_dep = -sum_{d != dep} (n_d / n_dep) u_d. */
interface NormalRow {
  dependent: number;
  normal: [number, number, number];
  source: string;
}

function heldComponents(model: DeckModel, step: DeckStep, heat: boolean): Map<number, Set<number>> {
  const nodesOf = new Map(model.nsets.map((s) => [s.name, s.nodes]));
  const held = new Map<number, Set<number>>();
  for (const b of step.boundaries) {
    if (b.normal) continue;
    const nodes = nodesOf.get(b.nset);
    if (!nodes) throw new Error(`step "${step.name}": boundary condition on node set "${b.nset}", which is not defined`);
    for (const n of nodes) {
      const set = held.get(n) ?? new Set<number>();
      for (const c of heat ? [1, 2, 3] : b.components) set.add(c);
      held.set(n, set);
    }
  }
  return held;
}

/**
 * The step's constraint equations over `components` (1..3 for solids, 1 and 2 for plane meshes, 1 for heat).
 * Throws on what the solver refuses too: a partly held node on an oblique plane, a master that is itself tied.
 */
export function stepEquations(model: DeckModel, step: DeckStep, components: number[], heat = false): Equation[] {
  const held = heldComponents(model, step, heat);
  const heldCount = (n: number) => held.get(n)?.size ?? 0;

  const slaves = new Map<number, { source: string; masters: number[]; weights: number[] }>();
  for (const tie of model.ties ?? [])
    tie.slaves.forEach((slave, k) => {
      if (heldCount(slave) === 0 && !slaves.has(slave)) slaves.set(slave, { source: tie.name, masters: tie.masters[k], weights: tie.weights[k] });
    });
  for (const [slave, t] of slaves)
    for (const m of t.masters)
      if (slaves.has(m)) throw new Error(`tied node ${slave + 1} depends on node ${m + 1}, which is itself tied; tie each interface to an untied master side`);

  const normals = new Map<number, NormalRow>();
  for (const b of step.boundaries) {
    if (!b.normal) continue;
    if (heat) throw new Error(`step "${step.name}": node set "${b.nset}" is held along a normal, which a heat deck cannot hold`);
    if (b.value !== 0 || b.components.some((c) => c !== 1)) throw new Error(`step "${step.name}": node set "${b.nset}" is held along its plane's normal only at zero`);
    const n = b.normal;
    let dependent = 0;
    for (let c = 1; c < 3; c++) if (Math.abs(n[c]) > Math.abs(n[dependent])) dependent = c;
    for (const node of model.nsets.find((s) => s.name === b.nset)?.nodes ?? []) {
      const h = heldCount(node);
      if (h === 3 || slaves.has(node)) continue;
      if (h > 0) throw new Error(`node ${node + 1} lies on an oblique symmetry plane (node set "${b.nset}") and has ${h} of its displacement components held in step "${step.name}"; hold all three or none`);
      normals.set(node, { dependent: dependent + 1, normal: n, source: b.nset });
    }
  }

  const out: Equation[] = [];
  for (const [node, row] of normals) {
    const terms = [{ node, component: row.dependent, coefficient: 1 }];
    for (let d = 1; d <= 3; d++) if (d !== row.dependent && row.normal[d - 1] !== 0) terms.push({ node, component: d, coefficient: row.normal[d - 1] / row.normal[row.dependent - 1] });
    out.push({ source: row.source, terms });
  }
  for (const [slave, t] of slaves)
    for (const c of components) {
      // Terms by (node, component), so a substituted master's components add up.
      const acc = new Map<string, EquationTerm>();
      const add = (node: number, component: number, coefficient: number) => {
        const key = `${node}:${component}`;
        const term = acc.get(key) ?? { node, component, coefficient: 0 };
        term.coefficient += coefficient;
        acc.set(key, term);
      };
      t.masters.forEach((m, k) => {
        const w = t.weights[k];
        const row = normals.get(m);
        if (row && row.dependent === c) {
          // u_mc = -sum_{d != c} (n_d / n_c) u_md, so -w u_mc = +w sum (n_d / n_c) u_md.
          for (let d = 1; d <= 3; d++) if (d !== c && row.normal[d - 1] !== 0) add(m, d, (w * row.normal[d - 1]) / row.normal[c - 1]);
        } else add(m, c, -w);
      });
      const rest = [...acc.values()].filter((x) => x.coefficient !== 0);
      out.push({ source: t.source, terms: [{ node: slave, component: c, coefficient: 1 }, ...rest] });
    }
  return out;
}
