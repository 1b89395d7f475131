export { exceedsDepth } from "./depth.js";
export { ERRORS, BATCH_REMOVED_HINT, type ErrorName } from "./error-codes.js";
export { classify, type Classified, type RequestId } from "./message.js";
export { resultLine, errorLine, errorJson, notificationLine, resultLinePieces, joinLines, type ErrorBody } from "./serialize.js";
export { parseMessageBytes, PARSE_FAILED } from "./parse-bytes.js";

