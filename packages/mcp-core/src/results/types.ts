import type { ContentBlock } from "@modelcontextprotocol/sdk/types.js";

export type { ContentBlock };

/** What a tool returns: content blocks, an error flag and, from 2025-06-18, structured content. */
export interface ToolResult {
  content: ContentBlock[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}
