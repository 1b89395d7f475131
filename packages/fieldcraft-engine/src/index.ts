// @mcp-wrappers/fieldcraft-engine: the headless FieldCraft engine. Hosts create a session and run commands.
// This entry lists what hosts (the app, the MCP server, the control channel) use, by name; the engine's parts
// (geometry, mesher, solver, renderer, decks) are reached through commands, and tests import them by path.

// The contracts (src/base) and the session.
export type { CommandInfo, CommandOutcome, ExecuteOptions } from "./base/contracts.js";
export type { FileAccess } from "./base/file-access.js";
export { DEFAULT_CAPS, type Caps } from "./base/caps.js";
export type { EngineSession } from "./session/types.js";
export { createSession, type Session, type SessionOptions, type ChangeEvent } from "./session/session.js";
export { openFileAccess } from "./session/file-access.js";

// The command machinery, for hosts that add rows of their own (the app's ui.* commands).
export { defineCommand, type AnyCommandRow, type CommandContext, type CommandEffects, type CommandResult, type CommandRow, type ViewState } from "./commands/types.js";
export { bytes, vec3 } from "./commands/result-parts.js";
export { COMMANDS } from "./commands/registry.js";
export { commandInfo, commandSchema, commandResultSchema } from "./commands/catalogue.js";
export { modelScene, type ResultsRequest } from "./commands/ui/scene.js";
export { modelAnimation, type ModelAnimation, type AnimationEntry } from "./commands/ui/animation.js";
export { REQUIREMENTS, missingRequirements, requirementProvider, type Requirement } from "./commands/requirements.js";

// The model value a session holds (hosts read it: the app's selection, status line and picking).
export type {
  Model,
  Definitions,
  DefinitionKind,
  SetDefinition,
  MaterialDefinition,
  SectionDefinition,
  BoundaryConditionDefinition,
  LoadDefinition,
  StepDefinition,
  GeometryMember,
  DesignState,
  MeshState,
  MeshParameters,
  StepResult,
} from "./model/types.js";
export { UNIT_SYSTEMS, UNIT_SYSTEM_IDS, DIMENSIONS, unitSystem, type Dimension, type UnitSystem, type UnitSystemId } from "./model/units.js";
export { modelDigest } from "./model/digest.js";
export { ModelError } from "./model/errors.js";
export { resolveSet, type ResolvedSet } from "./model/sets.js";
export { checkModel, type CheckReport } from "./model/check.js";

// Reading a mesh and a picture's frame (the app's picking and highlighting).
export { NODES_PER_ELEMENT, TET_FACE_CORNERS, TET10_FACE_MIDS, meshFamily, nodeCount, elementCount, type Mesh, type ElementType } from "./mesh/types.js";
export { facetNodes } from "./fem/loads.js";
export { viewBasis, STANDARD_VIEWS, type CameraState, type StandardView } from "./render/camera.js";
export { COLORS, DEFAULT_BANDS, bandColors } from "./render/palette.js";
export { SYMBOL_COLORS, DEFAULT_MAX_GLYPHS, spreadSample, type SymbolDef } from "./render/symbols.js";

// What the 3D viewer draws from (packages/fieldcraft-viewer builds its scene from the same surfaces and
// symbol rules as the CPU renderer, so the two pictures agree).
export { meshSurface, designSurface, type Surface } from "./render/surface.js";
export { AUTO_DEFORMATION_FRACTION } from "./render/render.js";
export { uiSelectCommand, uiSelectionCommand, currentSelection } from "./commands/ui/select.js";
export { combine, isEmpty, normalise, setParams, EMPTY_SELECTION, type Selection, type SelectMode, type ElementFace } from "./selection/state.js";
export { selectionReport, selectionReportResult, elementFaceNodes } from "./selection/report.js";
export { problems as selectionProblems } from "./selection/validate.js";
