// A 3MF of many build items (issue 33): 8,000 tetrahedra import (the nesting test no longer compares every shell
// with every other), each a body of the closed-form volume 1/6; a cancel raised mid-import is answered as a
// cancellation within a fraction of the import's time, the model unchanged. Timing scales: bench/import-items.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { CancelledError, withCancelScope } from "../src/fem/cancel-scope.js";
import { read3mf } from "../src/geometry/import/index.js";
import { ok } from "./session-helpers.js";
import { tetraItems3mf } from "./support/threemf-items.js";

const dir = mkdtempSync(path.join(tmpdir(), "fc-items-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, "items-8000.3mf");
writeFileSync(file, tetraItems3mf(8000));

/** A signal that turns aborted at a deadline, read at the import's check points as another thread's flag would be. */
function deadlineSignal(ms: number) {
  const deadline = performance.now() + ms;
  const signal = new AbortController().signal;
  Object.defineProperty(signal, "aborted", { get: () => performance.now() >= deadline });
  return { signal, deadline };
}

describe("a 3MF of 8,000 build items", () => {
  it("imports as 8,000 bodies of volume 1/6 each", async () => {
    const s = createSession();
    const r = await ok(s, "geometry.import.mesh", { path: file, name: "T" });
    expect(r.bodies).toHaveLength(8000);
    expect(r.triangles).toBe(4 * 8000);
    for (const b of r.bodies) expect(b.volume).toBeCloseTo(1 / 6, 12);
  }, 60_000);

  it("answers a cancel raised mid-import as cancelled, promptly, with the model unchanged", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    const before = s.digest();
    const { signal, deadline } = deadlineSignal(300);
    const out = await s.execute("geometry.import.mesh", { path: file }, { signal });
    const late = performance.now() - deadline;
    expect(out).toMatchObject({ ok: false });
    expect(out.ok ? "" : out.error).toMatch(/geometry\.import\.mesh: cancelled/);
    expect(late).toBeLessThan(1000);
    expect(s.digest()).toBe(before);
  }, 60_000);

  it("stops at a cancel seen while inflating as a cancellation, not as a damaged archive", () => {
    const aborted = AbortSignal.abort();
    expect(() => withCancelScope(aborted, () => read3mf(tetraItems3mf(10)))).toThrow(CancelledError);
  });
});
