import type { HttpServed } from "./served.js";
import { serveHttp, type HttpEndpoint, type HttpServeOptions } from "./serve-http.js";

/**
 * A binary's HTTP mode: listens, says where on stderr (`<name>: listening on http://…/mcp`), and on
 * SIGTERM/SIGINT ends every session and exits 143/130. A bind that fails exits 1 with the reason.
 */
export async function runHttp(served: HttpServed, options: HttpServeOptions): Promise<HttpEndpoint> {
  const name = options.diagnosticName ?? "mcp-core";
  let endpoint: HttpEndpoint;
  try {
    endpoint = await serveHttp(served, options);
  } catch (error) {
    process.stderr.write(`${name}: cannot serve HTTP on ${options.host ?? "127.0.0.1"}:${options.port}: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stderr.write(`${name}: listening on ${endpoint.url}\n`);
  const stop = (code: number) => (): void => {
    // A stop ends within 2 s whatever a session is doing: a close that hangs is cut short.
    const timer = setTimeout(() => process.exit(code), 1_900);
    timer.unref();
    endpoint.close().finally(() => process.exit(code));
  };
  process.once("SIGTERM", stop(143));
  process.once("SIGINT", stop(130));
  process.on("unhandledRejection", (reason) => {
    process.stderr.write(`${name}: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}\n`);
  });
  return endpoint;
}
