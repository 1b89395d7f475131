export { createFileAccess, checkAccess, type AccessCheck } from "./file-access.js";
export { checkRoot, isConfined, type Roots } from "./roots.js";
export { nodeFsProbe, type FsProbe } from "./fs-probe.js";
export { hostPathStyle, POSIX, WIN32, type PathStyle } from "./path-style.js";
export { resolveReal, displayPath, type ResolveEnv } from "./resolve.js";
export { isWithin } from "./within.js";
export { windowsDeviceName } from "./device-names.js";
