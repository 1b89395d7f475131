// Render speed: a ~100k-element tet model at 1024 x 768 with a contour, the deformed shape and symbols.
// Baseline measured in the same run: encoding the finished picture as PNG (what every render pays at least).
// Run: pnpm exec tsx bench/render.ts
import { encodePng, renderScene, STANDARD_VIEWS, type Scene } from "../src/render/index.js";
import { boxMesh, facetsTagged, nodesAt } from "../tests/support/render-fixtures.js";

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Median wall time and median CPU time of this process (the CPU time is steadier on a shared machine). */
function time<T>(fn: () => T, repeats: number): { ms: number; cpu: number; result: T } {
  const runs: number[] = [];
  const cpus: number[] = [];
  let result!: T;
  for (let i = 0; i < repeats; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    result = fn();
    runs.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  return { ms: median(runs), cpu: median(cpus), result };
}

const type = process.argv.includes("--c3d10") ? "C3D10" : "C3D4";
const mesh = boxMesh({ min: [0, 0, 0], max: [200, 40, 40], divisions: [50, 18, 18], type });
const nn = mesh.nodes.length / 3;
const ne = mesh.elements.length / (type === "C3D4" ? 4 : 10);
const displacement = new Float64Array(3 * nn);
const mises = new Float64Array(nn);
for (let i = 0; i < nn; i++) {
  const x = mesh.nodes[3 * i];
  displacement[3 * i + 2] = -1e-5 * x * x;
  mises[i] = 200 - x + 0.5 * mesh.nodes[3 * i + 2];
}
const scene: Scene = {
  mesh,
  displacement,
  scale: "auto",
  field: { name: "mises", unit: "MPa", values: mises },
  symbols: [
    { kind: "fixed", name: "root", nodes: nodesAt(mesh, 0, 0) },
    { kind: "force", name: "tip", nodes: nodesAt(mesh, 0, 200), vector: [0, 0, -1000] },
    { kind: "pressure", name: "top", facets: facetsTagged(mesh, "F1:+z"), value: 1 },
  ],
};
const size = { width: 1024, height: 768 };
renderScene({ ...scene, mesh: { ...mesh } }, STANDARD_VIEWS.iso, size); // warm up the JIT
// Cold: a new mesh object each time, so its surface is extracted again (the first picture of a mesh).
const render = time(() => renderScene({ ...scene, mesh: { ...mesh } }, STANDARD_VIEWS.iso, size), 5);
// Warm: the same mesh again (a session's next picture), its surface taken from the renderer's cache.
const again = time(() => renderScene(scene, STANDARD_VIEWS.iso, size), 5);
const encode = time(() => encodePng(render.result.frame), 5);
const plain = time(() => renderScene({ mesh: { ...mesh } }, STANDARD_VIEWS.iso, size), 5);

process.stderr.write(
  [
    `model: ${ne} ${type} elements, ${nn} nodes, ${render.result.info.triangles} surface triangles, ${size.width} x ${size.height}`,
    `render with contour, deformation and symbols: ${render.ms.toFixed(1)} ms wall, ${render.cpu.toFixed(1)} ms CPU (medians of 5)`,
    `the same, next picture of the same mesh:       ${again.ms.toFixed(1)} ms wall, ${again.cpu.toFixed(1)} ms CPU`,
    `render of the plain mesh:                      ${plain.ms.toFixed(1)} ms wall, ${plain.cpu.toFixed(1)} ms CPU`,
    `baseline, PNG encoding of the same picture:    ${encode.ms.toFixed(1)} ms wall, ${encode.cpu.toFixed(1)} ms CPU`,
    `ratio render / encode: ${(render.ms / encode.ms).toFixed(2)} wall, ${(render.cpu / encode.cpu).toFixed(2)} CPU   (target: render under 1000 ms wall)`,
    `load average: ${(await import("node:os")).loadavg().map((l) => l.toFixed(1)).join(" ")} on ${(await import("node:os")).cpus().length} cores`,
  ].join("\n") + "\n",
);
