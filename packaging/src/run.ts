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

/** The same, without blocking: for independent slow commands that may run side by side. */
export function runAsync(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill(), options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ status: null, stdout, stderr: `${stderr}${String(error)}` });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
