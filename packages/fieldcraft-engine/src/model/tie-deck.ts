// Tied interfaces of the mesh as the decks take them: slave nodes with their interpolation and both sides' facets.
import type { DeckTie } from "../decks/types.js";
import type { Mesh } from "../mesh/types.js";

export function deckTies(mesh: Mesh): DeckTie[] {
  const facetsOf = (tags: { body: string; face: string }[]) => {
    const t = new Set(tags.map((tag) => mesh.faceTags.findIndex((x) => x.body === tag.body && x.face === tag.face)));
    const out: DeckTie["masterFacets"] = [];
    for (let f = 0; f < mesh.boundary.tag.length; f++) if (t.has(mesh.boundary.tag[f])) out.push({ element: mesh.boundary.element[f], side: mesh.boundary.side[f] });
    return out;
  };
  return (mesh.ties ?? []).map((t) => ({ name: t.name, slaves: t.slaves, masters: t.masters, weights: t.weights, masterFacets: facetsOf(t.master), slaveFacets: facetsOf(t.slave) }));
}
