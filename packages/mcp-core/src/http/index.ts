export { serveHttp, type HttpServeOptions, type HttpEndpoint } from "./serve-http.js";
export { runHttp } from "./run-http.js";
export type { HttpServed, SessionInstance } from "./served.js";
export { parseListenAddress, resolveHttpToken, type ListenAddress } from "./listen-address.js";
export { provideHttpAuth, type HttpAuth, type HttpAuthRequest } from "./token.js";
export { isLoopbackHost } from "./loopback.js";
export { decodeHeaderValue } from "./modern-headers.js";
