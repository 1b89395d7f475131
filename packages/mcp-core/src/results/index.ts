export type {
  ToolResult, ContentBlock, ContentAnnotations, TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource, ResourceContents,
} from "./types.js";
export { textResult, errorResult, jsonResult, envelopeResult, imageResult, bytesAsBase64, type ResultOptions } from "./helpers.js";
export { gateResult } from "./gate.js";
export {
  jsonResultParts, jsonTextResultParts, partsTransferList, preserializedResult, PreserializedResult, type SerializedResultParts, type PartsOptions,
} from "./preserialized.js";
