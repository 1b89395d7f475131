// The bridged backend (issue 7): `connectBridgedBackend` is a BridgeConnector for openBackend.
export { connectBridgedBackend, type BridgeTarget } from "./connect.js";
export { createBridgedBackend, CAPTURE_PATH_PARAM, type BridgedBackendOptions } from "./backend.js";
export { MAX_PICTURE_BYTES } from "./temp-picture.js";
