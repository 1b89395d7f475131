// One model, one writer: commands from every connection run one at a time, in arrival order.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const next = this.tail.then(task, task);
    this.tail = next.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    return next;
  }

  /** Tasks queued or running. */
  get length(): number {
    return this.waiting;
  }
}
