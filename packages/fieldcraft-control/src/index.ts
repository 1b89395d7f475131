// @mcp-wrappers/fieldcraft-control: the control channel's protocol, server and client.
export { DEFAULT_LIMITS, DEFAULT_CONTROL_PORT, PROTOCOL_VERSION, type ControlLimits } from "./protocol/limits.js";
export { CHANNEL_ERRORS, type ChannelErrorCode } from "./protocol/errors.js";
export { parseRequestLine, encodeFrame, channelError, type ControlRequest, type ReplyFrame, type ProgressFrame, type RequestId } from "./protocol/frames.js";
export type { ServedSession, CommandInfo, CommandOutcome, ExecuteOptions, ProgressUpdate } from "./protocol/session.js";
export { commandInfoSchema, describeReplySchema, parseDescribeReply, type DescribeReply } from "./protocol/catalogue.js";
export { generateToken, isWellFormedToken, tokensEqual, readTokenFile } from "./auth/token.js";
export { defaultPortFileDir, defaultPortFilePath, readPortFile, writePortFile, removePortFile, type PortFile } from "./auth/port-file.js";
export { loopbackHost, isLoopbackAddress, parseHostPort } from "./net/loopback.js";
export { startControlServer, type ControlServer, type ControlServerOptions } from "./server/control-server.js";
export { CHANNEL_METHODS, type AppIdentity } from "./server/methods.js";
export { ControlClient, type ControlClientOptions, type CallOptions } from "./client/control-client.js";
export { connectToApp, type ConnectOptions } from "./client/connect.js";
export type { CallOutcome, CallFailure } from "./client/outcome.js";
