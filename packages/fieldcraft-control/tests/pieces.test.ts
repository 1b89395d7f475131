// The pure pieces: request parsing, tokens, loopback rules and the port file.
import { describe, expect, it } from "vitest";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  encodeFrame,
  generateToken,
  isLoopbackAddress,
  isWellFormedToken,
  loopbackHost,
  parseHostPort,
  parseRequestLine,
  readPortFile,
  readTokenFile,
  tokensEqual,
  writePortFile,
} from "../src/index.js";

describe("parseRequestLine", () => {
  it("accepts a request and defaults params to an object", () => {
    expect(parseRequestLine('{"id":3,"method":"model.info"}')).toEqual({
      ok: true,
      request: { id: 3, method: "model.info", params: {}, progress: false },
    });
    expect(parseRequestLine('{"method":"auth","params":{"token":"t"}}')).toMatchObject({ ok: true, request: { id: null, method: "auth" } });
  });
  it("refuses what is not a request, with id null", () => {
    expect(parseRequestLine("GET / HTTP/1.1")).toEqual({ ok: false, code: "parse_error", id: null });
    expect(parseRequestLine('"method"')).toMatchObject({ ok: false, code: "not_a_request", id: null });
    expect(parseRequestLine('{"id":1.5,"method":"x"}')).toMatchObject({ ok: false, code: "not_a_request" });
    expect(parseRequestLine('{"id":1,"method":""}')).toMatchObject({ ok: false, code: "not_a_request" });
  });
  it("keeps the id of a request whose params are not an object", () => {
    expect(parseRequestLine('{"id":"a","method":"x","params":3}')).toEqual({ ok: false, code: "bad_params", id: "a" });
  });
});

describe("tokens", () => {
  it("generates 64 hex digits, different each time", () => {
    const a = generateToken();
    expect(isWellFormedToken(a)).toBe(true);
    expect(generateToken()).not.toBe(a);
  });
  it("compares whole tokens only", () => {
    const t = generateToken();
    expect(tokensEqual(t, t)).toBe(true);
    expect(tokensEqual(t, t.slice(0, 63))).toBe(false);
    expect(tokensEqual(t, t + "0")).toBe(false);
    expect(tokensEqual(t, undefined)).toBe(false);
  });
  it("reads a token file and refuses a malformed one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fc-token-"));
    const t = generateToken();
    await writeFile(join(dir, "good"), `  ${t.toUpperCase()}\n`);
    await writeFile(join(dir, "bad"), "secret\n");
    expect(await readTokenFile(join(dir, "good"))).toEqual({ ok: true, token: t });
    expect(await readTokenFile(join(dir, "bad"))).toMatchObject({ ok: false, error: expect.stringMatching(/64 hexadecimal digits/) });
    expect(await readTokenFile(join(dir, "none"))).toMatchObject({ ok: false, error: expect.stringMatching(/cannot read/) });
  });
});

describe("loopback", () => {
  it("normalises loopback hosts and refuses others", () => {
    expect(loopbackHost("localhost")).toEqual({ ok: true, host: "127.0.0.1" });
    expect(loopbackHost("[::1]")).toEqual({ ok: true, host: "::1" });
    expect(loopbackHost("0.0.0.0").ok).toBe(false);
    expect(loopbackHost("192.168.1.2").ok).toBe(false);
  });
  it("recognises loopback peers", () => {
    expect(isLoopbackAddress("127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(true);
    expect(isLoopbackAddress("::1")).toBe(true);
    expect(isLoopbackAddress("10.0.0.1")).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
  it("parses HOST:PORT", () => {
    expect(parseHostPort("127.0.0.1:7070")).toEqual({ ok: true, host: "127.0.0.1", port: 7070 });
    expect(parseHostPort("[::1]:7071")).toEqual({ ok: true, host: "::1", port: 7071 });
    expect(parseHostPort("example.com:7070").ok).toBe(false);
    expect(parseHostPort("127.0.0.1:99999").ok).toBe(false);
    expect(parseHostPort("127.0.0.1").ok).toBe(false);
  });
});

describe("port file", () => {
  it("is written atomically with mode 0600 and read back", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fc-port-"));
    const path = join(dir, "7070.json");
    const token = generateToken();
    await writePortFile(path, { port: 7070, token, pid: process.pid, host: "127.0.0.1" }, false);
    if (process.platform !== "win32") expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual({ port: 7070, token, pid: process.pid, host: "127.0.0.1" });
    expect(await readPortFile(path)).toEqual({ ok: true, file: { port: 7070, token, pid: process.pid, host: "127.0.0.1" } });
  });
  it("refuses a malformed port file, naming it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fc-port-"));
    const path = join(dir, "x.json");
    await writeFile(path, JSON.stringify({ port: 7070, token: "short", pid: 1 }));
    expect(await readPortFile(path)).toMatchObject({ ok: false, error: expect.stringContaining(path) });
    expect(await readPortFile(join(dir, "none.json"))).toMatchObject({ ok: false, error: expect.stringMatching(/no port file/) });
  });
});

describe("encodeFrame", () => {
  it("writes bytes (pictures) as base64 at the wire edge, once, and anything else as JSON", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const line = encodeFrame({ id: 7, ok: true, result: { png, width: 2, nested: [{ png: png.subarray(4) }] } });
    expect(line.endsWith("\n")).toBe(true);
    expect(JSON.parse(line)).toEqual({ id: 7, ok: true, result: { png: Buffer.from(png).toString("base64"), width: 2, nested: [{ png: "AP8=" }] } });
  });
});
