import type { IssueStyle } from "./style.js";

/** What the raw input holds at a path; `present` is false for a missing (or undefined) member. */
export function lookup(raw: unknown, path: readonly PropertyKey[]): { present: boolean; value?: unknown } {
  let current: unknown = raw;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !Object.prototype.hasOwnProperty.call(current, key)) {
      return { present: false };
    }
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { present: current !== undefined, value: current };
}

/** `params.geometry[0].face`, `bodies[0] ("Plate").features[1]`, or the root's name for the whole value. */
export function formatPath(path: readonly PropertyKey[], raw: unknown, style: IssueStyle): string {
  let out = style.rootInPath ? style.root : "";
  let node: unknown = raw;
  for (const key of path) {
    const next = node !== null && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined;
    if (typeof key === "number") {
      out += `[${key}]`;
      if (style.labelItems) out += itemLabel(next);
    } else out += out === "" ? String(key) : `.${String(key)}`;
    node = next;
  }
  return out === "" ? style.root : out;
}

function itemLabel(item: unknown): string {
  if (item === null || typeof item !== "object") return "";
  const label = (item as Record<string, unknown>).name ?? (item as Record<string, unknown>).id;
  return typeof label === "string" ? ` (${JSON.stringify(label)})` : "";
}
