// How a value the caller sent is quoted back to them in a problem.

/** Compact JSON, cut at 80 characters so a huge value cannot flood the message. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

/** "the string \"x\"", "the number 3", "an array": what was sent, for a wrong-type problem. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `the string ${show(value)}`;
    case "number":
      return `the number ${value}`;
    case "boolean":
      return `${value}`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/** The article and noun for a zod type name ("an integer", "a string", "an object"). */
export function article(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "object":
    case "array":
      return `an ${expected}`;
    case "tuple":
      return "an array"; // what the caller writes in JSON
    case "undefined":
    case "null":
    case "never":
      return expected;
    default:
      return `a ${expected}`;
  }
}

export function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}
