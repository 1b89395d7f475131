export {
  PROTOCOL_VERSIONS, PREFERRED_VERSION, OLDEST_VERSION, negotiateVersion, supportsStructured, supportsBatches,
  type ProtocolVersion,
} from "./versions.js";
export {
  MODERN_VERSIONS, SUPPORTED_VERSIONS, META, MODERN_ERRORS, REMOVED_IN_MODERN, LOG_LEVELS, logRank, eraOf,
  unsupportedVersionError, type ModernVersion, type LogLevel, type RequestEra,
} from "./modern.js";
