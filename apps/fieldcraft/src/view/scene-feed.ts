// The scene the pages show and the revision number they are told about. The engine's worker encodes the scene
// once per change and mirrors it (src/worker/mirror.ts); one encoding serves every open page, and a page is
// served from this thread even while the worker meshes or solves.
import type { MirroredState } from "../session/mirrored-state.js";

export class SceneFeed {
  private readonly listeners = new Set<(revision: number) => void>();
  private timer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly mirror: MirroredState) {
    this.unsubscribe = mirror.onSceneChange(() => this.changed());
  }

  private changed(): void {
    // Coalesce a burst (a batch of commands) into one push; pages fetch the newest scene anyway.
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      for (const l of this.listeners) l(this.mirror.sceneRevision);
    }, 30);
  }

  current(): { revision: number; bytes: Uint8Array } {
    return this.mirror.sceneBytes();
  }

  get latest(): number {
    return this.mirror.sceneRevision;
  }

  subscribe(listener: (revision: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe();
    this.listeners.clear();
  }
}
