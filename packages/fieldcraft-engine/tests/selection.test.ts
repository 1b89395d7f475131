// The viewport selection rows (ui.select, ui.selection) on an engine session: items by name or id, element
// faces checked against the mesh's family, pixel picks refused without a host that has pictures.
import { describe, expect, test } from "vitest";
import { createSession, uiSelectCommand, uiSelectionCommand } from "../src/index.js";

async function session(hex: boolean) {
  const s = createSession({ commands: [uiSelectCommand, uiSelectionCommand] });
  const opened = await s.execute("file.sample", { name: "stepped-block" });
  if (!opened.ok) throw new Error(opened.error);
  if (hex) {
    const meshed = await s.execute("mesh.hex", { size: 10, order: 1 });
    if (!meshed.ok) throw new Error(meshed.error);
  }
  return s;
}

describe("ui.select", () => {
  test("a tetrahedron has faces 1-4: face 5 is refused naming the family; a hexahedron's face 6 is taken", async () => {
    const tet = await session(false);
    const refused = await tet.execute("ui.select", { faces: [{ element: 1, face: 5 }] });
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/C3D10 with faces 1-4, not 5/) });
    expect((await tet.execute("ui.selection", {})) as any).toMatchObject({ ok: true, result: { empty: true } });
    const hex = await session(true);
    const taken = (await hex.execute("ui.select", { faces: [{ element: 2, face: 6 }] })) as any;
    expect(taken.ok).toBe(true);
    // Set members: the four corner nodes of that face, exactly.
    expect(taken.result.params.nodes).toHaveLength(4);
  });

  test("geometry by name combines (add, remove); pixel picks need a host with pictures", async () => {
    const s = await session(false);
    await s.execute("ui.select", { geometry: [{ body: "Steps", face: "F1:+x" }] });
    await s.execute("ui.select", { geometry: [{ body: "Steps", face: "F1:-x" }], mode: "add" });
    const removed = (await s.execute("ui.select", { geometry: [{ body: "Steps", face: "F1:+x" }], mode: "remove" })) as any;
    expect(removed.result.selection.geometry).toEqual([{ body: "Steps", face: "F1:-x" }]);
    const pixel = await s.execute("ui.select", { at: [10, 10] });
    expect(pixel).toMatchObject({ ok: false, error: expect.stringMatching(/picture/) });
  });
});
