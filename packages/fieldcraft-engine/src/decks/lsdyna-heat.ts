// LS-DYNA thermal cards of a steady heat step: temperatures on node sets (*BOUNDARY_TEMPERATURE_SET), surface
// fluxes and films on segment sets (*BOUNDARY_FLUX_SET, *BOUNDARY_CONVECTION_SET) and body heat on solid sets
// (*LOAD_HEAT_GENERATION_SET), all constant (curve id 0: the multiplier is the value). Segments list a face's
// corners (a triangle repeats its third), wound outward as for pressures; LS-DYNA integrates them itself.
import { meshFamily, NODES_PER_ELEMENT } from "../mesh/types.js";
import type { DeckModel, DeckStep } from "./types.js";

export interface Fmt {
  i10: (n: number) => string;
  f10: (x: number) => string;
  title: (s: string) => string;
}

/** Outward corner segment of an element face: the face's corners reversed after the first, padded to 4. */
export function outwardSegment(model: DeckModel, element: number, side: number): number[] {
  const { mesh } = model;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const face = meshFamily(mesh).faces[side];
  if (!face) throw new Error(`face side ${side} is not 0..${meshFamily(mesh).faces.length - 1}`);
  const c = face.nodes.slice(0, face.corners).map((a) => mesh.elements[element * npe + a] + 1);
  const segment = [c[0], ...c.slice(1).reverse()];
  while (segment.length < 4) segment.push(segment[segment.length - 1]);
  return segment;
}

const ids8 = (ids: number[], i10: (n: number) => string) => {
  const rows: string[] = [];
  for (let i = 0; i < ids.length; i += 8) rows.push(ids.slice(i, i + 8).map(i10).join(""));
  return rows;
};

export function lsDynaHeatCards(model: DeckModel, step: DeckStep, nsetIds: Map<string, number>, { i10, f10, title }: Fmt, out: string[]): void {
  for (const b of step.boundaries) {
    const sid = nsetIds.get(b.nset);
    if (sid === undefined) throw new Error(`step "${step.name}": temperature on node set "${b.nset}", which is not defined`);
    out.push("*BOUNDARY_TEMPERATURE_SET", "$     nsid      lcid     cmult       loc", i10(sid) + i10(0) + f10(b.value) + i10(0));
  }
  let segmentSet = 0;
  const segmentSetCards = (label: string, faces: { element: number; side: number }[]) => {
    const ssid = ++segmentSet;
    out.push("*SET_SEGMENT_TITLE", title(`step ${step.name} ${label}`), "$      sid", i10(ssid));
    for (const f of faces) out.push(outwardSegment(model, f.element, f.side).map(i10).join(""));
    return ssid;
  };
  const grouped = <T>(items: T[], key: (t: T) => string) => {
    const m = new Map<string, T[]>();
    for (const it of items) m.set(key(it), [...(m.get(key(it)) ?? []), it]);
    return [...m.values()];
  };
  // Flux: LCID 0 makes MLC1..MLC4 the constant flux at the segment's nodes (positive into the body).
  for (const faces of grouped(step.fluxes ?? [], (f) => String(f.value))) {
    const ssid = segmentSetCards(`flux ${faces[0].value}`, faces);
    const q = faces[0].value;
    out.push("*BOUNDARY_FLUX_SET", "$     ssid", i10(ssid), "$     lcid      mlc1      mlc2      mlc3      mlc4       loc", i10(0) + f10(q) + f10(q) + f10(q) + f10(q) + i10(0));
  }
  // Film: HLCID 0 and TLCID 0 make HMULT the coefficient and TMULT the sink temperature.
  for (const faces of grouped(step.films ?? [], (f) => `${f.coefficient}:${f.sink}`)) {
    const ssid = segmentSetCards(`film ${faces[0].coefficient} ${faces[0].sink}`, faces);
    out.push("*BOUNDARY_CONVECTION_SET", "$     ssid", i10(ssid), "$    hlcid     hmult     tlcid     tmult       loc", i10(0) + f10(faces[0].coefficient) + i10(0) + f10(faces[0].sink) + i10(0));
  }
  // Body heat: a solid set per value, LCID 0 makes CMULT the power per volume.
  let solidSet = 0;
  for (const els of grouped(step.bodyHeat ?? [], (b) => String(b.value))) {
    const sid = ++solidSet;
    out.push("*SET_SOLID_TITLE", title(`step ${step.name} body heat ${els[0].value}`), "$      sid", i10(sid), ...ids8(els.map((e) => e.element + 1), i10));
    out.push("*LOAD_HEAT_GENERATION_SET", "$      sid      lcid     cmult", i10(sid) + i10(0) + f10(els[0].value));
  }
}
