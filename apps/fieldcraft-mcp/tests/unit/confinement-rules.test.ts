import { describe, expect, test } from "vitest";
import { isWithin, POSIX, resolveReal, WIN32, windowsDeviceName, type FsProbe } from "../../src/confinement/index.js";

describe("windowsDeviceName", () => {
  test.each(["CON", "con", "Prn", "AUX", "NUL", "nul.txt", "COM1", "com9.inp", "LPT1", "lpt9.tar.gz", "CON .txt", "conin$", "COM\u00b9"])("%s is a device", (name) => {
    expect(windowsDeviceName(name)).not.toBeNull();
  });
  test.each(["CONSOLE", "COM0", "COM10", "LPT", "nulls.txt", "acon", "x.con", "", "com"])("%s is an ordinary name", (name) => {
    expect(windowsDeviceName(name)).toBeNull();
  });
});

describe("isWithin compares whole components", () => {
  test.each([
    ["/work", "/work", true],
    ["/work", "/work/x", true],
    ["/work", "/work2/x", false],
    ["/work", "/wor", false],
    ["/work/", "/work/a/b", true],
    ["/", "/anything", true],
    ["/work/out", "/work", false],
  ])("posix %s contains %s: %s", (root, candidate, expected) => {
    expect(isWithin(root, candidate, POSIX)).toBe(expected);
  });
  test.each([
    ["C:\\work", "c:\\WORK\\x", true],
    ["C:\\work", "C:\\work2\\x", false],
    ["C:\\work", "D:\\work\\x", false],
    ["C:\\", "C:\\a", true],
  ])("win32 %s contains %s: %s", (root, candidate, expected) => {
    expect(isWithin(root, candidate, WIN32)).toBe(expected);
  });
});

// A Windows file system in memory: the resolver's rules for the other platform, exercised here.
function fakeFs(entries: Record<string, string | true>): FsProbe {
  const key = (p: string) => p.toLowerCase();
  const table = new Map(Object.entries(entries).map(([k, v]) => [key(k), v]));
  return {
    kind: (p) => (table.has(key(p)) ? (table.get(key(p)) === true ? "entry" : "link") : "missing"),
    realpath: (p) => {
      let current = p;
      for (let hops = 0; hops < 40; hops++) {
        const v = table.get(key(current));
        if (v === undefined) return null;
        if (v === true) return current;
        current = v;
      }
      return null;
    },
  };
}

describe("win32 resolution", () => {
  const fs = fakeFs({ "C:\\": true, "C:\\work": true, "C:\\work\\in": true, "C:\\work\\in\\out-link": "C:\\etc", "C:\\etc": true });
  const env = { cwd: "C:\\work\\in", fs, style: WIN32 };
  test("a relative path with forward slashes resolves against the working folder", () => {
    expect(resolveReal("sub/x.inp", env)).toEqual({ ok: true, real: "C:\\work\\in\\sub\\x.inp", exists: false });
  });
  test("device names, streams, device namespaces and drive-relative paths are refused", () => {
    for (const p of ["C:\\work\\NUL", "C:\\work\\com1.inp", "x.inp:stream", "\\\\?\\C:\\work\\x", "\\\\.\\PhysicalDrive0", "C:x.inp", "aux\\x.inp"]) {
      expect(resolveReal(p, env), p).toMatchObject({ ok: false });
    }
  });
  test("a junction-like link out is followed", () => {
    expect(resolveReal("out-link\\x.inp", env)).toMatchObject({ ok: true, real: "C:\\etc\\x.inp" });
  });
});
