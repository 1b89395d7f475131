export { defineServer } from "./define-server.js";
export { serveStdio, type ServeOptions, type ServeOutcome } from "./serve-stdio.js";
export { Session, type SessionIO } from "./session.js";
export { routeConsoleToStderr } from "./console.js";
export {
  DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_RESULT_LENGTH,
  type ServerSpec, type ServerDefinition, type ServerPolicies, type ResolvedPolicies, type InvalidArgumentsPolicy,
  type ResourceRow, type ResourceContent, type ResourceContext, type ShutdownReason,
} from "./definition.js";
