// DeckModel values built by hand around the render fixtures' box mesh: two bodies' worth of sections, node
// sets at both ends, a force, a pressure and a prescribed displacement over two steps.
import type { DeckModel } from "../../src/decks/types.js";
import type { ElementType } from "../../src/mesh/types.js";
import { boxMesh, facetsTagged, nodesAt } from "./render-fixtures.js";

export function cantileverDeck(type: ElementType): DeckModel {
  // Awkward coordinates so that every digit a deck keeps is tested.
  const mesh = boxMesh({ min: [-12.345678901234567, 0, 1e-7], max: [100 / 3, 10 / 3, 7.000000000000001], divisions: [6, 2, 3], type });
  const root = nodesAt(mesh, 0, -12.345678901234567);
  const tip = nodesAt(mesh, 0, 100 / 3);
  const ne = mesh.elements.length / (type === "C3D4" ? 4 : 10);
  const half = Array.from({ length: Math.floor(ne / 2) }, (_, i) => i);
  const top = facetsTagged(mesh, "F1:+z");
  const perNode = -1000 / tip.length;
  return {
    heading: "cantilever for deck tests",
    units: "mm-t-s-N-MPa",
    mesh,
    nsets: [
      { name: "root", nodes: Int32Array.from(root) },
      { name: "tip", nodes: tip },
    ],
    elsets: [{ name: "first half", elements: half }],
    materials: [
      { name: "Steel", young: 210000, poisson: 0.3, density: 7.85e-9 },
      { name: "Odd alloy", young: 70123.45678901234, poisson: 0.3300000000000001 },
    ],
    sections: [
      { elset: "Box", material: "Steel" },
      { elset: "first half", material: "Odd alloy" },
    ],
    steps: [
      {
        name: "Load",
        boundaries: [
          { nset: "root", components: [1, 2, 3], value: 0 },
          { nset: "tip", components: [1], value: 0 },
        ],
        cloads: tip.map((node) => ({ node, component: 3, value: perNode })),
        pressures: top.element.map((element, i) => ({ element, side: top.side[i], value: 0.125 })),
      },
      {
        name: "Stretch",
        boundaries: [
          { nset: "root", components: [1, 2, 3], value: 0 },
          { nset: "tip", components: [1], value: 0.0123456789 },
        ],
        cloads: [],
        pressures: [],
      },
    ],
  };
}
