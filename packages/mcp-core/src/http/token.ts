import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isLoopbackHost } from "./loopback.js";
import { resolveHttpToken, type ListenAddress } from "./listen-address.js";

/** How a binary's HTTP mode authenticates: a bearer token (given or generated), or none (asked for explicitly). */
export type HttpAuth =
  | { readonly token: string; readonly unauthenticated?: undefined; readonly notice?: string }
  | { readonly token?: undefined; readonly unauthenticated: true; readonly notice: string };

export interface HttpAuthRequest {
  readonly address: ListenAddress;
  /** `--http-token-file FILE`: the token is read from it. */
  readonly tokenFile?: string;
  /** `--http-no-auth`: serve without a token (loopback only). */
  readonly noAuth?: boolean;
  /** The binary's name: the generated file's folder and the notice start with it. */
  readonly name: string;
}

/**
 * HTTP is authenticated by default, on loopback too: any local user can reach a loopback port. The
 * token is read from `--http-token-file`, else made here (32 random bytes), written to a 0600 file
 * in a fresh 0700 folder (removed at exit) and told on stderr by the caller via `notice`, never stdout.
 */
export function provideHttpAuth(request: HttpAuthRequest): HttpAuth | { readonly error: string } {
  const { address, tokenFile, noAuth, name } = request;
  if (noAuth === true) {
    if (tokenFile !== undefined) return { error: "--http-no-auth and --http-token-file contradict each other; give one" };
    if (!isLoopbackHost(address.host)) return { error: `--http-no-auth is for loopback binds only; ${address.host} is reachable from other machines` };
    return { unauthenticated: true, notice: `${name}: serving HTTP WITHOUT authentication (--http-no-auth): any process on this computer can use it` };
  }
  if (tokenFile !== undefined) {
    const read = resolveHttpToken(address, tokenFile);
    if ("error" in read) return read;
    return { token: read.token! };
  }
  if (!isLoopbackHost(address.host)) return resolveHttpToken(address, undefined) as { error: string }; // other machines: the operator's own token file
  const token = randomBytes(32).toString("hex");
  let file: string;
  try {
    const dir = mkdtempSync(join(tmpdir(), `${name}-`)); // 0700, an unguessable name: no other user can squat or read it
    file = join(dir, "http-token");
    writeFileSync(file, token + "\n", { mode: 0o600, flag: "wx" });
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  } catch (error) {
    return { error: `cannot write the generated HTTP token (${(error as Error).message}); give --http-token-file FILE` };
  }
  return {
    token,
    notice: `${name}: HTTP bearer token ${token} (also in ${file}, mode 0600; clients send "Authorization: Bearer <token>")`,
  };
}
