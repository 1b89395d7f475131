// The 3D view: a three.js scene built from a decoded scene (surface, edges, symbols, contour, deformation),
// orthographic like the CPU renderer, orbit/pan/zoom, standard views, and picking by ray and by box.
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";
import { GLYPH_CONE } from "../scene/types.js";
import type { SceneData } from "./scene-data.js";
import type { Hit } from "./picking.js";
import { selectedTriangles } from "./picking.js";

// The engine's colours are sRGB numbers meant as drawn; pass them through unchanged.
THREE.ColorManagement.enabled = false;

const rgb = (c: readonly number[]) => new THREE.Color(c[0] / 255, c[1] / 255, c[2] / 255);

export class Viewer {
  readonly renderer: THREE.WebGLRenderer;
  readonly camera: THREE.OrthographicCamera;
  readonly controls: OrbitControls;
  private readonly root = new THREE.Scene();
  private model = new THREE.Group();
  private scene: SceneData | null = null;
  private drawn: Float32Array = new Float32Array(0);
  private positionAttr: THREE.BufferAttribute | null = null;
  private surface: THREE.Mesh | null = null;
  private glyphs = new THREE.Group();
  private selection: THREE.Object3D[] = [];
  private radius = 1;
  private centre = new THREE.Vector3();
  private pending = false;
  // The CPU renderer's shading: 0.4 + 0.6 x Lambert, or 0.6 + 0.4 x Lambert under a contour (π: three's unit light).
  private readonly ambient = new THREE.AmbientLight(0xffffff, 0.4 * Math.PI);
  private readonly key = new THREE.DirectionalLight(0xffffff, 0.6 * Math.PI);
  scale = 0;
  /** Pixels on the left covered by the legend: framing centres the model in the rest, as the CPU renderer does. */
  leftInset = 0;

