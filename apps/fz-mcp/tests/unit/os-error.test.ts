import { describe, expect, test } from "vitest";
import { describeSpawnError } from "../../src/runner/os-error.js";

describe("describeSpawnError", () => {
  const errno = (code: string, message = `spawn x ${code}`) => Object.assign(new Error(message), { code });
  test.each([
    [errno("ENOENT"), "No such file or directory (ENOENT)"],
    [errno("EACCES"), "Permission denied (EACCES)"],
    [errno("E2BIG"), "Argument list too long (E2BIG)"],
    [errno("EWEIRD", "something odd"), "something odd"],
    [new Error("plain"), "plain"],
    ["a string", "a string"],
  ])("%s → %s", (error, text) => {
    expect(describeSpawnError(error)).toBe(text);
  });
});
