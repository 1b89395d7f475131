/** The protocol versions spoken, newest (preferred) first. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const PREFERRED_VERSION: ProtocolVersion = PROTOCOL_VERSIONS[0];
/** Requests before `initialize` are served as this era. */
export const OLDEST_VERSION: ProtocolVersion = PROTOCOL_VERSIONS[PROTOCOL_VERSIONS.length - 1]!;

/** The first version with `structuredContent`/`outputSchema`, and without JSON-RPC batches. */
const STRUCTURED_SINCE = "2025-06-18";

/** Echoes a spoken version, else answers the preferred one; never fails. */
export function negotiateVersion(requested: unknown): ProtocolVersion {
  return typeof requested === "string" && (PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? (requested as ProtocolVersion)
    : PREFERRED_VERSION;
}

/** Whether `structuredContent` and `outputSchema` exist in this version (dates compare as strings). */
export function supportsStructured(version: string): boolean {
  return version >= STRUCTURED_SINCE;
}

/** Whether JSON-RPC batches exist in this version (removed in 2025-06-18). */
export function supportsBatches(version: string): boolean {
  return version < STRUCTURED_SINCE;
}
