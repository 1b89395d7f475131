// The "before" of bench/responsive.ts: the same server with its engine session on the protocol's own thread
// (createHeadlessBackend in-process), as fieldcraft-mcp ran before the worker. Bench only, never shipped.
import { serveStdio } from "@mcp-wrappers/mcp-core";
import { createFileAccess, hostPathStyle, nodeFsProbe } from "../src/confinement/index.js";
import { createHeadlessBackend } from "../src/backend/headless.js";
import { fieldcraftServer, SERVER_VERSION } from "../src/server/define.js";

console.log = console.error;
const fileAccess = createFileAccess({}, { cwd: process.cwd(), fs: nodeFsProbe, style: hostPathStyle() });
const backend = createHeadlessBackend(fileAccess, SERVER_VERSION);
await serveStdio(await fieldcraftServer(backend), { diagnosticName: "fieldcraft-mcp-inline" });
