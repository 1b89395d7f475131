import type { ServerDefinition } from "../server/definition.js";

/** One server instance an HTTP session talks to, and how to release it. */
export interface SessionInstance {
  readonly definition: ServerDefinition;
  readonly close?: () => Promise<void> | void;
}

/**
 * What an HTTP endpoint serves: one definition shared by every client (its tools hold no
 * per-client state), or a factory giving each legacy session its own instance (an engine per
 * agent). 2026-07-28 requests have no session: they share one instance from the factory.
 */
export type HttpServed = ServerDefinition | { readonly openSession: () => Promise<SessionInstance> | SessionInstance };

export function isFactory(served: HttpServed): served is { readonly openSession: () => Promise<SessionInstance> | SessionInstance } {
  return typeof (served as { openSession?: unknown }).openSession === "function";
}
