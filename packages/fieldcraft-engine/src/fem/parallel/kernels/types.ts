// The shape of a kernel: a pure function over a range [lo, hi) of rows (or tasks) of shared arrays.

export interface KernelContext {
  /** This thread's index (0 = the caller) and the job's thread count. */
  thread: number;
  threads: number;
  /**
   * True once the caller's command was cancelled: a long kernel polls it every few thousand rows and returns
   * early (the pool then throws the cancellation and drops every result of the job).
   */
  stopped(): boolean;
}

export type Kernel<A> = (args: A, lo: number, hi: number, ctx: KernelContext) => unknown;
