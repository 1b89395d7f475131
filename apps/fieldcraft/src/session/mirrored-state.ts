// The main thread's copy of the worker's mirrored state (src/worker/mirror.ts): `describe` and the viewer's
// scene read it synchronously, whatever the worker is doing.
import type { AppMirrorState, MirroredScene } from "../worker/mirror.js";

export class MirroredState {
  private describeExtra: Record<string, unknown> = {};
  private scene: MirroredScene = { revision: 0, error: "the scene is not built yet" };
  private readonly listeners = new Set<(revision: number) => void>();

  /** A state from the worker (onMirror); a newer scene is told to the listeners. */
  update(raw: unknown): void {
    const state = raw as AppMirrorState;
    this.describeExtra = state.describe;
    if (state.scene) {
      // A fresh worker (after a crash) starts its revisions again: any other revision is news.
      const changed = state.scene.revision !== this.scene.revision || this.scene.bytes === undefined;
      this.scene = state.scene;
      if (changed) for (const listener of this.listeners) listener(state.scene.revision);
    }
  }

  describe(): Record<string, unknown> {
    return structuredClone(this.describeExtra);
  }

  get sceneRevision(): number {
    return this.scene.revision;
  }

  /** The current scene's bytes; throws with the worker's reason when it could not be built. */
  sceneBytes(): { revision: number; bytes: Uint8Array } {
    if (this.scene.bytes === undefined) throw new Error(this.scene.error ?? "no scene");
    return { revision: this.scene.revision, bytes: this.scene.bytes };
  }

  onSceneChange(listener: (revision: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
