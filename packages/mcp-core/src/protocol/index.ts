export {
  PROTOCOL_VERSIONS, PREFERRED_VERSION, OLDEST_VERSION, negotiateVersion, supportsStructured, supportsBatches,
  type ProtocolVersion,
} from "./versions.js";
