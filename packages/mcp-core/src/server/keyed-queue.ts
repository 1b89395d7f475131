/**
 * Runs jobs that share a key one at a time, in arrival order; jobs without a key run at once.
 * A job cancelled while it waits is skipped (it never starts).
 */
export class KeyedQueues {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string | undefined, isCancelled: () => boolean, job: () => Promise<T>, skipped: T): Promise<T> {
    if (key === undefined) return job();
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(() => (isCancelled() ? skipped : job()));
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    // Forget the key once its last job is done, so idle keys hold nothing.
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
