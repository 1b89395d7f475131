// A 3MF of `n` build items, each one tetrahedron placed apart from the others (for the import's scaling).
import { zipSync } from "fflate";

export function tetraItems3mf(n: number): Uint8Array {
  return zipSync({ "3D/3dmodel.model": new TextEncoder().encode(tetraItemsXml(n)) }, { level: 6 });
}

/** The model part of `tetraItems3mf`. */
export function tetraItemsXml(n: number): string {
  const items: string[] = [];
  for (let i = 0; i < n; i++) items.push(`<item objectid="1" transform="1 0 0 0 1 0 0 0 1 ${3 * (i % 100)} ${3 * Math.floor(i / 100)} 0"/>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources>' +
    '<object id="1" type="model"><mesh><vertices><vertex x="0" y="0" z="0"/><vertex x="1" y="0" z="0"/><vertex x="0" y="1" z="0"/><vertex x="0" y="0" z="1"/></vertices>' +
    '<triangles><triangle v1="0" v2="2" v3="1"/><triangle v1="0" v2="1" v3="3"/><triangle v1="0" v2="3" v3="2"/><triangle v1="1" v2="2" v3="3"/></triangles></mesh></object>' +
    `</resources><build>${items.join("")}</build></model>`
  );
}
