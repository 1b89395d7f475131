// Which engine command each enumerated tool argument runs: tables as data, filtered by the catalogue at startup.
export interface Route {
  command: string;
}

/** `mesh.method` → the mesher command. */
export const MESH_METHODS: Readonly<Record<string, Route>> = {
  tet: { command: "mesh.tet.generate" },
  hex: { command: "mesh.hex" },
  hex_sweep: { command: "mesh.hex_sweep" },
  hex_mapped: { command: "mesh.hex_mapped" },
  hex_blocks: { command: "mesh.hex_blocks" },
  cells: { command: "mesh.cells" },
  mirror: { command: "mesh.mirror" },
  block: { command: "mesh.block" },
  planar: { command: "mesh.planar" },
};

/** `solve.analysis` → the solver command. */
export const ANALYSES: Readonly<Record<string, Route>> = {
  static: { command: "solve.static" },
  frequency: { command: "solve.frequency" },
  explicit: { command: "solve.explicit" },
  fluid: { command: "solve.fluid" },
  heat: { command: "solve.heat" },
};

/** `open.path` extension → the command that opens it. */
export const OPENERS: Readonly<Record<string, Route & { kind: "model" | "design" | "mesh" }>> = {
  ".fieldcraft": { command: "file.open", kind: "model" },
  ".solidcraft": { command: "geometry.open", kind: "design" },
  ".3mf": { command: "geometry.import.mesh", kind: "mesh" },
  ".stl": { command: "geometry.import.mesh", kind: "mesh" },
};
