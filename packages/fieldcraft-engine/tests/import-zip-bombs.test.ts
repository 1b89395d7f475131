// Zip bombs in 3MF (issue 33): a few megabytes that inflate to gigabytes are refused after at most the cap's
// bytes, however the archive states its sizes (honestly, not at all behind a data descriptor, or in a zip64
// extra field with a lie), with the process's memory bounded and the model unchanged. The caps count the bytes
// as they come out of the inflater, not what the headers say.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { IMPORT_LIMITS, read3mf } from "../src/geometry/import/index.js";
import { ok, refused } from "./session-helpers.js";
import { tetraItemsXml } from "./support/threemf-items.js";
import { repeatedDeflate, zipEntry, type SizeStyle } from "./support/zip-bombs.js";

const MIB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), "fc-bombs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PREFIX = '<?xml version="1.0" encoding="UTF-8"?><model unit="millimeter" xmlns="http://schemas.microsoft.com/3dmanufacturing/core/2015/02"><resources>';
// Well-formed XML (so the parser never stops it first): 1 MiB of empty elements with a 1000-character attribute.
const TAGS = Buffer.from(`<a b="${"x".repeat(1000)}"/>`.repeat(Math.floor(MIB / 1009)));

describe("a 3MF whose model part states its sizes each way", () => {
  for (const style of ["declared", "data-descriptor", "zip64"] as const) {
    it(`imports when honest (${style}), read in slices`, async () => {
      // Stored (level 0) blocks, ~35 KB: the entry's data crosses several of the reader's 16 KiB slices.
      const packed = repeatedDeflate(tetraItemsXml(600), new Uint8Array(0), 0, 0);
      expect(packed.data.length).toBeGreaterThan(2 * 16 * 1024);
      const file = path.join(dir, `honest-${style}.3mf`);
      writeFileSync(file, zipEntry("3D/3dmodel.model", packed.data, packed.inflated, style));
      const r = await ok(createSession(), "geometry.import.mesh", { path: file, name: "T" });
      expect(r.bodies).toHaveLength(600);
      for (const b of r.bodies) expect(b.volume).toBeCloseTo(1 / 6, 12);
    });
  }
});

describe("a 3MF whose model part is a zip bomb", () => {
  // 2.5 GiB of zeros from ~2.6 MB (the attack), sizes said three ways.
  const zeros = repeatedDeflate("", new Uint8Array(MIB), 2560);
  const cases: [SizeStyle, number, RegExp][] = [
    ["declared", zeros.inflated, /declares 2684354560 bytes inflated, above the import cap of 256 MiB per part/],
    ["data-descriptor", zeros.inflated, /inflates more than 200 times its compressed size \(the import cap on the ratio/],
    ["zip64", 1000, /inflates more than 200 times its compressed size \(the import cap on the ratio/],
  ];
  for (const [style, claimed, reason] of cases) {
    it(`is refused quickly with sizes ${style}, memory bounded, model unchanged`, async () => {
      expect(zeros.data.length).toBeLessThan(3 * MIB);
      const file = path.join(dir, `zeros-${style}.3mf`);
      writeFileSync(file, zipEntry("3D/3dmodel.model", zeros.data, Math.min(claimed, 0xffffffff), style));
      const s = createSession();
      await ok(s, "file.sample", { name: "stepped-block" });
      const before = s.digest();
      const rss = process.memoryUsage().rss;
      const t0 = performance.now();
      const out = await refused(s, "geometry.import.mesh", { path: file });
      expect(out.error).toMatch(reason);
      expect(out.error).toContain(`zeros-${style}.3mf`);
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(process.memoryUsage().rss - rss).toBeLessThan(300 * MIB);
      expect(s.digest()).toBe(before);
    });
  }

  it("well-formed XML past the size cap is refused at the cap, measured as it inflates (no size declared)", async () => {
    const bomb = repeatedDeflate(PREFIX, TAGS, 600); // ~600 MiB of valid XML
    const bytes = zipEntry("3D/3dmodel.model", bomb.data, 0, "data-descriptor");
    const file = path.join(dir, "tags.3mf");
    writeFileSync(file, bytes);
    // Through the session: the default ratio cap stops it first.
    const s = createSession();
    const out = await refused(s, "geometry.import.mesh", { path: file });
    expect(out.error).toMatch(/inflates more than 200 times its compressed size/);
    // With the ratio cap out of the way, the size cap stops it at its bytes, not at the archive's 600 MiB.
    const rss = process.memoryUsage().rss;
    const r = read3mf(bytes, { ...IMPORT_LIMITS, maxRatio: Number.POSITIVE_INFINITY, maxEntryBytes: 16 * MIB, maxTotalInflated: 16 * MIB });
    expect(r).toMatchObject({ ok: false });
    expect(r.ok ? "" : r.error).toMatch(/inflates past 16 MiB, above the import cap.*refused after inflating (\d+) bytes/);
    const inflated = Number(/after inflating (\d+) bytes/.exec(r.ok ? "" : r.error)![1]);
    expect(inflated).toBeGreaterThan(16 * MIB);
    expect(inflated).toBeLessThan(16 * MIB + 17 * MIB); // at most one slice's worth past the cap
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * MIB);
  }, 30_000);

  it("a text run longer than the cap is refused without holding it whole", () => {
    const bomb = repeatedDeflate(PREFIX + "<!--", Buffer.alloc(MIB, 0x20), 64);
    const r = read3mf(zipEntry("3D/3dmodel.model", bomb.data, bomb.inflated, "declared"), { ...IMPORT_LIMITS, maxRatio: Number.POSITIVE_INFINITY });
    expect(r.ok ? "" : r.error).toMatch(/longer than 4194304 characters, above the import cap/);
  });
});
