// What the pool and its workers exchange: a job message per worker and job, replies for results and errors,
// and the shared control words (a job counter per worker, the done counter, the next task of a map, and the
// stop word the caller raises when its command is cancelled, so helpers drop the rest of a long job).

export const CTRL = { DONE: 0, NEXT: 1, STOP: 2, SEQ: 3 } as const;
/** Control words: DONE, NEXT, STOP, then one job counter per worker. */
export const CTRL_SLOTS = CTRL.SEQ + 256;

export interface Job {
  kernel: string;
  args: object;
  /** Range bounds for `run` (this worker takes [bounds[thread], bounds[thread + 1])), or null for `map`. */
  bounds: number[] | null;
  /** Tasks of a `map`. */
  count: number;
  thread: number;
  threads: number;
}

export type Reply = { task: number; result: unknown; error?: undefined } | { error: string; task?: undefined; result?: undefined };