  constructor(private readonly host: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.outputColorSpace = THREE.LinearSRGBColorSpace;
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    host.appendChild(this.renderer.domElement);
    this.camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.001, 1000);
    this.camera.up.set(0, 0, 1); // models are Z-up, as in the engine's pictures
    this.root.add(this.camera);
    this.root.add(this.ambient);
    // A headlight from above-left of the eye, in camera space (its target rides with the camera too).
    this.key.position.set(-0.3, 0.55, 1);
    this.camera.add(this.key);
    this.camera.add(this.key.target);
    this.root.add(this.model);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = false;
    this.controls.zoomToCursor = true;
    this.controls.addEventListener("change", () => this.requestRender());
    new ResizeObserver(() => this.resize()).observe(host);
    this.resize();
  }

  get data(): SceneData | null {
    return this.scene;
  }

  requestRender(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderer.render(this.root, this.camera);
    });
  }

  renderNow(): void {
    this.renderer.render(this.root, this.camera);
  }

  private resize(): void {
    const w = this.host.clientWidth || 1, h = this.host.clientHeight || 1;
    this.renderer.setSize(w, h, false);
    this.renderer.domElement.style.width = `${w}px`;
    this.renderer.domElement.style.height = `${h}px`;
    this.updateFrustum();
    this.requestRender();
  }

  private updateFrustum(): void {
    const w = this.host.clientWidth || 1, h = this.host.clientHeight || 1;
    const half = this.radius * 1.08;
    const aspect = w / h;
    const hh = aspect >= 1 ? half : half / aspect;
    this.camera.left = -hh * aspect;
    this.camera.right = hh * aspect;
    this.camera.top = hh;
    this.camera.bottom = -hh;
    this.camera.near = this.radius * 0.01;
    this.camera.far = this.radius * 20;
    this.camera.updateProjectionMatrix();
  }

  /** Replaces what is shown; keeps the camera unless `frame` (the first scene, or a different model). */
  show(scene: SceneData, frame: boolean): void {
    this.root.remove(this.model);
    disposeTree(this.model);
    this.model = new THREE.Group();
    this.glyphs = new THREE.Group();
    this.selection = [];
    this.scene = scene;
    this.root.background = rgb(scene.header.colors.background);
    const h = scene.header;
    const box = h.bbox;
    this.centre.set((box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2, (box.min[2] + box.max[2]) / 2);
    this.radius = Math.max(h.size / 2, 1e-9);
    this.drawn = new Float32Array(scene.positions);
    this.positionAttr = new THREE.BufferAttribute(this.drawn, 3);

    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", this.positionAttr);
    geometry.setIndex(new THREE.BufferAttribute(scene.triangles, 1));
    let material: THREE.Material;
    this.ambient.intensity = (scene.field ? 0.6 : 0.4) * Math.PI;
    this.key.intensity = (scene.field ? 0.4 : 0.6) * Math.PI;
    if (scene.field && h.field) {
      geometry.setAttribute("uv", new THREE.BufferAttribute(contourUv(scene.field, h.field.min, h.field.max), 2));
      material = new THREE.MeshLambertMaterial({ map: bandTexture(h.colors.bands), flatShading: true, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 });
    } else {
      material = new THREE.MeshLambertMaterial({ color: rgb(h.colors.surface), flatShading: true, side: THREE.DoubleSide, polygonOffset: true, polygonOffsetFactor: 1, polygonOffsetUnits: 1 });
    }
    this.surface = new THREE.Mesh(geometry, material);
    this.surface.name = "surface";
    this.model.add(this.surface);

    const lines = (index: Uint32Array, color: THREE.Color, opacity: number, positions: THREE.BufferAttribute) => {
      const g = new THREE.BufferGeometry();
      g.setAttribute("position", positions);
      g.setIndex(new THREE.BufferAttribute(index, 1));
      return new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color, transparent: opacity < 1, opacity }));
    };
    if (scene.meshEdges && scene.meshEdges.length > 0) this.model.add(lines(scene.meshEdges, new THREE.Color(0, 0, 0), 0.28, this.positionAttr));
    this.model.add(lines(scene.featureEdges, rgb(h.colors.feature_edge), 1, this.positionAttr));
    if (scene.displacement) {
      const outline = lines(scene.featureEdges, rgb(h.colors.undeformed_edge), 1, new THREE.BufferAttribute(scene.positions, 3));
      outline.name = "undeformed";
      this.model.add(outline);
    }
    this.model.add(this.glyphs);
    this.root.add(this.model);
    this.scale = h.deformation ? h.deformation.scale : 0;
    this.applyScale(this.scale);
    this.showSelection();
    if (frame) this.setView(h.camera.dir, h.camera.up);
    else {
      this.updateFrustum();
      this.requestRender();
    }
  }

  /** Deformed positions: undeformed + scale x displacement, for the surface, edges and symbols. */
  applyScale(scale: number): void {
    const s = this.scene;
    if (!s || !this.positionAttr) return;
    this.scale = scale;
    const base = s.positions, d = s.displacement;
    if (d) {
      for (let i = 0; i < base.length; i++) this.drawn[i] = base[i] + scale * d[i];
      this.positionAttr.needsUpdate = true;
      this.surface?.geometry.computeBoundingSphere();
      this.surface?.geometry.computeBoundingBox();
      const undeformed = this.model.getObjectByName("undeformed");
      if (undeformed) undeformed.visible = scale !== 0;
    }
    this.buildGlyphs();
    this.requestRender();
  }

  private buildGlyphs(): void {
    const s = this.scene!;
    disposeTree(this.glyphs);
    this.glyphs.clear();
    if (!s.glyphAnchor || !s.glyphType || !s.glyphDir || !s.glyphSymbol) return;
    const h = s.header;
    const cone = h.glyph_size.cone * h.size, arrow = h.glyph_size.arrow * h.size;
    const coneGeometry = new THREE.ConeGeometry(0.45 * cone, cone, 12).translate(0, -cone / 2, 0); // apex at the origin, base along -Y
    const down = new THREE.Vector3(0, -1, 0);
    for (let g = 0; g < s.glyphType.length; g++) {
      const m = s.glyphMove;
      const at = new THREE.Vector3(
        s.glyphAnchor[3 * g] + this.scale * (m ? m[3 * g] : 0),
        s.glyphAnchor[3 * g + 1] + this.scale * (m ? m[3 * g + 1] : 0),
        s.glyphAnchor[3 * g + 2] + this.scale * (m ? m[3 * g + 2] : 0),
      );
      const dir = new THREE.Vector3(s.glyphDir[3 * g], s.glyphDir[3 * g + 1], s.glyphDir[3 * g + 2]).normalize();
      const color = rgb(h.symbols[s.glyphSymbol[g]]?.color ?? [0, 0, 0]);
      if (s.glyphType[g] === GLYPH_CONE) {
        const mesh = new THREE.Mesh(coneGeometry, new THREE.MeshBasicMaterial({ color }));
        mesh.position.copy(at);
        mesh.quaternion.setFromUnitVectors(down, dir);
        this.glyphs.add(mesh);
      } else {
        const tail = at.clone().addScaledVector(dir, -arrow);
        this.glyphs.add(new THREE.ArrowHelper(dir, tail, arrow, color, 0.16 * arrow, 0.07 * arrow));
      }
    }
  }

  /** The app's selection drawn over the model in orange: faces and elements on the skin, nodes as points. */
  showSelection(): void {
    const s = this.scene;
    if (!s || !this.positionAttr) return;
    for (const o of this.selection) {
      this.model.remove(o);
      disposeTree(o);
    }
    this.selection = [];
    const color = rgb(s.header.colors.selection);
    const tris = selectedTriangles(s);
    if (tris.length > 0) {
      const index = new Uint32Array(tris.length * 3);
      tris.forEach((t, i) => index.set(s.triangles.subarray(3 * t, 3 * t + 3), 3 * i));
      const g = new THREE.BufferGeometry();
      g.setAttribute("position", this.positionAttr);
      g.setIndex(new THREE.BufferAttribute(index, 1));
      const m = new THREE.Mesh(g, new THREE.MeshBasicMaterial({ color, transparent: true, opacity: 0.6, side: THREE.DoubleSide, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -1 }));
      m.name = "selection";
      this.selection.push(m);
    }
    if (s.vertexNode && s.header.selection.nodes.length > 0) {
      const want = new Set(s.header.selection.nodes.map((n) => n - 1));
      const idx: number[] = [];
      for (let v = 0; v < s.vertexNode.length; v++) if (want.has(s.vertexNode[v])) idx.push(v);
      const g = new THREE.BufferGeometry();
      g.setAttribute("position", this.positionAttr);
      g.setIndex(idx);
      this.selection.push(new THREE.Points(g, new THREE.PointsMaterial({ color, size: 7, sizeAttenuation: false })));
    }
    for (const o of this.selection) this.model.add(o);
    this.requestRender();
  }

  /** Looks along `dir` with `up` on screen, framing what is drawn as the CPU renderer does (6% margin). */
  setView(dir: readonly number[], up: readonly number[]): void {
    const d = new THREE.Vector3(dir[0], dir[1], dir[2]).normalize();
    const u = new THREE.Vector3(up[0], up[1], up[2]).normalize();
    const r = new THREE.Vector3().crossVectors(d, u).normalize();
    // Extents of the drawn surface across the view: fit those, not the bounding sphere.
    const p = this.drawn;
    let r0 = Infinity, r1 = -Infinity, u0 = Infinity, u1 = -Infinity;
    for (let i = 0; i < p.length; i += 3) {
      const x = p[i] - this.centre.x, y = p[i + 1] - this.centre.y, z = p[i + 2] - this.centre.z;
      const a = x * r.x + y * r.y + z * r.z, b = x * u.x + y * u.y + z * u.z;
      if (a < r0) r0 = a;
      if (a > r1) r1 = a;
      if (b < u0) u0 = b;
      if (b > u1) u1 = b;
    }
    const target = this.centre.clone();
    if (Number.isFinite(r0)) target.addScaledVector(r, (r0 + r1) / 2).addScaledVector(u, (u0 + u1) / 2);
    const eye = target.clone().addScaledVector(d, -this.radius * 5);
    // Looking straight along Z: nudge off the pole so the Z-up orbit keeps `up` on screen.
    if (Math.abs(d.z) > 0.999) eye.addScaledVector(u, -this.radius * 1e-3);
    this.camera.position.copy(eye);
    this.updateFrustum();
    const w = this.camera.right - this.camera.left, h = this.camera.top - this.camera.bottom;
    const pixels = this.host.clientWidth || 1;
    const inset = Math.min(this.leftInset, pixels / 2);
    const ew = Math.max(r1 - r0, 1e-9 * this.radius), eh = Math.max(u1 - u0, 1e-9 * this.radius);
    this.camera.zoom = Number.isFinite(r0) ? Math.min((w * (pixels - inset)) / pixels / ew, h / eh) * (1 - 2 * 0.06) : 1;
    // Centre in the area right of the legend: move the eye left by half the inset.
    const shift = -((inset / 2) * w) / (pixels * this.camera.zoom);
    target.addScaledVector(r, shift);
    this.camera.position.addScaledVector(r, shift);
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(target);
    this.camera.lookAt(target);
    this.controls.update();
    this.requestRender();
  }

  /** Frames the model again from the current direction (after the legend comes or goes). */
  refit(): void {
    const d = new THREE.Vector3();
    this.camera.getWorldDirection(d);
    const u = new THREE.Vector3(0, 1, 0).applyQuaternion(this.camera.quaternion);
    this.setView([d.x, d.y, d.z], [u.x, u.y, u.z]);
  }

  private ndc(x: number, y: number): THREE.Vector2 {
    const r = this.renderer.domElement.getBoundingClientRect();
    return new THREE.Vector2(((x - r.left) / r.width) * 2 - 1, -((y - r.top) / r.height) * 2 + 1);
  }

  /** The surface triangle under a client pixel, and its vertex nearest the hit. */
  pick(clientX: number, clientY: number): Hit | null {
    if (!this.surface || !this.scene) return null;
    const ray = new THREE.Raycaster();
    ray.setFromCamera(this.ndc(clientX, clientY), this.camera);
    const hit = ray.intersectObject(this.surface, false)[0];
    if (!hit || hit.faceIndex === undefined || hit.faceIndex === null) return null;
    const t = hit.faceIndex;
    const tri = this.scene.triangles;
    let best = tri[3 * t], bestD = Infinity;
    for (let k = 0; k < 3; k++) {
      const v = tri[3 * t + k];
      const d = hit.point.distanceToSquared(new THREE.Vector3(this.drawn[3 * v], this.drawn[3 * v + 1], this.drawn[3 * v + 2]));
      if (d < bestD) ((bestD = d), (best = v));
    }
    return { triangle: t, vertex: best };
  }

  /** Every vertex's position in client pixels (x, y), for box picking. */
  screenPositions(): Float32Array {
    const r = this.renderer.domElement.getBoundingClientRect();
    const n = this.drawn.length / 3;
    const out = new Float32Array(2 * n);
    const m = new THREE.Matrix4().multiplyMatrices(this.camera.projectionMatrix, this.camera.matrixWorldInverse);
    const e = m.elements;
    for (let v = 0; v < n; v++) {
      const x = this.drawn[3 * v], y = this.drawn[3 * v + 1], z = this.drawn[3 * v + 2];
      const w = e[3] * x + e[7] * y + e[11] * z + e[15];
      const px = (e[0] * x + e[4] * y + e[8] * z + e[12]) / w;
      const py = (e[1] * x + e[5] * y + e[9] * z + e[13]) / w;
      out[2 * v] = r.left + ((px + 1) / 2) * r.width;
      out[2 * v + 1] = r.top + ((1 - py) / 2) * r.height;
    }
    return out;
  }

  /** Client pixel of a point in model space. */
  toClient(p: THREE.Vector3): { x: number; y: number } {
    const r = this.renderer.domElement.getBoundingClientRect();
    const q = p.clone().project(this.camera);
    return { x: r.left + ((q.x + 1) / 2) * r.width, y: r.top + ((1 - q.y) / 2) * r.height };
  }

  /** Drawn position of a vertex. */
  vertex(v: number): THREE.Vector3 {
    return new THREE.Vector3(this.drawn[3 * v], this.drawn[3 * v + 1], this.drawn[3 * v + 2]);
  }
}

