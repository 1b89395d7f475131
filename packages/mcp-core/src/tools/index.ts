export { tool, type ToolSpec, type ToolRow, type ToolAnnotations, type Validation } from "./tool.js";
export type { ToolContext, Progress } from "./context.js";
export { zodToJsonSchema, closeObject, clientSafeSchema, schemaShapeProblems, type JsonSchemaObject } from "./json-schema.js";
export { describeIssues } from "./argument-errors.js";
