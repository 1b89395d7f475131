// The state the app's main thread reads without asking the worker: what `describe` adds (model file and
// digest, camera, selection sizes, activity) and, with --view, the encoded scene for the pages. The worker
// builds it after every call and sends it before the call's reply, so a reply never runs ahead of what
// `describe` says; during a long call the main thread answers from the last one.
import type { MirrorUpdate } from "@mcp-wrappers/fieldcraft-control";
import { currentSelection, type Model, type Session } from "@mcp-wrappers/fieldcraft-engine";
import { encodeScene } from "@mcp-wrappers/fieldcraft-viewer";
import type { Activity } from "../session/activity.js";

/** The scene the pages show at one revision (a revision counts the engine's changes), or why it could not be built. */
export interface MirroredScene {
  revision: number;
  bytes?: Uint8Array;
  error?: string;
}

export interface AppMirrorState {
  /** The members `describe` adds, as they are. */
  describe: Record<string, unknown>;
  /** Present only when the scene changed since the last state sent (and the viewer is on). */
  scene?: MirroredScene;
}

/** The worker's producer of mirror updates over its session: the digest is hashed once per model, the scene encoded once per change. */
export function appMirror(engine: Session, activity: Activity, withScene: boolean): () => MirrorUpdate {
  let revision = 0;
  let sentRevision = -1;
  engine.onChange(() => revision++);
  let hashed: { model: Model; digest: string } | null = null;

  return () => {
    const model = engine.model();
    if (hashed?.model !== model) hashed = { model, digest: engine.digest() };
    const selection = currentSelection(engine.view());
    const state: AppMirrorState = {
      describe: {
        model: { file: engine.file() ?? null, digest: hashed.digest },
        view: {
          camera: engine.view().camera ?? null,
          selection: { geometry: selection.geometry.length, nodes: selection.nodes.length, elements: selection.elements.length, faces: selection.faces.length },
        },
        activity: activity.snapshot(),
      },
    };
    const transfer: ArrayBuffer[] = [];
    if (withScene && sentRevision !== revision) {
      sentRevision = revision;
      try {
        const bytes = encodeScene({ model, view: engine.view(), file: engine.file() ?? null, digest: hashed.digest });
        state.scene = { revision, bytes };
        // The bytes are the worker's no longer: moved, not copied (the encoder makes a buffer of their own).
        if (bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength) transfer.push(bytes.buffer);
      } catch (error) {
        state.scene = { revision, error: (error as Error).message };
      }
    }
    return { state, transfer };
  };
}
