// LS-DYNA cards of an explicit step (one per deck): initial velocities on node sets (*INITIAL_VELOCITY), supports
// (*BOUNDARY_SPC_SET when held at zero, else *BOUNDARY_PRESCRIBED_MOTION_SET for displacement or velocity on a
// curve), nodal forces as *LOAD_NODE_SET on node sets of equal force, each on its amplitude's *DEFINE_CURVE, and
// gravity as *LOAD_BODY_X/Y/Z (a base acceleration: LS-DYNA loads the body opposite to it, so SF is -g).
import type { DeckModel, DeckStep } from "./types.js";
import { amplitudePoints } from "./amplitude-points.js";

interface Fields {
  i10(n: number): string;
  f10(x: number): string;
  f20(x: number): string;
  title(s: string): string;
}

const CURVES = 3000;
export function explicitCards(model: DeckModel, step: DeckStep, nsetIds: Map<string, number>, duration: number, f: Fields, out: string[]): void {
  const { i10, f10, f20, title } = f;
  // Curves: one per amplitude, and a constant 1 for what has none.
  const curveOf = new Map<string, number>();
  (model.amplitudes ?? []).forEach((a, k) => {
    curveOf.set(a.name, CURVES + k + 1);
    out.push("*DEFINE_CURVE_TITLE", title(`amplitude ${a.name}`), "$     lcid", i10(CURVES + k + 1));
    for (const [t, v] of amplitudePoints(a)) out.push(f20(t) + f20(v));
  });
  const constant = CURVES;
  out.push("*DEFINE_CURVE_TITLE", title("constant"), "$     lcid", i10(constant), f20(0) + f20(1), f20(duration) + f20(1));
  const curve = (name: string | undefined) => {
    if (name === undefined) return constant;
    const id = curveOf.get(name);
    if (id === undefined) throw new Error(`step "${step.name}": amplitude "${name}" is not defined`);
    return id;
  };
  const setId = (name: string) => {
    const id = nsetIds.get(name);
    if (id === undefined) throw new Error(`step "${step.name}": node set "${name}" is not defined`);
    return id;
  };
  for (const v of model.initialVelocities ?? [])
    out.push("*INITIAL_VELOCITY", "$     nsid    nsidex     boxid", i10(setId(v.nset)) + i10(0) + i10(0), "$       vx        vy        vz", v.vector.map(f10).join(""));
  for (const b of step.boundaries) {
    const sid = setId(b.nset);
    if (!b.velocity && b.value === 0 && b.amplitude === undefined) {
      out.push("*BOUNDARY_SPC_SET", "$     nsid       cid      dofx      dofy      dofz", i10(sid) + i10(0) + [1, 2, 3].map((c) => i10(b.components.includes(c) ? 1 : 0)).join(""));
      continue;
    }
    // VAD 0: velocity, 2: displacement.
    for (const c of b.components)
      out.push("*BOUNDARY_PRESCRIBED_MOTION_SET", "$     nsid       dof       vad      lcid        sf", i10(sid) + i10(c) + i10(b.velocity ? 0 : 2) + i10(curve(b.amplitude)) + f10(b.value));
  }
  for (const g of step.gravity ?? []) {
    // *LOAD_BODY acts on every node of the model: a gravity on part of it cannot be written this way.
    const ne = model.mesh.elementBody.length;
    const set = model.elsets.find((e) => e.name === g.elset);
    if (!set) throw new Error(`step "${step.name}": gravity on element set "${g.elset}", which is not defined`);
    if (new Set(Array.from(set.elements)).size < ne)
      throw new Error(`step "${step.name}": LS-DYNA's *LOAD_BODY loads the whole model, but gravity acts on set "${g.elset}" (${set.elements.length} of ${ne} elements): put gravity on a set of every element, or write format abaqus`);
    g.vector.forEach((x, c) => {
      if (x !== 0) out.push(`*LOAD_BODY_${"XYZ"[c]}`, "$     lcid        sf", i10(curve(g.amplitude)) + f10(-x));
    });
  }
  // Nodes carrying the same force component, value and amplitude share a set and one *LOAD_NODE_SET.
  const groups = new Map<string, { component: number; value: number; amplitude?: string; nodes: number[] }>();
  for (const l of step.cloads) {
    const key = `${l.component}|${l.value}|${l.amplitude ?? ""}`;
    const g = groups.get(key) ?? { component: l.component, value: l.value, amplitude: l.amplitude, nodes: [] };
    g.nodes.push(l.node + 1);
    groups.set(key, g);
  }
  let sid = Math.max(0, ...nsetIds.values());
  for (const g of groups.values()) {
    sid++;
    out.push("*SET_NODE_LIST_TITLE", title(`step ${step.name} force ${sid}`), "$      sid", i10(sid));
    for (let i = 0; i < g.nodes.length; i += 8) out.push(g.nodes.slice(i, i + 8).map(i10).join(""));
    out.push("*LOAD_NODE_SET", "$     nsid       dof      lcid        sf", i10(sid) + i10(g.component) + i10(curve(g.amplitude)) + f10(g.value));
  }
}
