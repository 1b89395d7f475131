/** @mcp-wrappers/mcp-core/testing: drive any stdio MCP server by raw lines and check it against the rules. */
export { RawDriver, isReplyTo, type RpcMessage, type SpawnSpec, type ExitStatus } from "./raw-driver.js";
export {
  conformanceCases, runConformance,
  type ConformanceCase, type ConformanceOptions, type TestRegistrar, type ToolCallSpec, type SlowToolSpec, type InvalidArgumentsSpec,
} from "./conformance/index.js";
export { HttpServerProcess, type HttpSpawnSpec } from "./http-process.js";
export { ModernHttpClient, ModernStdioClient, modernRequest, MODERN_VERSION, type ModernReply, type ModernCallOptions } from "./modern-client.js";
export { OFFICIAL_SCENARIOS, officialSuite, runOfficialScenario, type OfficialScenario, type OfficialOutcome, type OfficialCheck } from "./official-conformance.js";
export { runOfficialConformance, officialScenarioApplies, type OfficialOptions, type OfficialRegistrar } from "./official-registration.js";
