// What strict clients refuse in a published tool schema, found by walking every subschema: the
// MCP Inspector's `--strict` portability check fails on a bare boolean where a schema belongs
// (`items: false`) and warns on schemas that constrain nothing (`additionalProperties: {}`) and on
// `type` arrays; tuple `prefixItems` is unreadable to draft-07 clients. All of them count here.
export interface ShapeProblem {
  path: string;
  severity: "error" | "warning";
  problem: string;
}

type Node = Record<string, unknown>;

const SINGLE = ["items", "contains", "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems", "propertyNames", "not", "if", "then", "else", "contentSchema"];
const LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAPS = ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions"];
/** Where `true`/`false` is the keyword's ordinary value, not a schema standing in for one. */
const BOOLEAN_VALUED = new Set(["additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems"]);
/** A schema with none of these accepts anything. */
const CONSTRAINING = new Set([
  "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
  "pattern", "format", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties",
  "required", "dependentRequired", "allOf", "anyOf", "oneOf", "not", "items", "prefixItems", "contains", "additionalItems",
  "unevaluatedItems", "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames",
  "dependentSchemas", "$ref", "contentSchema",
]);

const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);

export function shapeProblems(schema: unknown, path = "#", keyword?: string): ShapeProblem[] {
  if (typeof schema === "boolean") {
    if (keyword !== undefined && BOOLEAN_VALUED.has(keyword)) return [];
    return [{ path, severity: "error", problem: `bare ${schema} where a schema object belongs` }];
  }
  if (!isNode(schema)) return [];
  const problems: ShapeProblem[] = [];
  if ("prefixItems" in schema) problems.push({ path, severity: "warning", problem: "prefixItems (a 2020-12 tuple draft-07 clients cannot read)" });
  if (Array.isArray(schema.type)) problems.push({ path, severity: "warning", problem: `type is an array (${JSON.stringify(schema.type)})` });
  if (keyword !== "not" && !Object.keys(schema).some((k) => CONSTRAINING.has(k))) {
    problems.push({ path, severity: "warning", problem: "a schema that constrains nothing (say what the value is)" });
  }
  for (const key of SINGLE) if (key in schema) problems.push(...shapeProblems(schema[key], `${path}/${key}`, key));
  for (const key of LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => problems.push(...shapeProblems(sub, `${path}/${key}/${i}`, key)));
  }
  for (const key of MAPS) {
    const map = schema[key];
    if (isNode(map)) for (const [name, sub] of Object.entries(map)) problems.push(...shapeProblems(sub, `${path}/${key}/${name}`, key));
  }
  return problems;
}
