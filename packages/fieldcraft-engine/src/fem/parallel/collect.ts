// A full collection on the caller's thread, when V8 allows it (the same flag the pool's workers set). The
// multigrid setup calls it after each level's large temporaries die: arrays in the kernel heap are not
// counted as external memory by V8, so without it the collector runs later than for plain shared
// buffers and the setup's garbage (Galerkin slices, A T) raised the peak (measured +7% at 1M DOFs).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

export const collectGarbage: () => void = (() => {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    return typeof gc === "function" ? gc : () => {};
  } catch {
    return () => {};
  }
})();
