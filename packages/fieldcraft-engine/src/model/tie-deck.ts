// Tied interfaces of the mesh as the decks take them: slave nodes with their interpolation and both sides' facets.
// A tie with an empty side would be a *TIE that ties nothing: the deck write is refused, naming it.
import type { DeckTie } from "../decks/types.js";
import type { Mesh } from "../mesh/types.js";
import { ModelError } from "./errors.js";

export function deckTies(mesh: Mesh): DeckTie[] {
  const facetsOf = (tags: { body: string; face: string }[]) => {
    const t = new Set(tags.map((tag) => mesh.faceTags.findIndex((x) => x.body === tag.body && x.face === tag.face)));
    const out: DeckTie["masterFacets"] = [];
    for (let f = 0; f < mesh.boundary.tag.length; f++) if (t.has(mesh.boundary.tag[f])) out.push({ element: mesh.boundary.element[f], side: mesh.boundary.side[f] });
    return out;
  };
  const faces = (tags: { body: string; face: string }[]) => tags.map((t) => `${t.body}:${t.face}`).join(", ") || "(none)";
  return (mesh.ties ?? []).map((t) => {
    const tie = { name: t.name, slaves: t.slaves, masters: t.masters, weights: t.weights, masterFacets: facetsOf(t.master), slaveFacets: facetsOf(t.slave) };
    const empty = [tie.slaves.length === 0 && "slave nodes", tie.slaveFacets.length === 0 && "slave surface", tie.masterFacets.length === 0 && "master surface"].filter(Boolean);
    if (empty.length > 0)
      throw new ModelError(`tie ${t.name} (slave face ${faces(t.slave)}, master face ${faces(t.master)}) has no ${empty.join(", no ")}, so its deck would tie nothing: remesh the cells (mesh.cells) so the faces meet`);
    return tie;
  });
}
