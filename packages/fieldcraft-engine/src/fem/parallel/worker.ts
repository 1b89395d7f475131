// A kernel pool worker: waits on its job counter, takes the job message synchronously from its port, runs the
// kernel over its range (or takes map tasks until none are left), replies with results, counts itself done.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from "node:worker_threads";
import { kernelOf } from "./kernels/index.js";
import { CTRL, type Job, type Reply } from "./protocol.js";
import { markKernelWorker } from "./wasm/heap.js";

markKernelWorker();
const { ctrl, slot, jobs, replies } = workerData as { ctrl: Int32Array; slot: number; jobs: MessagePort; replies: MessagePort };

/**
 * Setup kernels leave large garbage in this isolate (a Galerkin slice's A P, the job's clone) and hold shared
 * arrays the caller has dropped (a job's arguments) until this isolate collects, which an idle worker
 * rarely does: it collects after each of them, so two threads peak no higher than one. A full collection
 * of this small heap costs a few milliseconds; the products, run thousands of times, are left alone.
 */
const COLLECT_AFTER = new Set(["galerkinSlice", "assembleRows", "productFillRows"]);
const collect = ((): (() => void) | null => {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return null;
  }
})();

function runJob(job: Job): void {
  const kernel = kernelOf(job.kernel);
  if (!kernel) throw new Error(`no kernel named ${job.kernel}`);
  const ctx = { thread: job.thread, threads: job.threads, stopped: () => Atomics.load(ctrl, CTRL.STOP) !== 0 };
  if (job.bounds) {
    kernel(job.args, job.bounds[job.thread], job.bounds[job.thread + 1], ctx);
    return;
  }
  for (let task = Atomics.add(ctrl, CTRL.NEXT, 1); task < job.count && !ctx.stopped(); task = Atomics.add(ctrl, CTRL.NEXT, 1)) {
    replies.postMessage({ task, result: kernel(job.args, task, task + 1, ctx) } satisfies Reply);
    if (collect && COLLECT_AFTER.has(job.kernel)) collect();
  }
}

/** Takes and runs the next job; its kernel's name (the job itself is unreachable once this returns). */
function nextJob(): string | undefined {
  const message = receiveMessageOnPort(jobs);
  try {
    if (!message) throw new Error("a job counter moved without a job message");
    runJob(message.message as Job);
  } catch (e) {
    replies.postMessage({ error: e instanceof Error ? e.message : String(e) } satisfies Reply);
  }
  return (message?.message as Job | undefined)?.kernel;
}

parentPort!.postMessage("ready");
let seen = 0;
for (;;) {
  Atomics.wait(ctrl, CTRL.SEQ + slot, seen);
  const now = Atomics.load(ctrl, CTRL.SEQ + slot);
  while (seen < now) {
    seen++;
    const kernel = nextJob();
    Atomics.add(ctrl, CTRL.DONE, 1);
    Atomics.notify(ctrl, CTRL.DONE);
    // After counting itself done: the caller does not wait for the collection.
    if (collect && kernel && COLLECT_AFTER.has(kernel)) collect();
  }
}
