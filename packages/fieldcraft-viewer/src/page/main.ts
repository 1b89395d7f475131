// The page: picks its transport (the app's server when its URL carries a token, else an MCP host), shows each
// scene it is given, and turns clicks and boxes into the app's selection. Test hooks live on
// `window.fieldcraftViewer` (state only; every action a test takes goes through real pointer events).
import * as THREE from "three";
import { css, formatValue } from "./format.js";
import { boxRequest, clickRequest, describeHit, type BoxMode, type PickFilter } from "./picking.js";
import { entryScene, readScene, type SceneData } from "./scene-data.js";
import type { Transport } from "./transport.js";
import { appTransport } from "./transport-app.js";
import { mcpTransport } from "./transport-mcp.js";
import { Viewer } from "./viewer.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

interface ViewerState {
  transport: string;
  scenes: number;
  digest: string | null;
  header: SceneData["header"] | null;
  status: string;
  live: boolean;
  lastSelect: { ok: boolean; message: string } | null;
  selects: number;
  error: string | null;
  loadMs: number | null;
  /** Client pixel of a named face's most visible triangle (for tests that click it like a person). */
  facePoint?: (body: string, face: string) => { x: number; y: number } | null;
}

const state: ViewerState = { transport: "", scenes: 0, digest: null, header: null, status: "starting", live: false, lastSelect: null, selects: 0, error: null, loadMs: null };
(window as unknown as { fieldcraftViewer: ViewerState }).fieldcraftViewer = state;

function chooseTransport(): Transport {
  const token = new URLSearchParams(location.search).get("token");
  return (location.protocol === "http:" || location.protocol === "https:") && token ? appTransport(token) : mcpTransport();
}

function setStatus(text: string, live: boolean): void {
  state.status = text;
  state.live = live;
  $("status").textContent = text;
  $("status").className = live ? "live" : "";
}

