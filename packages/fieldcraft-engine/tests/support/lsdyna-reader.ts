// An independent reader of LS-DYNA keyword decks, written from the keyword manual's card layouts (not from
// the writer): `*` starts a keyword, `$` is a comment, a card is fixed columns or comma-separated fields.
export interface LsDynaDeck {
  keywords: string[];
  title: string | null;
  nodes: Map<number, [number, number, number]>;
  elements: Map<number, { pid: number; nodes: number[] }>;
  parts: Map<number, { title: string; secid: number; mid: number; tmid: number }>;
  sections: Map<number, { elform: number; shell?: boolean; thickness?: number[] }>;
  shells: Map<number, { pid: number; nodes: number[] }>;
  thermalMaterials: Map<number, { title: string | null; tro: number; hc: number; tc: number }>;
  solidSets: Map<number, { title: string | null; elements: number[] }>;
  temperatures: { nsid: number; lcid: number; cmult: number }[];
  fluxes: { ssid: number; lcid: number; mlc: number[] }[];
  convections: { ssid: number; hlcid: number; hmult: number; tlcid: number; tmult: number }[];
  heatGeneration: { sid: number; lcid: number; cmult: number }[];
  materials: Map<number, { title: string | null; ro: number; e: number; pr: number }>;
  nodeSets: Map<number, { title: string | null; nodes: number[] }>;
  segmentSets: Map<number, { title: string | null; segments: number[][] }>;
  spcSets: { nsid: number; cid: number; dofs: [number, number, number] }[];
  prescribedMotions: { nsid: number; dof: number; vad: number; lcid: number; sf: number }[];
  nodeLoads: { nid: number; dof: number; lcid: number; sf: number }[];
  nodeSetLoads: { nsid: number; dof: number; lcid: number; sf: number }[];
  initialVelocities: { nsid: number; velocity: [number, number, number] }[];
  /** *LOAD_BODY_X/Y/Z: a base acceleration on direction 1..3 on a curve (the body is loaded opposite to it). */
  bodyLoads: { direction: number; lcid: number; sf: number }[];
  segmentLoads: { ssid: number; lcid: number; sf: number }[];
  curves: Map<number, { title: string | null; points: [number, number][] }>;
  linearConstraints: { lcid: number; terms: { nid: number; dof: number; coef: number }[] }[];
  control: Record<string, (number | null)[]>;
}

/** Splits a card into fields: comma-separated if it has a comma, else by the given column widths. */
export function cardFields(line: string, widths: number[]): string[] {
  if (line.includes(",")) return line.split(",").map((s) => s.trim());
  const out: string[] = [];
  let at = 0;
  for (const w of widths) {
    out.push(line.slice(at, at + w).trim());
    at += w;
  }
  return out;
}

function int(s: string | undefined, what: string): number {
  if (s === undefined || s === "") return 0;
  if (!/^[+-]?\d+$/.test(s)) throw new Error(`${what}: "${s}" is not an integer`);
  return Number(s);
}

function real(s: string | undefined, what: string): number {
  if (s === undefined || s === "") return 0;
  // Fortran reals: 1.5, 1.5E-3, 1.5D-3, 1.5-3 (exponent sign without a letter).
  const t = s.replace(/[dD]/, "E").replace(/^([+-]?[\d.]+)([+-]\d+)$/, "$1E$2");
  const v = Number(t);
  if (!Number.isFinite(v) || t === "") throw new Error(`${what}: "${s}" is not a real number`);
  return v;
}

const ten = (n: number) => Array.from({ length: n }, () => 10);

