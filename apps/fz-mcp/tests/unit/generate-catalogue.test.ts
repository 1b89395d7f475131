import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

// A synthetic codes.rs in the CLI's shape: definitions in one order, registry() in another,
// a line continuation, escapes, a raw string and a commented-out row.
const CODES_RS = String.raw`//! The catalogue.
pub struct DoctorCodeDef { pub code: &'static str, pub title: &'static str, pub description: &'static str }
pub const CODES: Codes = Codes {
    zeta_code: DoctorCodeDef {
        code: "zeta-code",
        title: "Zeta",
        description: "Runs \`fz zeta\` with a \"quote\", a back\\slash and a \
                      continued line.",
    },
    alpha_code: DoctorCodeDef {
        code: "alpha-code",
        title: r#"Alpha "raw""#,
        description: "Tab\there, unicode \u{2014} dash // not a comment",
    },
    // retired: DoctorCodeDef { code: "retired", title: "x", description: "y" },
};
pub fn registry() -> Vec<&'static DoctorCodeDef> {
    vec![
        &CODES.alpha_code,
        // &CODES.retired,
        &CODES.zeta_code,
    ]
}
`.replaceAll("\\`", "`");

function runScript(checkout: string, output: string) {
  return spawnSync(process.execPath, ["--import", "tsx", join(packageDir, "scripts/generate-catalogue.ts"), checkout, output], {
    cwd: packageDir,
    encoding: "utf8",
  });
}

describe("scripts/generate-catalogue.ts", () => {
  test("regenerates the catalogue JSON from a checkout's codes.rs, in registry order", () => {
    const checkout = mkdtempSync(join(tmpdir(), "fz-codes-"));
    mkdirSync(join(checkout, "crates/cli/src"), { recursive: true });
    writeFileSync(join(checkout, "crates/cli/src/codes.rs"), CODES_RS);
    const output = join(checkout, "out.json");

    const run = runScript(checkout, output);
    expect(run.stderr).toContain("wrote 2 codes");
    expect(run.status).toBe(0);
    const generated = JSON.parse(readFileSync(output, "utf8"));
    expect(generated.codes).toEqual([
      { code: "alpha-code", title: 'Alpha "raw"', description: "Tab\there, unicode — dash // not a comment" },
      {
        code: "zeta-code",
        title: "Zeta",
        description: 'Runs `fz zeta` with a "quote", a back\\slash and a continued line.',
      },
    ]);
  });

  test("refuses a registry that names an undefined code, writing nothing", () => {
    const checkout = mkdtempSync(join(tmpdir(), "fz-codes-"));
    mkdirSync(join(checkout, "crates/cli/src"), { recursive: true });
    writeFileSync(join(checkout, "crates/cli/src/codes.rs"), CODES_RS.replace("&CODES.zeta_code", "&CODES.ghost"));
    const run = runScript(checkout, join(checkout, "out.json"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("CODES.ghost");
  });

  test("refuses a checkout without codes.rs", () => {
    const checkout = mkdtempSync(join(tmpdir(), "fz-codes-"));
    const run = runScript(checkout, join(checkout, "out.json"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("codes.rs");
  });
});
