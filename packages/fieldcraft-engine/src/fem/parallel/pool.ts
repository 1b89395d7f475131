// A pool of worker threads that run named kernels over ranges of rows of shared arrays (SharedArrayBuffer
// typed arrays), synchronously: the caller is thread 0 and runs its own range, then waits on an Atomics
// counter for the others. Generic on purpose: a kernel is any row of KERNELS (kernels/index.ts) taking
// (args, lo, hi, ctx); the solver's sparse products, smoother sweeps and Galerkin slices are such rows, and
// another solver adds its own (its element force loop, say) the same way. See the README section "Threads".
//
// Determinism: `run` gives thread t exactly [bounds[t], bounds[t+1]), so the same bounds give the same bits
// whichever thread is fast; `map` hands out tasks dynamically but returns results in task order, so the
// caller combines them in a fixed order.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { CancelledError, cancelRequested, heartbeat } from "../cancel-scope.js";
import { kernelOf, type KernelContext, type KernelName } from "./kernels/index.js";
import { CTRL, CTRL_SLOTS, type Job, type Reply } from "./protocol.js";
import { sharedInt32 } from "./shared.js";

export interface KernelPool {
  /** Threads a job may use, the caller included. */
  readonly threads: number;
  /** Thread t runs KERNELS[kernel](args, bounds[t], bounds[t + 1], ctx) for t < bounds.length - 1; returns when all have. */
  run(kernel: KernelName, args: object, bounds: ArrayLike<number>): void;
  /** Runs tasks 0..count-1 (task i is the range [i, i + 1)) on free threads; the results in task order. */
  map<R>(kernel: KernelName, args: object, count: number): R[];
}

/** How often a caller waiting for its helpers looks at its command's signal. */
const STOP_POLL_MS = 20;

/** Threads the caller may ask for at most, whatever the machine reports. */
export const MAX_THREADS = 64;

/**
 * Threads for a solve: the option when given, else FIELDCRAFT_THREADS, else availableParallelism(); never
 * above `cap` (the session's maxThreads cap). A bad value is an error naming what to fix.
 */
export function resolveThreads(option: number | undefined, cap = MAX_THREADS, env: string | undefined = process.env.FIELDCRAFT_THREADS): { ok: true; threads: number } | { ok: false; error: string } {
  let wanted = option;
  if (wanted === undefined && env !== undefined && env !== "") {
    wanted = Number(env);
    if (!Number.isInteger(wanted) || wanted < 1) return { ok: false, error: `FIELDCRAFT_THREADS must be a whole number of threads >= 1 (got "${env}")` };
  }
  if (wanted === undefined) wanted = availableParallelism();
  if (!Number.isInteger(wanted) || wanted < 1) return { ok: false, error: `threads must be a whole number >= 1 (got ${wanted})` };
  return { ok: true, threads: Math.max(1, Math.min(wanted, cap, MAX_THREADS)) };
}

interface Member {
  worker: Worker;
  jobs: MessagePort;
  replies: MessagePort;
}

/**
 * The worker entry: the bundled file next to dist/index.js, or (running from source: tests, bench) a small
 * module that registers tsx in the worker and imports worker.ts.
 */
