/** Node clamps a delay above 2^31−1 ms to 1 ms, so longer limits are served as a chain of timers. */
export const MAX_TIMER_MS = 2_147_483_647n;

/** Calls `onExpire` once after `ms` milliseconds, however large; returns the disarm function. */
export function armDeadline(ms: bigint, onExpire: () => void): () => void {
  let remaining = ms;
  let handle: NodeJS.Timeout | undefined;
  const arm = (): void => {
    const step = remaining > MAX_TIMER_MS ? MAX_TIMER_MS : remaining;
    remaining -= step;
    handle = setTimeout(() => (remaining > 0n ? arm() : onExpire()), Number(step));
  };
  arm();
  return () => clearTimeout(handle);
}
