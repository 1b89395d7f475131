// Command rows build their parameter schemas from the model's schema parts.
export * from "../model/schema-parts.js";
