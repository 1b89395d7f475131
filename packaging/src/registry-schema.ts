// The MCP Registry's server.json schema (vendored, see fixtures/mcp-registry/README.md) as an ajv validator.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";
import { REPO_ROOT } from "./workspace.js";

export const SCHEMA_PATH = join(REPO_ROOT, "packaging", "fixtures", "mcp-registry", "server.schema.json");

// ajv-formats is CommonJS with a default export; under nodenext its callable sits on `.default`.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

export function serverJsonValidator(): (data: unknown) => { ok: true } | { ok: false; errors: string[] } {
  const schema = JSON.parse(readFileSync(SCHEMA_PATH, "utf8")) as Record<string, unknown>;
  // strict:false — the registry's schema carries OpenAPI's `example` keyword, which ajv's strict mode refuses.
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const validate = ajv.compile(schema);
  return (data) =>
    validate(data)
      ? { ok: true }
      : { ok: false, errors: (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || "/"} ${e.message ?? ""}`) };
}
