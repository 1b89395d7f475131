// What the server answers itself (the channel methods) versus what it hands to the session (everything else).
import type { CommandInfo, CommandOutcome, ServedSession } from "../protocol/session.js";
import { PROTOCOL_VERSION, publicLimits, type ControlLimits } from "../protocol/limits.js";

export interface AppIdentity {
  /** App name, e.g. `fieldcraft`. */
  name: string;
  version: string;
  /** Whether the app has a window (a view to capture, a selection to change). */
  ui: boolean;
}

/** Methods of the channel itself; every other method is a command id from the session's catalogue. */
export const CHANNEL_METHODS = ["auth", "describe", "cancel"] as const;

export function describeResult(
  app: AppIdentity,
  session: ServedSession,
  params: Record<string, unknown>,
  extra: Record<string, unknown>,
  limits: ControlLimits,
): CommandOutcome {
  const catalogue: CommandInfo[] = session.catalogue();
  return {
    ok: true,
    result: {
      name: app.name,
      version: app.version,
      ui: app.ui,
      protocol: PROTOCOL_VERSION,
      pid: process.pid,
      methods: [...CHANNEL_METHODS, ...catalogue.map((c) => c.id)],
      limits: publicLimits(limits),
      ...extra,
      ...(params.catalogue === true ? { catalogue } : {}),
    },
  };
}
