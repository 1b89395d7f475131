// Caps of the importers: a hostile file is refused by these before it can exhaust memory.
export const IMPORT_LIMITS = {
  /** Most triangles one file may hold (declared or read), after components are instantiated. */
  maxTriangles: 5_000_000,
  /** Most vertices one 3MF object may list. */
  maxVertices: 5_000_000,
  /** Most entries in a 3MF archive. */
  maxZipEntries: 1_000,
  /**
   * Largest inflated size of one archive entry, and of all of them together, counted as the bytes come out
   * (data-descriptor and zip64 entries declare no size up front).
   */
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalInflated: 256 * 1024 * 1024,
  /** Largest inflated / compressed ratio, measured while inflating, past the first 1 MiB (zip bombs run to 1000s). */
  maxRatio: 200,
  /** Longest run of text, comment or attribute value the XML parser may hold at once. */
  maxTextChars: 4 * 1024 * 1024,
  /** Most object placements (build items and the components they pull in) one build may instantiate. */
  maxInstances: 1_000_000,
  /** Most objects, components and build items in a 3MF model, and component nesting depth. */
  maxObjects: 100_000,
  maxComponents: 100_000,
  maxDepth: 32,
  /** Longest XML attribute or text run the 3MF reader keeps. */
  maxAttributeChars: 4096,
};

/** A triangle soup: 9 coordinates per triangle, in the file's order. */
export interface Soup {
  coords: Float64Array;
  /** Optional name the file gives (STL `solid` name). */
  name?: string;
}