function workerEntry(): URL | null {
  const built = new URL("./fem-worker.js", import.meta.url);
  if (built.protocol === "file:" && existsSync(fileURLToPath(built))) return built;
  const source = new URL("./worker.ts", import.meta.url);
  if (source.protocol !== "file:" || !existsSync(fileURLToPath(source))) return null;
  let tsx: string;
  try {
    // The ESM build of tsx's register API sits beside the CommonJS one require() finds.
    tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  } catch {
    return null;
  }
  const code = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(source.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

class Pool implements KernelPool {
  private readonly ctrl = sharedInt32(CTRL_SLOTS);
  private readonly members: Member[] = [];
  private closed = false;

  get threads(): number {
    return this.members.length + 1;
  }

  /** Starts workers until the pool has `size` threads and waits until each has loaded its kernels. */
  async grow(size: number): Promise<string | null> {
    const entry = workerEntry();
    if (!entry) return "the kernel worker file is missing (fem-worker.js next to the engine's index.js)";
    const starting: Promise<string | null>[] = [];
    for (let w = this.members.length; w < size - 1; w++) {
      const jobs = new MessageChannel(), replies = new MessageChannel();
      const worker = new Worker(entry, {
        workerData: { ctrl: this.ctrl, slot: w, jobs: jobs.port2, replies: replies.port1 },
        transferList: [jobs.port2, replies.port1],
        stdout: false,
        stderr: false,
      });
      worker.unref(); // an idle pool never keeps the process alive
      this.members.push({ worker, jobs: jobs.port1, replies: replies.port2 });
      starting.push(
        new Promise((resolve) => {
          worker.once("message", () => resolve(null));
          worker.once("error", (e) => resolve(`a kernel worker failed to start: ${e.message}`));
          worker.once("exit", (code) => resolve(`a kernel worker exited with code ${code} while starting`));
        }),
      );
    }
    const problems = (await Promise.all(starting)).filter((p) => p !== null);
    return problems.length > 0 ? problems[0] : null;
  }

  run(kernel: KernelName, args: object, bounds: ArrayLike<number>): void {
    const parts = bounds.length - 1;
    if (parts > this.threads) throw new Error(`a job for ${parts} threads on a pool of ${this.threads}`);
    this.dispatch({ kernel, args, bounds: Array.from(bounds), count: 0, threads: parts }, parts - 1);
    this.finish(kernel, parts - 1, null, () => kernelOf(kernel)!(args, bounds[0], bounds[1], this.callerContext(parts)));
  }

  map<R>(kernel: KernelName, args: object, count: number, threads = this.threads): R[] {
    const helpers = Math.min(threads - 1, this.members.length, Math.max(0, count - 1));
    const results: R[] = new Array(count);
    Atomics.store(this.ctrl, CTRL.NEXT, 0);
    this.dispatch({ kernel, args, bounds: null, count, threads: helpers + 1 }, helpers);
    this.finish(kernel, helpers, results, () => {
      const ctx = this.callerContext(helpers + 1);
      for (let task = Atomics.add(this.ctrl, CTRL.NEXT, 1); task < count && !ctx.stopped(); task = Atomics.add(this.ctrl, CTRL.NEXT, 1))
        results[task] = kernelOf(kernel)!(args, task, task + 1, ctx) as R;
    });
    return results;
  }

  /** The caller's context: a cancelled command raises the stop word, which the helpers' kernels poll. */
  private callerContext(threads: number): KernelContext {
    return { thread: 0, threads, stopped: () => this.stopIfCancelled() };
  }

  private stopIfCancelled(): boolean {
    if (Atomics.load(this.ctrl, CTRL.STOP) !== 0) return true;
    if (!cancelRequested()) {
      heartbeat();
      return false;
    }
    Atomics.store(this.ctrl, CTRL.STOP, 1);
    return true;
  }

  private dispatch(job: Omit<Job, "thread">, helpers: number): void {
    if (this.closed) throw new Error("the kernel pool is closed");
    Atomics.store(this.ctrl, CTRL.DONE, 0);
    Atomics.store(this.ctrl, CTRL.STOP, 0);
    for (let w = 0; w < helpers; w++) {
      this.members[w].jobs.postMessage({ ...job, thread: w + 1 } satisfies Job);
      Atomics.add(this.ctrl, CTRL.SEQ + w, 1);
      Atomics.notify(this.ctrl, CTRL.SEQ + w);
    }
  }

  /**
   * Runs the caller's share, waits for `helpers` workers (even when the caller's share threw, so no reply is
   * left for the next job), then collects their results (map) and the first error.
   */
  private finish(kernel: string, helpers: number, results: unknown[] | null, own: () => void): void {
    let error: string | null = null;
    try {
      own();
    } catch (e) {
      if (e instanceof CancelledError) Atomics.store(this.ctrl, CTRL.STOP, 1);
      error = e instanceof Error ? e.message : String(e);
    }
    // Waiting, the caller still looks at its command's signal, so a cancel reaches helpers busy with long tasks:
    // only when a wait times out (a short job, such as one of CG's products, never pays for the look).
    for (let v = Atomics.load(this.ctrl, CTRL.DONE); v < helpers; v = Atomics.load(this.ctrl, CTRL.DONE))
      if (Atomics.wait(this.ctrl, CTRL.DONE, v, STOP_POLL_MS) === "timed-out") this.stopIfCancelled();
    for (let w = 0; w < helpers; w++)
      for (let m = receiveMessageOnPort(this.members[w].replies); m; m = receiveMessageOnPort(this.members[w].replies)) {
        const reply = m.message as Reply;
        if (reply.error !== undefined) error ??= reply.error;
        else if (results) results[reply.task] = reply.result;
      }
    if (Atomics.load(this.ctrl, CTRL.STOP) !== 0) throw new CancelledError();
    if (error !== null) throw new Error(`kernel ${kernel} failed: ${error}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    const members = this.members.splice(0);
    await Promise.all(members.map((m) => m.worker.terminate()));
  }
}

let shared: Pool | null = null;
/** Serialises pool growth: two solves starting at once must not start workers for the same slot twice. */
let growing: Promise<string | null> = Promise.resolve(null);

/**
 * The process's pool, grown to at least `threads` threads, as a view using `threads` of them; or an error
 * saying why workers cannot run here (the caller then runs on one thread and says so).
 */
export async function kernelPool(threads: number): Promise<{ ok: true; pool: KernelPool } | { ok: false; error: string }> {
  if (threads <= 1) return { ok: false, error: "one thread asked for" };
  const pool = (shared ??= new Pool());
  growing = growing.then(() => (pool.threads >= threads ? null : pool.grow(threads)));
  const problem = await growing;
  if (problem) {
    if (shared === pool) shared = null;
    await pool.close();
    growing = Promise.resolve(null);
    return { ok: false, error: problem };
  }
  return { ok: true, pool: limitThreads(pool, threads) };
}

/** A view of a larger pool that uses `threads` of its threads (jobs for more are refused). */
function limitThreads(pool: Pool, threads: number): KernelPool {
  if (pool.threads === threads) return pool;
  return {
    threads,
    run: (kernel, args, bounds) => {
      if (bounds.length - 1 > threads) throw new Error(`a job for ${bounds.length - 1} threads on a view of ${threads}`);
      pool.run(kernel, args, bounds);
    },
    map: <R>(kernel: KernelName, args: object, count: number) => pool.map<R>(kernel, args, count, threads),
  };
}

/** Terminates the workers (a process also exits with them idle: they are unref'd). */
export async function closeKernelPool(): Promise<void> {
  const old = shared;
  shared = null;
  await growing;
  growing = Promise.resolve(null);
  if (old) await old.close();
}
