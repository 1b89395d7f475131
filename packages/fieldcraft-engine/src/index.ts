// @mcp-wrappers/fieldcraft-engine: the headless FieldCraft engine. Hosts create a session and run commands.
export type { CommandInfo, CommandOutcome, ExecuteOptions } from "./base/contracts.js";
export type { FileAccess } from "./base/file-access.js";
export type { EngineSession } from "./session/types.js";
export { createSession, type Session, type SessionOptions, type ChangeEvent } from "./session/session.js";
export { DEFAULT_CAPS, type Caps } from "./base/caps.js";
export { openFileAccess } from "./session/file-access.js";

// The command machinery, for hosts that add rows of their own (the app's ui.* commands).
export { defineCommand, type AnyCommandRow, type CommandContext, type CommandEffects, type CommandResult, type CommandRow, type ViewState } from "./commands/types.js";
export { COMMANDS } from "./commands/registry.js";
export { commandInfo, commandSchema } from "./commands/catalogue.js";
export { REQUIREMENTS, missingRequirements, type Requirement } from "./commands/requirements.js";

// The model value.
export * from "./model/types.js";
export { UNIT_SYSTEMS, UNIT_SYSTEM_IDS, DIMENSIONS, unitSystem, type Dimension, type UnitSystem, type UnitSystemId } from "./model/units.js";
export { modelDigest } from "./model/digest.js";
export { ModelError } from "./model/errors.js";
export { resolveSet, type ResolvedSet } from "./model/sets.js";
export { checkModel, type CheckReport } from "./model/check.js";

// The engine's parts, for hosts and tests that use them directly.
export * from "./geometry/index.js";
export * from "./mesh/index.js";
export * from "./fem/index.js";
export * from "./render/index.js";
export type * from "./decks/types.js";
export { writeAbaqusDeck, ALL_NODES_SET, type AbaqusDeckOptions, type AbaqusSolver } from "./decks/abaqus.js";
export { writeNastranDeck, type NastranDeckOptions } from "./decks/nastran.js";
export { writeLsDynaDeck, type LsDynaDeckOptions } from "./decks/lsdyna.js";
export { deckModel } from "./model/deck-model.js";
export { staticProblem } from "./model/problem.js";
export { DECK_WRITERS, type DeckWriterRow } from "./commands/deck/writers.js";
export { SAMPLES, type SampleRow } from "./files/samples/index.js";
export { FILE_FORMAT, serializeModel, parseModelFile } from "./files/fieldcraft-file.js";
