import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RawDriver } from "../src/testing/index.js";

/** The built example server; tests run against the real binary (build first). */
export const ECHO_SERVER = fileURLToPath(new URL("../dist/examples/echo-server.js", import.meta.url));

if (!existsSync(ECHO_SERVER)) {
  throw new Error(`${ECHO_SERVER} is missing: run \`pnpm turbo run build --filter=@mcp-wrappers/mcp-core\` first`);
}

export function spawnEcho(...flags: string[]): RawDriver {
  return RawDriver.spawn({ command: process.execPath, args: [ECHO_SERVER, ...flags] });
}

/** Runs `body` against a fresh example server and always stops it; fails on any stdout violation. */
export async function withEcho<T>(flags: string[], body: (d: RawDriver) => Promise<T>): Promise<T> {
  const driver = spawnEcho(...flags);
  try {
    const out = await body(driver);
    if (driver.violations.length > 0) throw new Error(`stdout carried non-protocol lines: ${driver.violations.join(" | ")}`);
    return out;
  } finally {
    await driver.close();
  }
}