export function readLsDyna(text: string): LsDynaDeck {
  const deck: LsDynaDeck = {
    keywords: [],
    title: null,
    nodes: new Map(),
    elements: new Map(),
    parts: new Map(),
    sections: new Map(),
    shells: new Map(),
    thermalMaterials: new Map(),
    solidSets: new Map(),
    temperatures: [],
    fluxes: [],
    convections: [],
    heatGeneration: [],
    materials: new Map(),
    nodeSets: new Map(),
    segmentSets: new Map(),
    spcSets: [],
    prescribedMotions: [],
    nodeLoads: [],
    nodeSetLoads: [],
    initialVelocities: [],
    bodyLoads: [],
    segmentLoads: [],
    curves: new Map(),
    linearConstraints: [],
    control: {},
  };
  // Group data cards under their keyword.
  const blocks: { keyword: string; cards: string[] }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (raw.startsWith("$")) continue;
    if (raw.startsWith("*")) {
      blocks.push({ keyword: raw.trim().toUpperCase(), cards: [] });
      continue;
    }
    if (blocks.length === 0) {
      if (raw.trim() === "") continue;
      throw new Error(`data before the first keyword: "${raw}"`);
    }
    blocks[blocks.length - 1].cards.push(raw);
  }
  for (const { keyword, cards } of blocks) {
    deck.keywords.push(keyword);
    const base = keyword.replace(/_TITLE$/, "");
    const hasTitle = keyword.endsWith("_TITLE") || keyword === "*PART";
    const head = hasTitle ? cards[0]?.trim() ?? "" : null;
    const data = hasTitle ? cards.slice(1) : cards;
    const where = (i: number) => `${keyword} card ${i + 1}`;
    switch (base) {
      case "*KEYWORD":
      case "*END":
        break;
      case "*TITLE":
        deck.title = cards[0]?.trim() ?? "";
        break;
      case "*NODE":
        data.forEach((c, i) => {
          const f = cardFields(c, [8, 16, 16, 16, 8, 8]);
          deck.nodes.set(int(f[0], where(i)), [real(f[1], where(i)), real(f[2], where(i)), real(f[3], where(i))]);
        });
        break;
      case "*ELEMENT_SOLID": {
        // Manual: the two-card form (EID PID / N1..N10) or the legacy one-card form (EID PID N1..N8).
        for (let i = 0; i < data.length; i++) {
          const first = cardFields(data[i], [8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
          const eid = int(first[0], where(i));
          const pid = int(first[1], where(i));
          let nodes: number[];
          if (first.slice(2).some((s) => s !== "")) nodes = first.slice(2).map((s) => int(s, where(i)));
          else {
            i++;
            nodes = cardFields(data[i] ?? "", [8, 8, 8, 8, 8, 8, 8, 8, 8, 8]).map((s) => int(s, where(i)));
          }
          deck.elements.set(eid, { pid, nodes: nodes.filter((n) => n !== 0) });
        }
        break;
      }
      case "*PART": {
        const f = cardFields(data[0] ?? "", ten(8));
        deck.parts.set(int(f[0], where(1)), { title: head ?? "", secid: int(f[1], where(1)), mid: int(f[2], where(1)), tmid: int(f[7], where(1)) });
        break;
      }
      case "*SECTION_SOLID": {
        const f = cardFields(data[0] ?? "", ten(3));
        deck.sections.set(int(f[0], where(0)), { elform: int(f[1], where(0)) });
        break;
      }
      case "*SECTION_SHELL": {
        // Card 1: SECID ELFORM SHRF NIP PROPT QR ICOMP SETYP; card 2: T1 T2 T3 T4 NLOC MAREA.
        const f = cardFields(data[0] ?? "", ten(8));
        const t = cardFields(data[1] ?? "", ten(4)).map((x) => real(x, where(1)));
        deck.sections.set(int(f[0], where(0)), { elform: int(f[1], where(0)), shell: true, thickness: t });
        break;
      }
      case "*ELEMENT_SHELL":
        // EID PID N1..N8 in fields of 8.
        data.forEach((c, i) => {
          const f = cardFields(c, [8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
          deck.shells.set(int(f[0], where(i)), { pid: int(f[1], where(i)), nodes: f.slice(2).filter((x) => x !== "").map((x) => int(x, where(i))) });
        });
        break;
      case "*MAT_THERMAL_ISOTROPIC": {
        // Card 1: TMID TRO TGRLC TGMULT TLAT HLAT; card 2: HC TC.
        const f = cardFields(data[0] ?? "", ten(6));
        const g = cardFields(data[1] ?? "", ten(2));
        deck.thermalMaterials.set(int(f[0], where(0)), { title: head, tro: real(f[1], where(0)), hc: real(g[0], where(1)), tc: real(g[1], where(1)) });
        break;
      }
      case "*SET_SOLID": {
        const sid = int(cardFields(data[0] ?? "", ten(5))[0], where(0));
        const elements: number[] = [];
        data.slice(1).forEach((c, i) => {
          for (const x of cardFields(c, ten(8))) if (x !== "") elements.push(int(x, where(i + 1)));
        });
        deck.solidSets.set(sid, { title: head, elements: elements.filter((n) => n !== 0) });
        break;
      }
      case "*BOUNDARY_TEMPERATURE_SET":
        // NSID LCID CMULT LOC TDEATH TBIRTH.
        data.forEach((c, i) => {
          const f = cardFields(c, ten(6));
          deck.temperatures.push({ nsid: int(f[0], where(i)), lcid: int(f[1], where(i)), cmult: f[2] === "" ? 1 : real(f[2], where(i)) });
        });
        break;
      case "*BOUNDARY_FLUX_SET":
      case "*BOUNDARY_CONVECTION_SET":
        // Two cards per boundary: SSID PSEROD, then LCID MLC1..MLC4 LOC (flux) or HLCID HMULT TLCID TMULT LOC (film).
        for (let i = 0; i + 1 < data.length; i += 2) {
          const ssid = int(cardFields(data[i], ten(3))[0], where(i));
          const f = cardFields(data[i + 1], ten(6));
          if (base === "*BOUNDARY_FLUX_SET") deck.fluxes.push({ ssid, lcid: int(f[0], where(i + 1)), mlc: f.slice(1, 5).map((x) => real(x, where(i + 1))) });
          else deck.convections.push({ ssid, hlcid: int(f[0], where(i + 1)), hmult: real(f[1], where(i + 1)), tlcid: int(f[2], where(i + 1)), tmult: real(f[3], where(i + 1)) });
        }
        break;
      case "*LOAD_HEAT_GENERATION_SET":
        // SID LCID CMULT WBLCID CBLCID TBLCID.
        data.forEach((c, i) => {
          const f = cardFields(c, ten(6));
          deck.heatGeneration.push({ sid: int(f[0], where(i)), lcid: int(f[1], where(i)), cmult: f[2] === "" ? 1 : real(f[2], where(i)) });
        });
        break;
      case "*MAT_ELASTIC": {
        const f = cardFields(data[0] ?? "", ten(8));
        deck.materials.set(int(f[0], where(0)), { title: head, ro: real(f[1], where(0)), e: real(f[2], where(0)), pr: real(f[3], where(0)) });
        break;
      }
      case "*SET_NODE_LIST": {
        const sid = int(cardFields(data[0] ?? "", ten(5))[0], where(0));
        const nodes: number[] = [];
        data.slice(1).forEach((c, i) => {
          for (const s of cardFields(c, ten(8))) if (s !== "") nodes.push(int(s, where(i + 1)));
        });
        deck.nodeSets.set(sid, { title: head, nodes: nodes.filter((n) => n !== 0) });
        break;
      }
      case "*SET_SEGMENT": {
        const sid = int(cardFields(data[0] ?? "", ten(5))[0], where(0));
        const segments = data.slice(1).map((c, i) => cardFields(c, ten(8)).slice(0, 4).map((s) => int(s, where(i + 1))));
        deck.segmentSets.set(sid, { title: head, segments });
        break;
      }
      case "*BOUNDARY_SPC_SET":
        data.forEach((c, i) => {
          const f = cardFields(c, ten(8)).map((s) => int(s, where(i)));
          deck.spcSets.push({ nsid: f[0], cid: f[1], dofs: [f[2], f[3], f[4]] });
        });
        break;
      case "*BOUNDARY_PRESCRIBED_MOTION_SET":
        data.forEach((c, i) => {
          const f = cardFields(c, ten(8));
          deck.prescribedMotions.push({ nsid: int(f[0], where(i)), dof: int(f[1], where(i)), vad: int(f[2], where(i)), lcid: int(f[3], where(i)), sf: f[4] === "" ? 1 : real(f[4], where(i)) });
        });
        break;
      case "*LOAD_NODE_POINT":
        data.forEach((c, i) => {
          const f = cardFields(c, ten(8));
          deck.nodeLoads.push({ nid: int(f[0], where(i)), dof: int(f[1], where(i)), lcid: int(f[2], where(i)), sf: f[3] === "" ? 1 : real(f[3], where(i)) });
        });
        break;
      case "*LOAD_NODE_SET":
        data.forEach((c, i) => {
          const f = cardFields(c, ten(8));
          deck.nodeSetLoads.push({ nsid: int(f[0], where(i)), dof: int(f[1], where(i)), lcid: int(f[2], where(i)), sf: f[3] === "" ? 1 : real(f[3], where(i)) });
        });
        break;
      case "*INITIAL_VELOCITY": {
        // Card 1: NSID, NSIDEX, BOXID, IRIGID; card 2: VX, VY, VZ, VXR, VYR, VZR.
        const nsid = int(cardFields(data[0] ?? "", ten(8))[0], where(0));
        const v = cardFields(data[1] ?? "", ten(8)).map((s) => real(s, where(1)));
        deck.initialVelocities.push({ nsid, velocity: [v[0], v[1], v[2]] });
        break;
      }
      case "*LOAD_BODY_X":
      case "*LOAD_BODY_Y":
      case "*LOAD_BODY_Z": {
        // LCID, SF, LCIDDR, XC, YC, ZC, CID.
        const f = cardFields(data[0] ?? "", ten(8));
        deck.bodyLoads.push({ direction: "XYZ".indexOf(base.slice(-1)) + 1, lcid: int(f[0], where(0)), sf: f[1] === "" ? 1 : real(f[1], where(0)) });
        break;
      }
      case "*LOAD_SEGMENT_SET":
        data.forEach((c, i) => {
          const f = cardFields(c, ten(4));
          deck.segmentLoads.push({ ssid: int(f[0], where(i)), lcid: int(f[1], where(i)), sf: f[2] === "" ? 1 : real(f[2], where(i)) });
        });
        break;
      case "*DEFINE_CURVE": {
        const lcid = int(cardFields(data[0] ?? "", ten(8))[0], where(0));
        const points = data.slice(1).map((c, i) => {
          const f = cardFields(c, [20, 20]);
          return [real(f[0], where(i + 1)), real(f[1], where(i + 1))] as [number, number];
        });
        deck.curves.set(lcid, { title: head, points });
        break;
      }
      case "*CONSTRAINED_LINEAR_GLOBAL": {
        // Card 1: LCID; then NID DOF COEF per term, the first the constrained one.
        const lcid = int(cardFields(data[0] ?? "", ten(1))[0], where(0));
        const terms = data.slice(1).map((c, i) => {
          const f = cardFields(c, ten(3));
          return { nid: int(f[0], where(i + 1)), dof: int(f[1], where(i + 1)), coef: real(f[2], where(i + 1)) };
        });
        deck.linearConstraints.push({ lcid, terms });
        break;
      }
      default:
        if (base.startsWith("*CONTROL_") || base.startsWith("*DATABASE_")) {
          deck.control[base] = cardFields(data[0] ?? "", ten(8)).map((s) => (s === "" ? null : real(s, where(0))));
          break;
        }
        throw new Error(`keyword ${keyword} is not one this reader knows`);
    }
  }
  return deck;
}

/** Linear interpolation of a load curve at time t (constant beyond its ends). */
export function curveAt(points: [number, number][], t: number): number {
  if (t <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [t0, v0] = points[i - 1], [t1, v1] = points[i];
    if (t <= t1) return v0 + ((v1 - v0) * (t - t0)) / (t1 - t0);
  }
  return points[points.length - 1][1];
}
