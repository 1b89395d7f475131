// The scene the pages show, rebuilt lazily after each change of the model or the view, and the
// revision number pages are told about. One encoding serves every open page.
import type { Session } from "@mcp-wrappers/fieldcraft-engine";
import { encodeScene } from "@mcp-wrappers/fieldcraft-viewer";

export class SceneFeed {
  private revision = 0;
  private cached: { revision: number; bytes: Uint8Array } | null = null;
  private readonly listeners = new Set<(revision: number) => void>();
  private timer: NodeJS.Timeout | null = null;
  private readonly unsubscribe: () => void;

  constructor(private readonly engine: Session) {
    this.unsubscribe = engine.onChange(() => this.changed());
  }

  private changed(): void {
    this.revision++;
    // Coalesce a burst (a batch of commands) into one push; pages fetch the newest scene anyway.
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      for (const l of this.listeners) l(this.revision);
    }, 30);
  }

  current(): { revision: number; bytes: Uint8Array } {
    if (this.cached?.revision !== this.revision) {
      const bytes = encodeScene({ model: this.engine.model(), view: this.engine.view(), file: this.engine.file() ?? null, digest: this.engine.digest() });
      this.cached = { revision: this.revision, bytes };
    }
    return this.cached;
  }

  get latest(): number {
    return this.revision;
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
