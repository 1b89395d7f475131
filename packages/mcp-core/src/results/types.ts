// The content shapes of MCP 2025-11-25, written out here so the core has no runtime or type
// dependency on the SDK; they are structurally what the SDK's `ContentBlock` accepts.

/** Optional hints a client may use when showing or routing a block. */
export interface ContentAnnotations {
  audience?: ("user" | "assistant")[];
  priority?: number;
  lastModified?: string;
}

interface BlockBase {
  annotations?: ContentAnnotations;
  _meta?: Record<string, unknown>;
}

export interface TextContent extends BlockBase { type: "text"; text: string }
export interface ImageContent extends BlockBase { type: "image"; data: string; mimeType: string }
export interface AudioContent extends BlockBase { type: "audio"; data: string; mimeType: string }

/** A link to a resource the client may read; not its contents. */
export interface ResourceLink extends BlockBase {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

export type ResourceContents =
  | { uri: string; mimeType?: string; text: string; _meta?: Record<string, unknown> }
  | { uri: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };

export interface EmbeddedResource extends BlockBase { type: "resource"; resource: ResourceContents }

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** What a tool returns: content blocks, an error flag and, from 2025-06-18, structured content. */
export interface ToolResult {
  content: ContentBlock[];
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}
