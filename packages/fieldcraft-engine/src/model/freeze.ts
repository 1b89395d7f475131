// Freezing the JSON part of a model after each change turns an accidental in-place edit into an exception
// (caught, and the model stays as it was) instead of silent corruption. Typed arrays are shared by convention.
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value) || Object.isFrozen(value)) return value;
  if (value instanceof Map || value instanceof Set) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
