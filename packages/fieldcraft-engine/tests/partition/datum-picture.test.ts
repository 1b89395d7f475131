// Datum planes in pictures when asked (ui.render {datums: true}): the same camera renders the design with and
// without them; the PNGs are decoded and compared. Where the plane's section of the part projects, the picture
// is tinted toward the datum's colour (a translucent fill); every pixel that changed lies where the plane (over
// the model's extent) projects; the outline and name are drawn in the datum's own colour.
// The projection is recomputed here from the camera the reply reports (yaw 0 looks along +Y, pitch is the
// elevation, orthographic at pixels_per_unit around the target), not taken from the renderer.
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { DATUM_COLOR, DATUM_FILL } from "../../src/render/index.js";
import { pixel, readPicture, same } from "../support/render-pixels.js";
import { ok } from "../session-helpers.js";
import { writeDesign } from "./fixtures.js";

const beam = [{ name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }];

function projector(info: { width: number; height: number; pixels_per_unit: number; camera: { yaw: number; pitch: number; target: number[] } }) {
  const y = (info.camera.yaw * Math.PI) / 180, p = (info.camera.pitch * Math.PI) / 180;
  const dir = [Math.sin(y) * Math.cos(p), Math.cos(y) * Math.cos(p), -Math.sin(p)];
  const right = [Math.cos(y), -Math.sin(y), 0];
  const up = [right[1] * dir[2] - right[2] * dir[1], right[2] * dir[0] - right[0] * dir[2], right[0] * dir[1] - right[1] * dir[0]];
  const t = info.camera.target;
  const along = (q: number[], a: number[]) => (q[0] - t[0]) * a[0] + (q[1] - t[1]) * a[1] + (q[2] - t[2]) * a[2];
  return (q: number[]): [number, number] => [info.width / 2 + along(q, right) * info.pixels_per_unit, info.height / 2 - along(q, up) * info.pixels_per_unit];
}

/** Whether pixel centre (x, y) lies in the convex polygon `poly` grown by `pad` pixels. */
function inside(poly: [number, number][], x: number, y: number, pad: number): boolean {
  const cx = poly.reduce((s, q) => s + q[0], 0) / poly.length, cy = poly.reduce((s, q) => s + q[1], 0) / poly.length;
  const sign = Math.sign((poly[1][0] - poly[0][0]) * (cy - poly[0][1]) - (poly[1][1] - poly[0][1]) * (cx - poly[0][0]));
  return poly.every((a, k) => {
    const b = poly[(k + 1) % poly.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return (sign * ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]))) / len >= -pad;
  });
}

describe("datums in pictures", () => {
  it("ui.render {datums: true} draws the plane translucent where it projects, outlined and named, and nothing elsewhere", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(beam) });
    await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
    const plain = await ok(s, "ui.render", { view: "iso", width: 480, height: 360 });
    const drawn = await ok(s, "ui.render", { view: "iso", width: 480, height: 360, datums: true });
    expect(plain.datums).toBeUndefined();
    expect(drawn.datums).toEqual(["mid"]);
    expect(drawn.camera).toEqual(plain.camera);
    const a = readPicture(Buffer.from(plain.png, "base64")), b = readPicture(Buffer.from(drawn.png, "base64"));
    const at = projector(drawn);

    // Inside the section of the part (x = 50, 0 < y, z < 10): tinted, the fill's share of the datum's colour.
    let tinted = 0;
    for (let yy = 1; yy <= 9; yy++)
      for (let zz = 1; zz <= 9; zz++) {
        const [px, py] = at([50, yy, zz]).map(Math.floor);
        const before = pixel(a, px, py), after = pixel(b, px, py);
        if (same(after, DATUM_COLOR)) continue; // the outline or the name
        const expected = before.map((v, c) => (1 - DATUM_FILL) * v + DATUM_FILL * DATUM_COLOR[c]);
        after.forEach((v, c) => expect(Math.abs(v - expected[c])).toBeLessThanOrEqual(1));
        tinted++;
      }
    expect(tinted).toBeGreaterThan(60);

    // Every changed pixel lies where the plane projects over the model's extent (grown by a quarter of the diagonal).
    const g = 0.25 * Math.hypot(100, 10, 10);
    const quad = [[50, -g, -g], [50, 10 + g, -g], [50, 10 + g, 10 + g], [50, -g, 10 + g]].map(at);
    let changed = 0, outline = 0;
    for (let y = 0; y < b.height; y++)
      for (let x = 0; x < b.width; x++) {
        if (same(pixel(a, x, y), pixel(b, x, y))) continue;
        changed++;
        if (same(pixel(b, x, y), DATUM_COLOR)) outline++;
        expect(inside(quad, x + 0.5, y + 0.5, 2), `pixel ${x},${y} changed away from the plane`).toBe(true);
      }
    expect(changed).toBeGreaterThan(tinted);
    expect(outline).toBeGreaterThan(100);
    // The part's two ends, far from the plane and outside its projection, are untouched.
    for (const end of [[0, 5, 5], [100, 5, 5]]) {
      const [px, py] = at(end).map(Math.floor);
      if (!inside(quad, px + 0.5, py + 0.5, 4)) expect(pixel(b, px, py)).toEqual(pixel(a, px, py));
    }
  });
});
