// Child processes without a shell (cross-spawn finds npm.cmd/pnpm.cmd on Windows).
import spawn from "cross-spawn";

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  input?: string;
}

export function run(command: string, args: readonly string[], options: RunOptions): RunResult {
  const result = spawn.sync(command, [...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    encoding: "utf8",
    input: options.input ?? "",
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { status: null, stdout: "", stderr: String(result.error) };
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Runs and throws with the command line and its stderr when it does not exit 0. */
export function mustRun(command: string, args: readonly string[], options: RunOptions): RunResult {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(`\`${command} ${args.join(" ")}\` in ${options.cwd} exited ${result.status}:\n${result.stderr}\n${result.stdout}`);
  }
  return result;
}
