import { describe, expect, test } from "vitest";
import { PROTOCOL_VERSIONS, negotiateVersion, supportsBatches, supportsStructured } from "../src/protocol/versions.js";

describe("version negotiation", () => {
  test("the four versions, newest first", () => {
    expect(PROTOCOL_VERSIONS).toEqual(["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]);
  });

  test("a spoken version is echoed; anything else gets the preferred one", () => {
    for (const v of PROTOCOL_VERSIONS) expect(negotiateVersion(v)).toBe(v);
    for (const other of ["2025-06-19", "2024-10-07", "", undefined, null, 20250618, {}, ["2025-06-18"]]) {
      expect(negotiateVersion(other)).toBe("2025-11-25");
    }
  });

  test("structured output and batches split at 2025-06-18", () => {
    expect(PROTOCOL_VERSIONS.map(supportsStructured)).toEqual([true, true, false, false]);
    expect(PROTOCOL_VERSIONS.map(supportsBatches)).toEqual([false, false, true, true]);
  });
});
