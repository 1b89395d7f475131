import { describe, expect, test } from "vitest";
import { parseHostPort, parseOptions } from "../../src/cli/options.js";

describe("parseOptions", () => {
  test("headless is the default, with or without the mcp word", () => {
    expect(parseOptions([])).toEqual({ kind: "run", options: { mode: "headless" } });
    expect(parseOptions(["mcp", "--headless"])).toEqual({ kind: "run", options: { mode: "headless" } });
  });
  test("roots as --flag dir and --flag=dir", () => {
    expect(parseOptions(["--automation-read-root", "/r", "--automation-write-root=/r/out"])).toEqual({
      kind: "run",
      options: { mode: "headless", readRoot: "/r", writeRoot: "/r/out" },
    });
  });
  test("--version and -V ask for the version", () => {
    expect(parseOptions(["--version"])).toEqual({ kind: "version" });
    expect(parseOptions(["mcp", "-V"])).toEqual({ kind: "version" });
  });
  test("each flag once", () => {
    const r = parseOptions(["--automation-read-root", "/a", "--automation-read-root=/b"]);
    expect(r).toMatchObject({ kind: "error", error: expect.stringContaining("--automation-read-root is given more than once") });
  });
  test("--connect with a root is an error", () => {
    expect(parseOptions(["--connect", "127.0.0.1:7070", "--automation-write-root", "/r"])).toMatchObject({ kind: "error", error: expect.stringContaining("not be confined") });
  });
  test("--connect parses HOST:PORT", () => {
    expect(parseOptions(["--connect=127.0.0.1:7070"])).toEqual({ kind: "run", options: { mode: "connect", connect: { host: "127.0.0.1", port: 7070 } } });
    expect(parseOptions(["--connect", "7070"])).toMatchObject({ kind: "error", error: expect.stringContaining("HOST:PORT") });
    expect(parseOptions(["--connect", "127.0.0.1:7070", "--headless"])).toMatchObject({ kind: "error" });
  });
  test("unknown flags, missing values and positionals are errors", () => {
    expect(parseOptions(["--verbose"])).toMatchObject({ kind: "error", error: expect.stringContaining("--verbose") });
    expect(parseOptions(["--automation-read-root"])).toMatchObject({ kind: "error" });
    expect(parseOptions(["serve"])).toMatchObject({ kind: "error" });
  });
  test("--help", () => {
    expect(parseOptions(["--help"])).toEqual({ kind: "help" });
    expect(parseOptions(["-h"])).toEqual({ kind: "help" });
  });
});

describe("parseHostPort", () => {
  test.each([
    ["127.0.0.1:7070", { host: "127.0.0.1", port: 7070 }],
    ["localhost:1", { host: "localhost", port: 1 }],
    ["[::1]:7070", { host: "::1", port: 7070 }],
  ])("%s", (value, expected) => expect(parseHostPort(value)).toEqual(expected));
  test.each(["127.0.0.1", ":7070", "127.0.0.1:0", "127.0.0.1:70000", "::1:7070", "a b:1"])("%s is refused", (value) => {
    expect(parseHostPort(value)).toBeNull();
  });
});
