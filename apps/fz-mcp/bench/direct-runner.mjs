// The baseline: a plain Node process that spawns fz for every line it reads and answers one line
// when fz has exited and its output is read — the same hop as fz-mcp, without MCP.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const [cwd, ...command] = process.argv.slice(2);
const toolArgv = ["verify", "--json", "--non-interactive"];

createInterface({ input: process.stdin }).on("line", () => {
  const child = spawn(command[0], [...command.slice(1), ...toolArgv], { cwd, stdio: ["ignore", "pipe", "pipe"], detached: process.platform !== "win32" });
  const out = [];
  child.stdout.on("data", (chunk) => out.push(chunk));
  child.stderr.resume();
  child.on("close", () => process.stdout.write(`${JSON.stringify({ stdout: Buffer.concat(out).toString("utf8") })}\n`));
});
