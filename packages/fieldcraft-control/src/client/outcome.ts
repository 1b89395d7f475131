// What a call through the channel can come to. `lost`, `timeout` and `cancelled` mean the request was
// written and no reply was waited for: the app may have run it, so a caller must never resend an edit on its own.
export type CallOutcome =
  | { ok: true; result: unknown }
  | { ok: false; failure: "remote"; error: string; details?: Record<string, unknown> }
  | { ok: false; failure: "lost" | "timeout" | "cancelled"; error: string; sent: true }
  | { ok: false; failure: "closed"; error: string; sent: false };

export type CallFailure = Exclude<CallOutcome, { ok: true }>["failure"];
