// Picking on hexahedra through the spawned app: quadrilateral facets are hit (as two triangles), named faces,
// element faces (S1..S6) and elements come back as on tetrahedra.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import { startConnectedApp, stopConnectedApp, writeSteps, type ConnectedApp } from "./helpers/app-process.js";

let session: ConnectedApp;
const ok = (method: string, params: Record<string, unknown> = {}) => session.ok(method, params);

beforeAll(async () => {
  session = await startConnectedApp();
  await ok("geometry.open", { path: await writeSteps(session.app.dir) });
  await ok("mesh.hex", { size: 5 });
});
afterAll(() => stopConnectedApp(session));

describe("picking on a hexahedral mesh", () => {
  it("`at` picks the named face, an element face S1..S6 and an element; a box picks elements", async () => {
    const r = await ok("ui.render", { view: "front", width: 400, height: 300 });
    const img = PNG.sync.read(Buffer.from(r.png, "base64"));
    // The model's extent: pixels of the front face's shade (the colour left of the picture's centre).
    const px = (x: number, y: number) => [...img.data.subarray(4 * (y * img.width + x), 4 * (y * img.width + x) + 3)];
    const ref = px(Math.floor(img.width / 4), Math.floor(img.height / 2));
    let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++) {
        const p = px(x, y);
        if (Math.abs(p[0] - ref[0]) + Math.abs(p[1] - ref[1]) + Math.abs(p[2] - ref[2]) > 12) continue;
        minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
    const at = (x: number, z: number) => [Math.round(minX + (x / 100) * (maxX - minX)), Math.round(maxY - (z / 20) * (maxY - minY))];
    const named = await ok("ui.select", { at: at(75, 5) });
    expect(named.selection.geometry).toEqual([{ body: "Steps", face: "F1:-y" }]);
    const face = await ok("ui.select", { at: at(77, 3), filter: "faces" });
    expect(face.selection.faces).toHaveLength(1);
    // The front (-y) side of a CalculiX hexahedron is S3.
    expect(face.selection.faces[0].face).toBe(3);
    const element = await ok("ui.select", { at: at(77, 3), filter: "elements" });
    expect(element.selection.elements).toEqual([face.selection.faces[0].element]);
    const boxed = await ok("ui.select", { box: [0, 0, img.width - 1, img.height - 1], filter: "elements" });
    expect(boxed.selection.elements).toHaveLength(20 * 4 * 2 + 10 * 4 * 2);
  });

  it("element faces S5 and S6 of a hexahedron are selectable by id; a face past the family's is refused by name", async () => {
    const r = await ok("ui.select", { faces: [{ element: 1, face: 5 }, { element: 1, face: 6 }] });
    expect(r.selection.faces).toEqual([{ element: 1, face: 5 }, { element: 1, face: 6 }]);
    // The faces' nodes become the set members (4 corners and, on C3D20, 4 mid-side nodes each; two faces share none).
    expect(r.params.nodes.length).toBeGreaterThanOrEqual(8);
    const mixed = await ok("ui.select", { faces: [{ element: 1, face: 6 }], elements: [1], mode: "add" });
    expect(mixed.selection.elements).toEqual([1]);
    const tooHigh = await session.client.call("ui.select", { faces: [{ element: 1, face: 7 }] });
    expect(tooHigh).toMatchObject({ ok: false, error: expect.stringMatching(/face/) });
  });
});
