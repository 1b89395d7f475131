// Caps have one source of truth (DEFAULT_CAPS, normalised once by the session and passed down): the layers
// below take the same defaults, and every cap a session is given reaches the layer that enforces it, whose
// failure names the cap and leaves the model unchanged.
import { statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createSession, DEFAULT_CAPS, type Caps } from "../src/index.js";
import { DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_NODES } from "../src/mesh/options.js";
import { SOLVE_DEFAULTS } from "../src/fem/solve-static.js";
import { STEPS } from "./workflow-fixtures.js";

async function refusedWith(caps: Partial<Caps>, setup: [string, unknown][], command: string, params: unknown): Promise<string> {
  const s = createSession({ caps });
  for (const [c, p] of setup) {
    const out = await s.execute(c, p);
    if (!out.ok) throw new Error(`${c}: ${out.error}`);
  }
  const before = s.digest();
  const out = await s.execute(command, params);
  expect(out.ok, `${command} under ${JSON.stringify(caps)}`).toBe(false);
  expect(s.digest()).toBe(before);
  return (out as { error: string }).error;
}

describe("caps", () => {
  it("has one set of defaults: the mesher's and the solver's are the session's", () => {
    expect(DEFAULT_MAX_ELEMENTS).toBe(DEFAULT_CAPS.maxElements);
    expect(DEFAULT_MAX_NODES).toBe(DEFAULT_CAPS.maxNodes);
    expect(SOLVE_DEFAULTS.maxDofs).toBe(DEFAULT_CAPS.maxDofs);
    expect(SOLVE_DEFAULTS.maxMemoryBytes).toBe(DEFAULT_CAPS.maxMemoryBytes);
    expect(createSession().caps()).toEqual(DEFAULT_CAPS);
    expect(createSession({ caps: { maxDofs: 7 } }).caps()).toEqual({ ...DEFAULT_CAPS, maxDofs: 7 });
  });

  const design: [string, unknown][] = [["geometry.open", { path: STEPS }]];
  const sample: [string, unknown][] = [["file.sample", { name: "stepped-block" }]];
  const cases: { cap: keyof Caps; value: number; setup: [string, unknown][]; command: string; params: unknown }[] = [
    { cap: "maxElements", value: 50, setup: design, command: "mesh.tet.generate", params: { size: 2 } },
    { cap: "maxNodes", value: 50, setup: design, command: "mesh.tet.generate", params: { size: 2 } },
    { cap: "maxDofs", value: 100, setup: sample, command: "solve.static", params: {} },
    { cap: "maxMemoryBytes", value: 1024, setup: sample, command: "solve.static", params: {} },
    { cap: "maxIterations", value: 10, setup: sample, command: "solve.static", params: { max_iterations: 11 } },
    { cap: "maxIterations", value: 1, setup: sample, command: "solve.static", params: {} },
    { cap: "maxProbeNodes", value: 2, setup: [...sample, ["solve.static", {}]], command: "solve.probe", params: { nodes: [1, 2, 3] } },
    { cap: "maxSetIds", value: 2, setup: sample, command: "model.set.create", params: { name: "many", nodes: [1, 2, 3] } },
    { cap: "maxFileBytes", value: statSync(STEPS).size - 1, setup: [], command: "geometry.open", params: { path: STEPS } },
  ];
  for (const c of cases) {
    it(`${c.command} under ${c.cap} = ${c.value}: refused, naming ${c.cap}`, async () => {
      const error = await refusedWith({ [c.cap]: c.value }, c.setup, c.command, c.params);
      expect(error.startsWith(`${c.command}`)).toBe(true);
      expect(error).toContain(c.cap);
    }, 60_000);
  }
});