function showLegend(s: SceneData, scale: number): void {
  const legend = $("legend");
  const f = s.header.field;
  if (!f) {
    legend.hidden = true;
    return;
  }
  legend.hidden = false;
  const bands = s.header.colors.bands;
  const rows: string[] = [`<div class="title">${escapeHtml(f.name)}${f.unit ? ` [${escapeHtml(f.unit)}]` : ""}</div>`];
  for (let i = bands.length - 1; i >= 0; i--) {
    const hi = f.min + ((f.max - f.min) * (i + 1)) / bands.length;
    rows.push(`<div class="band"><span class="swatch" style="background:${css(bands[i])}"></span><span>${formatValue(hi)}</span></div>`);
  }
  rows.push(`<div class="band"><span class="swatch blank"></span><span>${formatValue(f.min)}</span></div>`);
  if (f.step) rows.push(`<div class="caption">step ${escapeHtml(f.step)}</div>`);
  rows.push(`<div class="caption">${scale === 0 ? "undeformed" : `deformed x${formatValue(scale)}`}</div>`);
  rows.push(`<div class="caption">max ${formatValue(f.max)} at node ${f.max_node}</div><div class="caption">min ${formatValue(f.min)} at node ${f.min_node}</div>`);
  legend.innerHTML = rows.join("");
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function summary(s: SceneData): string {
  const h = s.header;
  const c = h.counts;
  if (h.source === "empty") return "no model: open a design or a model";
  const what = h.source === "mesh" ? `${c.elements.toLocaleString()} ${h.element_type} elements, ${c.nodes.toLocaleString()} nodes; drawn: ${c.triangles.toLocaleString()} triangles` : "design (not meshed)";
  return `${h.file ? `${h.file} · ` : ""}${what}${h.lod.mesh_edges || h.source !== "mesh" ? "" : " · feature edges only"} · ${h.length_unit}`;
}

function start(): void {
  const viewer = (() => {
    try {
      return new Viewer($("view"));
    } catch (e) {
      state.error = `no WebGL: ${(e as Error).message}`;
      setStatus(state.error, false);
      return null;
    }
  })();
  if (!viewer) return;
  const transport = chooseTransport();
  state.transport = transport.kind;
  const slider = $<HTMLInputElement>("scale");
  const scaleText = $("scale-text");
  let animating = false;
  let animStart = 0;
  /** The scene as received; the one shown may be one of its animation entries (a mode shape). */
  let received: SceneData | null = null;
  const entrySelect = $<HTMLSelectElement>("entry");

  const applySlider = () => {
    const s = viewer.data;
    const d = s?.header.deformation;
    if (!s || !d) return;
    const scale = Number(slider.value) * d.auto_scale;
    viewer.applyScale(scale);
    scaleText.textContent = `x${formatValue(scale)}`;
    showLegend(s, scale);
  };
  slider.addEventListener("input", applySlider);

  const display = (s: SceneData) => {
    const previous = state.header;
    const sameModel = previous !== null && previous.source === s.header.source && previous.size === s.header.size && previous.counts.vertices === s.header.counts.vertices;
    const legendChanged = (previous?.field == null) !== (s.header.field == null);
    showLegend(s, s.header.deformation?.scale ?? 0);
    viewer.leftInset = s.header.field ? $("legend").offsetWidth + 16 : 0;
    viewer.show(s, !sameModel);
    // The agent turned the app's camera (ui.camera): the page turns with it.
    const turned = sameModel && JSON.stringify(previous!.camera) !== JSON.stringify(s.header.camera);
    if (turned) viewer.setView(s.header.camera.dir, s.header.camera.up);
    else if (sameModel && legendChanged) viewer.refit();
    const d = s.header.deformation;
    $("deform").hidden = !d;
    if (d) {
      slider.max = String(Math.max(5, (d.scale / (d.auto_scale || 1)) * 2));
      slider.value = String(d.auto_scale > 0 ? d.scale / d.auto_scale : 0);
      scaleText.textContent = `x${formatValue(d.scale)}`;
    }
    showLegend(s, viewer.scale);
    state.header = s.header;
  };
  entrySelect.addEventListener("change", () => {
    // The slider is a multiple of each entry's automatic scale, so it carries over from mode to mode.
    if (received) display(entryScene(received, Number(entrySelect.value), Number(slider.value)));
    viewer.renderNow();
  });

  transport.start((bytes) => {
    const t0 = performance.now();
    const read = readScene(bytes);
    if (!read.ok) {
      state.error = read.error;
      setStatus(read.error, false);
      return;
    }
    received = read.scene;
    const a = received.header.animations[0];
    $("entries").hidden = !a;
    if (a) {
      $("entry-label").textContent = a.kind === "modes" ? "mode" : "frame";
      entrySelect.title = a.limited ?? (a.kind === "modes" ? "The mode shape to show" : "The frame to show");
      entrySelect.replaceChildren(...a.labels.map((label, i) => new Option(label, String(i), false, i === a.current)));
    }
    const s = received;
    display(s);
    $("summary").textContent = summary(s);
    viewer.renderNow();
    state.loadMs = performance.now() - t0;
    state.header = s.header;
    state.digest = s.header.digest;
    state.scenes++;
    document.body.dataset.scenes = String(state.scenes);
  }, setStatus);

  // Standard views and fit.
  const views = $("views");
  for (const name of ["iso", "front", "back", "left", "right", "top", "bottom"]) {
    const b = document.createElement("button");
    b.textContent = name;
    b.title = `${name} view`;
    b.addEventListener("click", () => {
      const v = viewer.data?.header.views[name];
      if (v) viewer.setView(v.dir, v.up);
    });
    views.appendChild(b);
  }
  $("animate").addEventListener("click", () => {
    animating = !animating;
    $("animate").classList.toggle("on", animating);
    animStart = performance.now();
    const frames = received?.header.animations[0]?.kind === "frames" ? received : null;
    let shownFrame = -1;
    const tick = () => {
      const s = viewer.data;
      if (!animating || !s?.header.deformation) return;
      if (frames) {
        // An explicit step plays its frames in time order, 8 a second, at one scale.
        const k = Math.floor(((performance.now() - animStart) / 1000) * 8) % frames.header.animations[0].count;
        if (k !== shownFrame) {
          shownFrame = k;
          entrySelect.value = String(k);
          display(entryScene(frames, k, Number(slider.value)));
          viewer.renderNow();
        }
      } else {
        // A mode shape (or a static deformation) swings about the undeformed shape.
        const k = Math.sin(((performance.now() - animStart) / 1000) * Math.PI);
        viewer.applyScale(k * Number(slider.value) * s.header.deformation.auto_scale);
      }
      requestAnimationFrame(tick);
    };
    if (animating) requestAnimationFrame(tick);
    else applySlider();
  });

  // Hover: what is under the pointer. Click: select it. Box mode: drag a rectangle.
  const info = $("info");
  const filterOf = () => $<HTMLSelectElement>("filter").value as PickFilter;
  const boxModeOf = () => $<HTMLSelectElement>("box-mode").value as BoxMode;
  const showInfo = (x: number, y: number) => {
    const s = viewer.data;
    const hit = s ? viewer.pick(x, y) : null;
    if (!s || !hit) {
      info.hidden = true;
      return;
    }
    const d = describeHit(s, hit);
    info.hidden = false;
    info.innerHTML = Object.entries(d)
      .map(([k, v]) => `<div><b>${escapeHtml(k)}</b> ${escapeHtml(typeof v === "number" ? formatValue(v) : v)}</div>`)
      .join("");
  };
  let hoverQueued: { x: number; y: number } | null = null;
  const canvas = viewer.renderer.domElement;
  canvas.addEventListener("pointermove", (e) => {
    if (down) return;
    const first = hoverQueued === null;
    hoverQueued = { x: e.clientX, y: e.clientY };
    if (first) {
      setTimeout(() => {
        if (hoverQueued) showInfo(hoverQueued.x, hoverQueued.y);
        hoverQueued = null;
      }, 60);
    }
  });
  const modeOf = (e: MouseEvent) => (e.ctrlKey || e.metaKey ? "remove" : e.shiftKey ? "add" : "replace") as "replace" | "add" | "remove";
  const send = async (request: ReturnType<typeof clickRequest>) => {
    if (!request) return;
    const r = await transport.select(request);
    state.lastSelect = r;
    state.selects++;
    $("picked").textContent = r.message;
  };
  let down: { x: number; y: number; box: boolean } | null = null;
  const rubber = $("rubber");
  const boxButton = $("box");
  let boxOn = false;
  boxButton.addEventListener("click", () => {
    boxOn = !boxOn;
    boxButton.classList.toggle("on", boxOn);
    viewer.controls.enabled = !boxOn;
  });
  canvas.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    down = { x: e.clientX, y: e.clientY, box: boxOn };
  });
  window.addEventListener("pointermove", (e) => {
    if (!down?.box) return;
    rubber.hidden = false;
    Object.assign(rubber.style, {
      left: `${Math.min(down.x, e.clientX)}px`,
      top: `${Math.min(down.y, e.clientY)}px`,
      width: `${Math.abs(e.clientX - down.x)}px`,
      height: `${Math.abs(e.clientY - down.y)}px`,
    });
  });
  window.addEventListener("pointerup", (e) => {
    const d = down;
    down = null;
    rubber.hidden = true;
    if (!d) return;
    const s = viewer.data;
    if (!s) return;
    const moved = Math.hypot(e.clientX - d.x, e.clientY - d.y);
    if (d.box && moved > 3) {
      void send(boxRequest(s, viewer.screenPositions(), [d.x, d.y, e.clientX, e.clientY], filterOf(), boxModeOf(), modeOf(e)));
      return;
    }
    if (moved > 3) return; // an orbit or a pan, not a click
    const hit = viewer.pick(e.clientX, e.clientY);
    // A click names what it picked even when no hover came first (a touch, or a pointer that never moved).
    showInfo(e.clientX, e.clientY);
    if (hit) void send(clickRequest(s, hit, filterOf(), modeOf(e)));
    else if (modeOf(e) === "replace") void send({ mode: "replace", clear: true });
  });

  state.facePoint = (body, face) => {
    const s = viewer.data;
    if (!s || !s.facetTag || !s.facetElement) return null;
    const tag = s.header.face_tags.findIndex((t) => t.body === body && t.face === face);
    if (tag < 0) return null;
    const cam = new THREE.Vector3();
    viewer.camera.getWorldDirection(cam);
    let best: { x: number; y: number } | null = null;
    let bestArea = 0;
    for (let t = 0; t < s.triangleFacet.length; t++) {
      const f = s.triangleFacet[t];
      if (f === 0xffffffff || s.facetTag[f] !== tag) continue;
      const [a, b, c] = [0, 1, 2].map((k) => viewer.vertex(s.triangles[3 * t + k]));
      const pa = viewer.toClient(a), pb = viewer.toClient(b), pc = viewer.toClient(c);
      const area = Math.abs((pb.x - pa.x) * (pc.y - pa.y) - (pc.x - pa.x) * (pb.y - pa.y)) / 2;
      const centre = { x: (pa.x + pb.x + pc.x) / 3, y: (pa.y + pb.y + pc.y) / 3 };
      const hit = viewer.pick(centre.x, centre.y);
      if (area > bestArea && hit && s.facetTag[s.triangleFacet[hit.triangle]] === tag) {
        bestArea = area;
        best = centre;
      }
    }
    return best;
  };
}

start();