/** One texel per band, sampled without filtering, so bands stay crisp across a triangle. */
function bandTexture(bands: readonly (readonly number[])[]): THREE.DataTexture {
  const data = new Uint8Array(bands.length * 4);
  bands.forEach((c, i) => data.set([c[0], c[1], c[2], 255], 4 * i));
  const t = new THREE.DataTexture(data, bands.length, 1, THREE.RGBAFormat);
  t.magFilter = THREE.NearestFilter;
  t.minFilter = THREE.NearestFilter;
  t.colorSpace = THREE.NoColorSpace;
  t.needsUpdate = true;
  return t;
}

function contourUv(values: Float32Array, min: number, max: number): Float32Array {
  const uv = new Float32Array(values.length * 2);
  const span = max > min ? max - min : 1;
  for (let i = 0; i < values.length; i++) {
    uv[2 * i] = Math.min(0.9999, Math.max(0.0001, (values[i] - min) / span));
    uv[2 * i + 1] = 0.5;
  }
  return uv;
}

function disposeTree(o: THREE.Object3D): void {
  o.traverse((c) => {
    const m = c as THREE.Mesh;
    if (m.geometry) m.geometry.dispose();
    const mat = m.material as THREE.Material | THREE.Material[] | undefined;
    if (Array.isArray(mat)) mat.forEach((x) => x.dispose());
    else if (mat) {
      (mat as THREE.MeshLambertMaterial).map?.dispose();
      mat.dispose();
    }
  });
}
