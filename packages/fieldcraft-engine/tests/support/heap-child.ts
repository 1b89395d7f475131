// The kernel heap's lifetime under a real collector (run with --expose-gc): a dropped view's region is reused
// (cleared), and the memory is dropped when nothing in it is alive. Prints one JSON line of observations.
import { heapBytes, heapOf, kernelFloat64 } from "../../src/fem/parallel/wasm/heap.js";

const gc = (globalThis as unknown as { gc: () => void }).gc;
const settle = async () => {
  // Finalizers run in a later task after the collection that found the views dead.
  for (let i = 0; i < 5; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
};

/** The views kept alive; emptied to let the collector have them. */
const holder: Float64Array[] = [];

async function reuse() {
  let a: Float64Array | null = kernelFloat64(1000);
  holder.push(kernelFloat64(1000));
  const aOffset = a.byteOffset;
  a.fill(7);
  a = null;
  await settle();
  holder.push(kernelFloat64(1000)); // a's region again
  return {
    reused: holder[1].byteOffset === aOffset,
    cleared: holder[1].every((v) => v === 0),
    inHeap: heapOf(holder[0], holder[1]) !== null,
    bytesWhileAlive: heapBytes(),
  };
}

const observed = await reuse();
holder.length = 0;
await settle();
process.stdout.write(JSON.stringify({ ...observed, bytesAfter: heapBytes() }) + "\n");
