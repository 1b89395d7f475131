import type { Readable, Writable } from "node:stream";
import { LineReader } from "../transport/line-reader.js";
import { LineWriter } from "../transport/line-writer.js";
import { claimProcessStdout } from "./console.js";
import type { ServerDefinition, ShutdownReason } from "./definition.js";
import { Session } from "./session.js";

export interface ServeOptions {
  readonly stdin?: Readable;
  readonly stdout?: Writable;
  readonly stderr?: Writable;
  /** Call `process.exit` when serving ends (default: true when serving the process's own stdin). */
  readonly exitOnEnd?: boolean;
  /** Handle SIGTERM/SIGINT (default: same as `exitOnEnd`). */
  readonly handleSignals?: boolean;
  /**
   * After EOF, how long running calls may still take before they are aborted (no replies) and the server exits;
   * default: no bound (they finish and reply). A server whose calls may run for minutes bounds it.
   */
  readonly eofGraceMs?: number;
  /** Names the binary in stderr diagnostics (`<name>: stdio failed: …`); default `mcp-core`. */
  readonly diagnosticName?: string;
}

export interface ServeOutcome {
  /** `eof`: input ended and running calls replied; `signal`: SIGTERM/SIGINT; `broken-pipe`: stdout/stdin failed. */
  readonly reason: "eof" | "signal" | "broken-pipe";
  /** 0 after EOF, 143 after SIGTERM, 130 after SIGINT, 1 when stdio broke. */
  readonly exitCode: number;
}

/** How long `onShutdown` may take before the process exits anyway (a hung hook must not keep it alive). */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * Serves a server on stdio until EOF, a signal or a broken pipe. EOF lets running calls finish
 * and reply, then exits 0; a signal aborts them (no replies), runs `onShutdown`, exits 143/130.
 */
export function serveStdio(def: ServerDefinition, options: ServeOptions = {}): Promise<ServeOutcome> {
  const stdin = options.stdin ?? process.stdin;
  const ownProcess = options.stdout === undefined || options.stdout === process.stdout;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const exitOnEnd = options.exitOnEnd ?? stdin === process.stdin;
  const handleSignals = options.handleSignals ?? exitOnEnd;

  const writer = new LineWriter(stdout, ownProcess ? claimProcessStdout() : undefined);
  const name = options.diagnosticName ?? "mcp-core";
  const log = (text: string): void => {
    stderr.write(text.endsWith("\n") ? text : text + "\n");
  };
  const session = new Session(def, { send: (line) => writer.line(line), sendPieces: (line) => writer.pieces(line), log });
  const reader = new LineReader(def.policies.maxLineBytes);
  const receive = session.receive.bind(session);

  return new Promise<ServeOutcome>((resolve) => {
    let ending = false;

    const finish = async (outcome: ServeOutcome): Promise<void> => {
      if (ending) {
        // A signal while EOF waits for running calls: abort them so the wait ends now.
        if (outcome.reason !== "eof") session.abortAll("server shutting down");
        return;
      }
      ending = true;
      stdin.off("data", onData);
      if (outcome.reason === "eof") await idleWithin(session, options.eofGraceMs);
      else session.abortAll(outcome.reason === "signal" ? "server shutting down" : "stdio closed");
      const shutdown: ShutdownReason = outcome.reason === "eof" ? "eof" : "signal";
      await runShutdownHook(def, shutdown, SHUTDOWN_GRACE_MS, log, name);
      await writer.flush();
      stdin.pause();
      if (handleSignals) {
        process.off("SIGTERM", onSigterm);
        process.off("SIGINT", onSigint);
      }
      resolve(outcome);
      if (exitOnEnd) {
        process.off("unhandledRejection", onUnhandled);
        process.exit(outcome.exitCode);
      }
    };

    const onData = (chunk: Buffer | string): void => {
      writer.cork();
      reader.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk, receive);
      // Stop reading while the client is not reading our replies, so they cannot pile up in memory.
      if (stdout.writableNeedDrain && !stdin.isPaused()) {
        stdin.pause();
        stdout.once("drain", () => {
          if (!ending) stdin.resume();
        });
      }
    };
    const onEnd = (): void => {
      reader.end(receive);
      void finish({ reason: "eof", exitCode: 0 });
    };
    const onInputError = (error: Error): void => {
      log(`${name}: stdio failed: stdin: ${error.message}`);
      writer.markBroken();
      void finish({ reason: "broken-pipe", exitCode: 1 });
    };
    const onOutputError = (error: Error): void => {
      if (!ending) log(`${name}: stdio failed: stdout: ${error.message}`);
      writer.markBroken();
      void finish({ reason: "broken-pipe", exitCode: 1 });
    };
    const onSigterm = (): void => void finish({ reason: "signal", exitCode: 143 });
    const onSigint = (): void => void finish({ reason: "signal", exitCode: 130 });

    // A promise a tool forgot to await must not take the whole server down.
    const onUnhandled = (reason: unknown): void => {
      log(`${name}: unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
    };
    if (exitOnEnd) process.on("unhandledRejection", onUnhandled);

    stdin.on("data", onData);
    stdin.once("end", onEnd);
    stdin.on("error", onInputError);
    stdout.on("error", onOutputError);
    if (handleSignals) {
      process.on("SIGTERM", onSigterm);
      process.on("SIGINT", onSigint);
    }
    stdin.resume();
  });
}

/** Running calls finish, or after `graceMs` are aborted (their replies never come, so they are not awaited). */
async function idleWithin(session: Session, graceMs: number | undefined): Promise<void> {
  if (graceMs === undefined) return session.idle();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), graceMs);
  });
  const overdue = await Promise.race([session.idle().then(() => false), late]);
  clearTimeout(timer);
  if (overdue) session.abortAll("stdin closed");
}

async function runShutdownHook(
  def: ServerDefinition,
  reason: ShutdownReason,
  graceMs: number,
  log: (text: string) => void,
  name: string,
): Promise<void> {
  if (def.onShutdown === undefined) return;
  const hook = Promise.resolve()
    .then(() => def.onShutdown!(reason))
    .catch((error: unknown) => log(`${name}: onShutdown failed: ${error instanceof Error ? error.message : String(error)}`));
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      log(`${name}: onShutdown still running after ${graceMs} ms; exiting anyway`);
      resolve();
    }, graceMs);
  });
  await Promise.race([hook, grace]);
  clearTimeout(timer);
}
