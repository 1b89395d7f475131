import { notificationLine } from "../jsonrpc/serialize.js";
import type { Progress } from "../tools/context.js";

/**
 * Builds a call's progress reporter: a no-op without a token; otherwise sends
 * `notifications/progress` while the call is live, dropping values that do not increase.
 */
export function progressReporter(
  token: string | number | undefined,
  isLive: () => boolean,
  send: (line: string) => void,
): (p: Progress) => void {
  if (token === undefined) return noop;
  let last = -Infinity;
  return (p) => {
    if (!isLive() || typeof p?.progress !== "number" || !Number.isFinite(p.progress) || p.progress <= last) return;
    last = p.progress;
    const params: Record<string, unknown> = { progressToken: token, progress: p.progress };
    if (typeof p.total === "number" && Number.isFinite(p.total)) params.total = p.total;
    if (typeof p.message === "string") params.message = p.message;
    send(notificationLine("notifications/progress", params));
  };
}

function noop(): void {}

/** The call's `_meta.progressToken`, when it is a string or a number. */
export function progressTokenOf(params: Record<string, unknown>): string | number | undefined {
  const meta = params._meta;
  if (typeof meta !== "object" || meta === null) return undefined;
  const token = (meta as Record<string, unknown>).progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}
