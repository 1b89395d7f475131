import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { Session } from "../server/session.js";

/** One legacy (initialize-era) HTTP session. */
export interface SessionRecord {
  readonly id: string;
  readonly session: Session;
  /** Releases what the session holds (its engine, its children). */
  readonly close: () => Promise<void> | void;
  lastSeen: number;
  /** Requests of this session still being answered: a busy session is never evicted or expired. */
  inflight: number;
  /** The GET stream, when the client opened one. */
  stream: ServerResponse | undefined;
}

/**
 * The legacy sessions, bounded: at most `max`, each expiring after `idleMs` without a request.
 * The map's insertion order is recency (a touched record moves to the end), so the first idle
 * record is the least recently used one.
 */
export class SessionTable {
  readonly #records = new Map<string, SessionRecord>();
  readonly #max: number;
  readonly #idleMs: number;
  readonly #onEvict: (record: SessionRecord, why: string) => void;
  readonly #timer: NodeJS.Timeout;
  readonly #evictWhenFull: boolean;

  constructor(max: number, idleMs: number, onEvict: (record: SessionRecord, why: string) => void, evictWhenFull = true) {
    this.#max = max;
    this.#evictWhenFull = evictWhenFull;
    this.#idleMs = idleMs;
    this.#onEvict = onEvict;
    this.#timer = setInterval(() => this.sweep(Date.now()), Math.max(50, Math.min(idleMs / 2, 30_000)));
    this.#timer.unref();
  }

  get size(): number {
    return this.#records.size;
  }

  get(id: string): SessionRecord | undefined {
    const record = this.#records.get(id);
    if (record === undefined) return undefined;
    record.lastSeen = Date.now();
    this.#records.delete(id);
    this.#records.set(id, record);
    return record;
  }

  /** Room for one more: evicts the least recently used idle session when full (if allowed); false when none can go. */
  makeRoom(): boolean {
    if (this.#records.size < this.#max) return true;
    if (!this.#evictWhenFull) return false;
    for (const record of this.#records.values()) {
      if (record.inflight === 0) {
        this.remove(record, `the server holds ${this.#max} sessions; the least recently used one made room`);
        return true;
      }
    }
    return false;
  }

  add(session: Session, close: () => Promise<void> | void): SessionRecord {
    const record: SessionRecord = { id: randomUUID(), session, close, lastSeen: Date.now(), inflight: 0, stream: undefined };
    this.#records.set(record.id, record);
    return record;
  }

  remove(record: SessionRecord, why: string): void {
    if (this.#records.get(record.id) !== record) return;
    this.#records.delete(record.id);
    this.#onEvict(record, why);
  }

  /** Ends sessions idle for longer than the limit. */
  sweep(now: number): void {
    for (const record of [...this.#records.values()]) {
      if (record.inflight === 0 && now - record.lastSeen > this.#idleMs) this.remove(record, "idle");
    }
  }

  closeAll(why: string): void {
    clearInterval(this.#timer);
    for (const record of [...this.#records.values()]) this.remove(record, why);
  }
}
