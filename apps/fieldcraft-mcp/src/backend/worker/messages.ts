// What the headless engine worker is started with, and the payloads of its call rows beyond `execute`. The
// messages themselves are the control package's session-in-a-worker (@mcp-wrappers/fieldcraft-control).
import type { Caps } from "@mcp-wrappers/fieldcraft-engine";
import type { Roots } from "../../confinement/index.js";
import type { BatchStep } from "../../replies/batch.js";
import type { CaptureRequest } from "../types.js";

/** What the worker is started with (workerData): everything it needs to build the same session in its own thread. */
export interface WorkerInit {
  roots: Roots;
  cwd: string;
  version: string;
  autosaveSeconds?: number;
  caps?: Partial<Caps>;
}

/** The worker's call rows: `execute` (the control package's), a picture, and a whole `batch` (src/replies/batch.ts). */
export type CapturePayload = CaptureRequest;
export type BatchPayload = readonly BatchStep[];
