// The renderer's public face: pure functions over plain data, used by the `ui.*` commands.
export * from "./camera.js";
export { renderScene, AUTO_DEFORMATION_FRACTION, type Scene, type SceneField, type RenderInfo } from "./render.js";
export { bandColors, COLORS, DEFAULT_BANDS, MIN_BANDS, MAX_BANDS } from "./palette.js";
export { SYMBOL_COLORS, DEFAULT_MAX_GLYPHS, spreadSample, type SymbolDef, type SymbolReport } from "./symbols.js";
// The drawn surface, for viewers that draw it themselves (the web viewer extracts it on the server).
export { meshSurface, designSurface, type Surface } from "./surface.js";
export { encodePng, decodePng } from "./encode.js";
export { formatLegendValue } from "./legend.js";
export type { FrameBuffer, Rgb } from "./raster.js";
export { revolveScene } from "./revolve.js";
export { sampleArrows, VECTOR_COLOR, DEFAULT_MAX_ARROWS, type SceneVectors, type VectorArrow } from "./vectors.js";
export { datumQuad, DATUM_COLOR, DATUM_FILL, type SceneDatum } from "./datums.js";
