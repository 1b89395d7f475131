// Regenerates src/catalogue/fz-codes.json from a Cratefield checkout's crates/cli/src/codes.rs.
// Usage: tsx scripts/generate-catalogue.ts <cratefield checkout> [output json]
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseCodesRs } from "./codes-rs.js";

const [checkout, output = join(dirname(fileURLToPath(import.meta.url)), "../src/catalogue/fz-codes.json")] = process.argv.slice(2);
if (checkout === undefined) {
  process.stderr.write("usage: tsx scripts/generate-catalogue.ts <cratefield checkout> [output json]\n");
  process.exit(2);
}

const source = join(checkout, "crates/cli/src/codes.rs");
let text: string;
try {
  text = readFileSync(source, "utf8");
} catch (error) {
  process.stderr.write(`generate-catalogue: cannot read ${source}: ${(error as Error).message}\n`);
  process.exit(1);
}

try {
  const codes = parseCodesRs(text);
  const seen = new Set<string>();
  for (const { code } of codes) {
    if (seen.has(code)) throw new Error(`code ${code} is registered twice`);
    seen.add(code);
  }
  const document = { generatedFrom: `crates/cli/src/codes.rs registry() of cratefield-cli (${codes.length} codes)`, codes };
  writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
  process.stderr.write(`generate-catalogue: wrote ${codes.length} codes to ${output}\n`);
} catch (error) {
  process.stderr.write(`generate-catalogue: ${source}: ${(error as Error).message}\n`);
  process.exit(1);
}
