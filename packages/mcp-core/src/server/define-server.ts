import { PROTOCOL_VERSIONS } from "../protocol/versions.js";
import { META, SUPPORTED_VERSIONS } from "../protocol/modern.js";
import type { ToolRow } from "../tools/tool.js";
import {
  DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_RESULT_LENGTH, LIST_TTL_MS,
  type ModernAnswers, type ResolvedPolicies, type ResourceRow, type ServerDefinition, type ServerSpec,
} from "./definition.js";

/** Validates a server declaration and precomputes its fixed answers; throws on a malformed declaration. */
export function defineServer(spec: ServerSpec): ServerDefinition {
  requireText(spec.name, "name");
  requireText(spec.version, "version");
  if (typeof spec.instructions !== "string") throw new Error("server instructions must be a string");
  const policies = resolvePolicies(spec);
  const tools = [...spec.tools];
  const resources = [...(spec.resources ?? [])];
  const toolsByName = uniqueBy(tools, (t) => t.name, "tool name");
  const resourcesByUri = uniqueBy(resources, (r) => r.uri, "resource uri");
  const initializeJson = new Map(
    PROTOCOL_VERSIONS.map((version) => [version, JSON.stringify(initializeResult(spec, version, resources.length > 0))]),
  );
  const toolsStructured = tools.map((t) => publishTool(t, true));
  const publishedResources = resources.map(publishResource);
  return Object.freeze({
    name: spec.name,
    ...(spec.title === undefined ? {} : { title: spec.title }),
    version: spec.version,
    instructions: spec.instructions,
    tools,
    resources,
    policies,
    ...(spec.onShutdown === undefined ? {} : { onShutdown: spec.onShutdown }),
    toolsByName,
    resourcesByUri,
    toolsListJson: {
      structured: JSON.stringify({ tools: toolsStructured }),
      plain: JSON.stringify({ tools: tools.map((t) => publishTool(t, false)) }),
    },
    resourcesListJson: JSON.stringify({ resources: publishedResources }),
    initializeJson,
    modern: modernAnswers(spec, toolsStructured, publishedResources),
  });
}

function resolvePolicies(spec: ServerSpec): ResolvedPolicies {
  const p = spec.policies ?? {};
  const batch = p.batch ?? false;
  if (batch !== false && !(Number.isInteger(batch.maxMessages) && batch.maxMessages > 0)) {
    throw new Error("policies.batch.maxMessages must be a positive integer");
  }
  const maxLineBytes = p.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const maxDepth = p.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!(Number.isInteger(maxLineBytes) && maxLineBytes > 0)) throw new Error("policies.maxLineBytes must be a positive integer");
  if (!(Number.isInteger(maxDepth) && maxDepth > 0)) throw new Error("policies.maxDepth must be a positive integer");
  const maxResultLength = p.maxResultLength ?? DEFAULT_MAX_RESULT_LENGTH;
  if (!(Number.isInteger(maxResultLength) && maxResultLength > 0)) throw new Error("policies.maxResultLength must be a positive integer");
  const invalidArguments = p.invalidArguments ?? "json-rpc-error";
  if (invalidArguments !== "json-rpc-error" && typeof invalidArguments !== "function") {
    throw new Error('policies.invalidArguments must be "json-rpc-error" or a function');
  }
  return Object.freeze({ batch, invalidArguments, maxLineBytes, maxDepth, maxResultLength });
}

function initializeResult(spec: ServerSpec, protocolVersion: string, hasResources: boolean): object {
  const capabilities: Record<string, unknown> = { tools: { listChanged: false } };
  if (hasResources) capabilities.resources = { subscribe: false, listChanged: false };
  const serverInfo: Record<string, unknown> = { name: spec.name };
  if (spec.title !== undefined) serverInfo.title = spec.title;
  serverInfo.version = spec.version;
  return { protocolVersion, capabilities, serverInfo, instructions: spec.instructions };
}

/** The 2026-07-28 answers: every result says `resultType`, lists carry cache hints, `_meta` names the server. */
function modernAnswers(spec: ServerSpec, tools: readonly object[], resources: readonly object[]): ModernAnswers {
  const serverInfo: Record<string, unknown> = { name: spec.name };
  if (spec.title !== undefined) serverInfo.title = spec.title;
  serverInfo.version = spec.version;
  const resultMeta = Object.freeze({ [META.serverInfo]: serverInfo });
  const cache = { ttlMs: LIST_TTL_MS, cacheScope: "public" };
  const capabilities: Record<string, unknown> = { tools: {}, logging: {} };
  if (resources.length > 0) capabilities.resources = {};
  return Object.freeze({
    discoverJson: JSON.stringify({
      resultType: "complete", supportedVersions: SUPPORTED_VERSIONS, capabilities, instructions: spec.instructions, ...cache, _meta: resultMeta,
    }),
    toolsListJson: JSON.stringify({ resultType: "complete", tools, ...cache, _meta: resultMeta }),
    resourcesListJson: JSON.stringify({ resultType: "complete", resources, ...cache, _meta: resultMeta }),
    resultMeta,
    resultMetaTail: ',"_meta":' + JSON.stringify(resultMeta) + "}",
  });
}

function publishTool(row: ToolRow, structured: boolean): object {
  const out: Record<string, unknown> = { name: row.name };
  if (row.title !== undefined) out.title = row.title;
  out.description = row.description;
  out.inputSchema = row.inputSchema;
  if (structured && row.outputSchema !== undefined) out.outputSchema = row.outputSchema;
  out.annotations = row.annotations;
  if (row._meta !== undefined) out._meta = row._meta;
  return out;
}

function publishResource(row: ResourceRow): object {
  const out: Record<string, unknown> = { uri: row.uri, name: row.name };
  if (row.title !== undefined) out.title = row.title;
  if (row.description !== undefined) out.description = row.description;
  out.mimeType = row.mimeType;
  if (row._meta !== undefined) out._meta = row._meta;
  return out;
}

function uniqueBy<T>(rows: readonly T[], key: (row: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    if (map.has(k)) throw new Error(`duplicate ${what}: ${k}`);
    map.set(k, row);
  }
  return map;
}

function requireText(value: unknown, what: string): void {
  if (typeof value !== "string" || value.length === 0) throw new Error(`server ${what} must be a non-empty string`);
}
