// Velocity arrows in pictures of a flow: the renderer draws a nodal vector field as arrows at sampled nodes over
// the contour; decoded from the PNG, arrow-coloured pixels are there in the velocity picture, lie on the
// downstream side of their nodes (they move with the flow when it is reversed), and are absent from the
// pressure picture of the same solution.
import { describe, expect, it } from "vitest";
import { facetsWithTags } from "../src/fem/loads.js";
import { solveFluid } from "../src/fem/fluid/solve-fluid.js";
import { renderScene, sampleArrows, VECTOR_COLOR } from "../src/render/index.js";
import { boxTetMesh } from "./support/box-mesh.js";
import { faceNodes } from "./support/cavity.js";
import { readPicture, pixel, type Picture } from "./support/render-pixels.js";

async function duct() {
  // A duct along x between two outlets, no slip on its four sides.
  const mesh = boxTetMesh({ size: [3, 1, 1], cells: [6, 2, 2], order: 2 });
  const velocity = new Map<number, [number, number, number]>([...faceNodes(mesh, [2, 3, 4, 5])].map((n) => [n, [0, 0, 0]]));
  const r = await solveFluid({
    mesh,
    elementMaterial: new Int32Array(mesh.elements.length / 10),
    fluids: [{ density: 0, viscosity: 1 }],
    velocity,
    inlets: [],
    outlets: [
      { name: "high", facets: facetsWithTags(mesh, [0]), pressure: 1 },
      { name: "low", facets: facetsWithTags(mesh, [1]), pressure: 0 },
    ],
    maxNonlinear: 5,
    nonlinearTolerance: 1e-8,
  });
  if (!r.ok) throw new Error(r.error);
  return { mesh, solution: r.solution };
}

const isArrow = (rgb: number[]) => rgb[0] === VECTOR_COLOR[0] && rgb[1] === VECTOR_COLOR[1] && rgb[2] === VECTOR_COLOR[2];
function arrowPixels(p: Picture): { count: number; meanX: number } {
  let count = 0, sx = 0;
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++)
      if (isArrow(pixel(p, x, y))) {
        count++;
        sx += x;
      }
  return { count, meanX: count ? sx / count : NaN };
}

describe("velocity arrows", () => {
  it("are drawn at sampled nodes along the flow, and only in the velocity picture", async () => {
    const { mesh, solution } = await duct();
    const speed = Float64Array.from({ length: mesh.nodes.length / 3 }, (_, n) => Math.hypot(solution.velocity[3 * n], solution.velocity[3 * n + 1], solution.velocity[3 * n + 2]));
    const front = { yaw: 0, pitch: 0 };
    const size = { width: 400, height: 200 };
    const forward = renderScene({ mesh, field: { name: "velocity", values: speed }, vectors: { name: "velocity", values: solution.velocity }, triad: false }, front, size);
    expect(forward.info.vectors).toMatchObject({ name: "velocity" });
    expect(forward.info.vectors!.arrows).toBeGreaterThan(5);
    expect(forward.info.vectors!.max).toBeCloseTo(Math.max(...speed), 12);
    const f = arrowPixels(readPicture(forward.png));
    expect(f.count).toBeGreaterThan(100);

    // The same field reversed: the arrows turn round, so their pixels move upstream (left in the front view,
    // where +x is to the right: the duct's inlet face is left of its outlet face).
    const reversed = solution.velocity.map((v) => -v);
    const back = arrowPixels(readPicture(renderScene({ mesh, field: { name: "velocity", values: speed }, vectors: { name: "velocity", values: reversed }, triad: false }, front, size).png));
    expect(back.count).toBeGreaterThan(100);
    expect(f.meanX - back.meanX).toBeGreaterThan(5);

    // Every arrow points along +x (the flow), nearly parallel to the duct, from a node off the walls.
    const arrows = sampleArrows(mesh, solution.velocity);
    for (const a of arrows) {
      expect(a.head[0] - a.tail[0]).toBeGreaterThan(0);
      expect(Math.abs(a.head[1] - a.tail[1]) + Math.abs(a.head[2] - a.tail[2])).toBeLessThan(0.05 * (a.head[0] - a.tail[0]));
    }

    // The pressure picture of the same flow has none.
    const pressure = renderScene({ mesh, field: { name: "pressure", values: solution.pressure }, triad: false }, front, size);
    expect(pressure.info.vectors).toBeNull();
    expect(arrowPixels(readPicture(pressure.png)).count).toBe(0);
    // Nor does the speed picture without vectors: the colour is the arrows' alone.
    expect(arrowPixels(readPicture(renderScene({ mesh, field: { name: "velocity", values: speed }, triad: false }, front, size).png)).count).toBe(0);
  }, 60_000);

  it("refuse a vector field that does not fit the mesh, and skip a field that is zero everywhere", async () => {
    const mesh = boxTetMesh({ size: [1, 1, 1], cells: [1, 1, 1], order: 2 });
    expect(() => renderScene({ mesh, vectors: { name: "velocity", values: new Float64Array(5) } }, { yaw: 0, pitch: 0 }, { width: 50, height: 50 })).toThrow(/scene.vectors.values has 5 values/);
    const still = renderScene({ mesh, vectors: { name: "velocity", values: new Float64Array(mesh.nodes.length) } }, { yaw: 0, pitch: 0 }, { width: 50, height: 50 });
    expect(still.info.vectors).toEqual({ name: "velocity", arrows: 0, max: 0 });
  });
});
