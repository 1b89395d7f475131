// Cancellation reaches the solver's preparation (issue 18): a signal raised while the stiffness pattern is built
// and the matrix assembled, or while the multigrid hierarchy is set up, is seen at the next check point
// (fem/cancel-scope.ts) and the solve stops there, leaving no results; stress recovery has check points too.
// The signal here aborts itself at a deadline, as one raised by another thread (fieldcraft-mcp's shared flag) is
// seen: at the next poll, inside synchronous work. Bounds are generous (a loaded 2-core machine).
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { CancelledError, checkCancelled, withCancelScope } from "../src/fem/cancel-scope.js";
import { nodalStress } from "../src/fem/stress.js";
import { ok } from "./session-helpers.js";

/** A signal that turns aborted at `arm(ms)` + ms, remembering where (which code) first saw it aborted. */
function deadlineSignal() {
  let deadline = Number.POSITIVE_INFINITY;
  let seenAt: number | undefined;
  let seenBy = "";
  const controller = new AbortController();
  const signal = controller.signal;
  Object.defineProperty(signal, "aborted", {
    get() {
      if (performance.now() < deadline) return false;
      if (seenAt === undefined) {
        seenAt = performance.now();
        seenBy = new Error().stack ?? "";
      }
      return true;
    },
  });
  return {
    signal,
    arm: (ms: number) => (deadline = performance.now() + ms),
    get deadline() {
      return deadline;
    },
    get seenAt() {
      return seenAt;
    },
    get seenBy() {
      return seenBy;
    },
  };
}

async function solvedModel() {
  const s = createSession({});
  await ok(s, "file.sample", { name: "stepped-block" });
  // ~100,000 DOFs of C3D10: seconds of preparation on a loaded core, a fraction idle.
  await ok(s, "mesh.tet.generate", { body: "Steps", size: 2, order: 2 });
  return s;
}

/** Cancels `ms` after the progress message matching `stage`, and measures until the solve returns. */
async function cancelAt(stage: RegExp, ms: number) {
  const s = await solvedModel();
  const bomb = deadlineSignal();
  const out = await s.execute("solve.static", {}, { signal: bomb.signal, onProgress: (p) => void (stage.test(p.message) && bomb.deadline === Number.POSITIVE_INFINITY && bomb.arm(ms)) });
  const returned = performance.now();
  return { s, out, bomb, stopMs: returned - bomb.deadline, seenMs: (bomb.seenAt ?? Number.NaN) - bomb.deadline };
}

describe("cancel during the solve's preparation", () => {
  it("while the pattern is built and the stiffness assembled: stopped there, no results", async () => {
    const { s, out, bomb, stopMs, seenMs } = await cancelAt(/assembling the stiffness matrix/, 20);
    expect(out.ok).toBe(false);
    expect(out.ok ? "" : out.error).toMatch(/cancel/);
    // The first poll that saw it was in the pattern or the assembly loop, not after them.
    expect(bomb.seenBy).toMatch(/block-csr|assembly/);
    expect(seenMs, `seen ${seenMs} ms after the deadline`).toBeLessThan(1500);
    expect(stopMs).toBeLessThan(3000);
    const probe = await s.execute("solve.probe", { nodes: [1] });
    expect(probe.ok).toBe(false);
  }, 120_000);

  it("while the multigrid hierarchy is set up: stopped inside it", async () => {
    const { out, bomb, seenMs } = await cancelAt(/building the multigrid preconditioner/, 20);
    expect(out.ok).toBe(false);
    expect(out.ok ? "" : out.error).toMatch(/cancel/);
    expect(bomb.seenBy).toMatch(/solvers\/amg|sparse\/csr/);
    expect(seenMs, `seen ${seenMs} ms after the deadline`).toBeLessThan(1500);
  }, 120_000);
});

describe("check points", () => {
  const aborted = AbortSignal.abort();

  it("throw only inside a cancelled command's scope", () => {
    expect(() => checkCancelled()).not.toThrow();
    expect(() => withCancelScope(new AbortController().signal, () => checkCancelled())).not.toThrow();
    expect(() => withCancelScope(aborted, () => checkCancelled())).toThrow(CancelledError);
  });

  it("the scope follows awaits, and two commands in one thread keep their own", async () => {
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const a = withCancelScope(aborted, async () => {
      await tick();
      checkCancelled();
    });
    const b = withCancelScope(new AbortController().signal, async () => {
      await tick();
      checkCancelled();
      return "ran";
    });
    await expect(a).rejects.toThrow(CancelledError);
    await expect(b).resolves.toBe("ran");
  });

  it("stress recovery stops at its check point", () => {
    // One C3D4 element: the check point comes before the first element.
    const mesh = {
      type: "C3D4",
      nodes: Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]),
      elements: Int32Array.from([0, 1, 2, 3]),
      elementBody: Int32Array.from([0]),
      bodies: ["b"],
    } as never;
    const args: Parameters<typeof nodalStress> = [mesh, Int32Array.from([0]), [{ young: 1, poisson: 0.3 }], new Float64Array(12)];
    expect(nodalStress(...args).mises).toHaveLength(4);
    expect(() => withCancelScope(aborted, () => nodalStress(...args))).toThrow(CancelledError);
  });
});
