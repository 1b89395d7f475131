// What the app's engine worker is started with (workerData).
export interface AppWorkerInit {
  /** Seconds between recovery autosaves (0: off). */
  autosaveSeconds: number;
  /** The web viewer is on: the worker encodes the scene after every change and mirrors it. */
  scene: boolean;
}
