// SOL 153 bulk data of heat steps: temperatures as SPCs on component 1 (a grid's only unknown in heat transfer),
// surface fluxes as QBDY1 and films as CONV on CHBDYG boundary elements over the loaded element faces (one per
// face, shared), body heat as QVOL on the conduction elements. A film's sink is an SPOINT held at the sink
// temperature in every subcase; its coefficient is the H of a MAT4 that the film's PCONV names.
import { meshFamily, NODES_PER_ELEMENT } from "../mesh/types.js";
import { int16, int8, largeCard, real16, smallCard } from "./nastran-cards.js";
import type { DeckModel, DeckStep } from "./types.js";

/** CHBDYG surface types by face node count (QRG: AREA3/AREA4 corners, AREA6/AREA8 corners then mid-sides). */
const AREA: Record<number, string> = { 3: "AREA3", 4: "AREA4", 6: "AREA6", 8: "AREA8" };

const filmKey = (step: DeckStep) => JSON.stringify((step.films ?? []).map((f) => [f.element, f.side, f.coefficient, f.sink]));

export interface HeatBulk {
  /** Cards before the steps' own: boundary elements, film properties, ambient points, NLPARM, TEMPD. */
  shared: string[];
  /** Per step (same order): its SPC additions (ambient points) and its loads. */
  perStep: { spc: string[]; loads: string[] }[];
  /** The initial-temperature set (TEMP(INIT)) and the NLPARM id the case control names. */
  initSid: number;
  nlparm: number;
}

export function nastranHeatBulk(model: DeckModel, steps: DeckStep[], firstFreeMaterial: number): HeatBulk {
  const { mesh } = model;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const ne = mesh.elements.length / npe;
  const nn = mesh.nodes.length / 3;
  const fam = meshFamily(mesh);
  // Films are boundary elements (CONV is not selected by a load set): every written step must hold the same ones.
  const other = steps.find((s) => filmKey(s) !== filmKey(steps[0]));
  if (other) throw new Error(`Nastran holds films (CONV) in the model, not per subcase, but step "${other.name}" has other films than "${steps[0].name}": write those steps in separate decks (steps: [...])`);

  const shared: string[] = [];
  // One CHBDYG per loaded face, numbered after the conduction elements.
  const faceId = new Map<string, number>();
  const faceOf = (element: number, side: number): number => {
    const key = `${element}:${side}`;
    let id = faceId.get(key);
    if (id === undefined) {
      id = ne + faceId.size + 1;
      faceId.set(key, id);
      const face = fam.faces[side];
      if (!face) throw new Error(`face side ${side} is not 0..${fam.faces.length - 1}`);
      const type = AREA[face.nodes.length];
      if (!type) throw new Error(`${mesh.type} faces of ${face.nodes.length} nodes have no CHBDYG type`);
      const grids = face.nodes.map((a) => int8(mesh.elements[element * npe + a] + 1));
      shared.push(...smallCard("CHBDYG", [int8(id), "", type, "", "", "", "", "", ...grids]));
    }
    return id;
  };

  // Films: a MAT4 (H) and PCONV per coefficient, an SPOINT per sink temperature, a CONV per face.
  const pconv = new Map<number, number>();
  const ambient = new Map<number, number>();
  const films = steps[0]?.films ?? [];
  const conv: string[] = [];
  for (const f of films) {
    let pid = pconv.get(f.coefficient);
    if (pid === undefined) {
      pid = pconv.size + 1;
      pconv.set(f.coefficient, pid);
      const mid = firstFreeMaterial + pid - 1;
      shared.push(`$ film coefficient ${pid}`, ...largeCard("MAT4", [int16(mid), "", "", "", real16(f.coefficient)]), ...smallCard("PCONV", [int8(pid), int8(mid)]));
    }
    let spoint = ambient.get(f.sink);
    if (spoint === undefined) {
      spoint = nn + ambient.size + 1;
      ambient.set(f.sink, spoint);
    }
    conv.push(...smallCard("CONV", [int8(faceOf(f.element, f.side)), int8(pid), "", "", int8(spoint)]));
  }
  if (ambient.size > 0) shared.push("$ film sinks", ...smallCard("SPOINT", [...ambient.values()].map(int8)));
  shared.push(...conv);

  // SOL 153 iterates (nonlinear-capable): NLPARM with its defaults, and a starting temperature (the mean of
  // the prescribed ones; the problem is linear, so the start changes nothing but the iteration count).
  const nlparm = 1;
  const initSid = steps.length + 1;
  const held = steps.flatMap((s) => s.boundaries.map((b) => b.value));
  const start = held.length > 0 ? held.reduce((a, b) => a + b, 0) / held.length : 0;
  shared.push(...smallCard("NLPARM", [int8(nlparm)]), ...largeCard("TEMPD", [int16(initSid), real16(start)]));

  const perStep = steps.map((step, k) => {
    const sid = k + 1;
    const spc = [...ambient].flatMap(([sink, point]) => largeCard("SPC", [int16(sid), int16(point), "0", real16(sink)]));
    const loads: string[] = [];
    const byValue = <T extends { value: number }>(items: T[]) => {
      const m = new Map<number, T[]>();
      for (const it of items) m.set(it.value, [...(m.get(it.value) ?? []), it]);
      return m;
    };
    // QBDY1: a uniform flux into the listed boundary elements; QVOL: power per volume in the listed elements.
    for (const [q, faces] of byValue(step.fluxes ?? [])) loads.push(...largeCard("QBDY1", [int16(sid), real16(q), ...faces.map((f) => int16(faceOf(f.element, f.side)))]));
    for (const [q, els] of byValue(step.bodyHeat ?? [])) loads.push(...largeCard("QVOL", [int16(sid), real16(q), "", ...els.map((e) => int16(e.element + 1))]));
    return { spc, loads };
  });
  return { shared, perStep, initSid, nlparm };
}
