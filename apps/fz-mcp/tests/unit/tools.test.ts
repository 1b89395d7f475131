import { describe, expect, test } from "vitest";
import { buildArgv } from "../../src/tools/build-argv.js";
import { TOOL_ROWS } from "../../src/tools/rows.js";
import { inputSchema } from "../../src/tools/schemas.js";
import { validateArguments } from "../../src/tools/validate.js";

const row = (name: string) => {
  const found = TOOL_ROWS.find((candidate) => candidate.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
};

/** Validate then build, as a call does; a refusal returns its message. */
function argvOf(name: string, args: Record<string, unknown> | null | undefined): string[] | { refused: string } {
  const validation = validateArguments(row(name), args);
  return validation.ok ? buildArgv(row(name), validation.value) : { refused: validation.message };
}

describe("argv builders (spec §2, §2.8)", () => {
  const rows: Array<[string, Record<string, unknown> | null | undefined, string[]]> = [
    ["fz_doctor", undefined, ["doctor", "--json"]],
    ["fz_doctor", null, ["doctor", "--json"]],
    ["fz_doctor", { allow_no_captcha: "staging only", out: "migrations" }, ["doctor", "--json", "--out", "migrations", "--allow-no-captcha", "staging only"]],
    ["fz_doctor", { out: "" }, ["doctor", "--json", "--out", ""]],
    ["fz_doctor", { out: null }, ["doctor", "--json"]],
    ["fz_plan", {}, ["plan", "--json", "--non-interactive"]],
    ["fz_plan", { migrations: "m", manifest: "v.json" }, ["plan", "--json", "--non-interactive", "--manifest", "v.json", "--migrations", "m"]],
    ["fz_verify", { migrations: "m" }, ["verify", "--json", "--non-interactive", "--migrations", "m"]],
    ["fz_init", { host: "acme.example", name: "acme" }, ["init", "--json", "--non-interactive", "--name", "acme", "--host", "acme.example"]],
    [
      "fz_init",
      { force: true, manifest: "x.json", host: "h", name: "n" },
      ["init", "--json", "--non-interactive", "--name", "n", "--host", "h", "--manifest", "x.json", "--force"],
    ],
    ["fz_init", { force: false, host: "h", name: "n" }, ["init", "--json", "--non-interactive", "--name", "n", "--host", "h"]],
    ["fz_init", { force: null, host: "h", name: "n" }, ["init", "--json", "--non-interactive", "--name", "n", "--host", "h"]],
    ["fz_add", { manifest: "v.json", module: "waitlist" }, ["add", "--json", "--non-interactive", "waitlist", "--manifest", "v.json"]],
    ["fz_add", { module: " -h" }, ["add", "--json", "--non-interactive", " -h"]],
    ["fz_add", { module: "   " }, ["add", "--json", "--non-interactive", "   "]],
    ["fz_deploy", {}, ["deploy", "--json", "--non-interactive"]],
    [
      "fz_deploy",
      { i_am_removing_modules: true, i_am_deploying_to_production: true, migrations: "m", manifest: "v", plan: "abc" },
      ["deploy", "--json", "--non-interactive", "--plan", "abc", "--manifest", "v", "--migrations", "m", "--i-am-deploying-to-production", "--i-am-removing-modules"],
    ],
    ["fz_deploy", { plan: "abc", i_am_deploying_to_production: false, i_am_removing_modules: true }, ["deploy", "--json", "--non-interactive", "--plan", "abc", "--i-am-removing-modules"]],
    ["fz_error_codes", {}, []],
  ];
  test.each(rows)("%s %j", (name, args, expected) => {
    expect(argvOf(name, args)).toEqual(expected);
  });
});

describe("validation order and messages (spec §3)", () => {
  const rows: Array<[string, Record<string, unknown>, string[]]> = [
    ["fz_error_codes", { x: 1 }, ["unknown argument `x` for tool `fz_error_codes`"]],
    ["fz_plan", { zeta: 1, alpha: 2 }, ["`alpha`", "fz_plan"]],
    ["fz_init", { bogus: 1 }, ["unknown argument `bogus`"]],
    ["fz_init", { host: 1, bogus: 1 }, ["`bogus`"]],
    ["fz_init", {}, ["missing required argument `name`"]],
    ["fz_init", { name: null, host: "h" }, ["missing required argument `name`"]],
    ["fz_init", { name: "n" }, ["missing required argument `host`"]],
    ["fz_init", { name: "", host: "" }, ["argument `name` must not be empty"]],
    ["fz_init", { name: 3, host: "h" }, ["argument `name` must be a string, got a number"]],
    ["fz_init", { name: ["a"], host: "h" }, ["`name`", "a string", "an array"]],
    ["fz_init", { name: {}, host: "h" }, ["`name`", "an object"]],
    ["fz_init", { name: true, host: "h" }, ["`name`", "a boolean"]],
    ["fz_init", { name: "n", host: "-x" }, ['argument `host` must not start with `-`: the fz command line would read "-x" as a flag']],
    ["fz_init", { name: "n", host: "h", manifest: 7, force: "yes" }, ["`manifest`", "a string"]],
    ["fz_init", { name: "n", host: "h", force: "yes" }, ["argument `force` must be a boolean, got a string"]],
    ["fz_init", { name: "n", host: "h", force: 1 }, ["`force`", "a number"]],
    ["fz_add", {}, ["missing required argument `module`"]],
    ["fz_add", { module: "-h" }, ['argument `module` must not start with `-`: the fz command line would read "-h" as a flag']],
    ["fz_add", { module: '-"q\\\n' }, ['"-\\"q\\\\\\n"', "flag"]],
    ["fz_add", { module: "ok", manifest: "--manifest" }, ["`manifest`", "flag"]],
    ["fz_doctor", { out: false }, ["`out`", "a string"]],
    ["fz_doctor", { out: "ok", allow_no_captcha: "-r" }, ["`allow_no_captcha`", "flag"]],
    ["fz_deploy", { plan: "-abc" }, ["`plan`", "flag"]],
    ["fz_deploy", { manifest: 1, plan: 2 }, ["`plan`"]],
    ["fz_deploy", { i_am_deploying_to_production: "true" }, ["`i_am_deploying_to_production`", "a boolean"]],
    ["fz_deploy", { i_am_deploying_to_production: true, i_am_removing_modules: 0 }, ["`i_am_removing_modules`"]],
  ];
  test.each(rows)("%s %j", (name, args, parts) => {
    const result = validateArguments(row(name), args);
    expect(result.ok).toBe(false);
    for (const part of parts) expect(!result.ok && result.message).toContain(part);
  });
});

describe("published schemas (spec §2)", () => {
  test("tools are listed in the pinned order", () => {
    expect(TOOL_ROWS.map((r) => r.name)).toEqual(["fz_doctor", "fz_plan", "fz_verify", "fz_init", "fz_add", "fz_deploy", "fz_error_codes"]);
  });

  test("every input schema is closed, with `required` only when something is required", () => {
    expect(JSON.stringify(inputSchema(row("fz_error_codes")))).toBe('{"type":"object","properties":{},"additionalProperties":false}');
    const init = inputSchema(row("fz_init"));
    expect(Object.keys(init)).toEqual(["type", "properties", "required", "additionalProperties"]);
    expect(init.required).toEqual(["name", "host"]);
    expect(Object.keys(init.properties as object)).toEqual(["name", "host", "manifest", "force"]);
    expect(inputSchema(row("fz_add")).required).toEqual(["module"]);
    expect("required" in inputSchema(row("fz_deploy"))).toBe(false);
    expect(Object.keys(inputSchema(row("fz_deploy")).properties as object)).toEqual([
      "plan",
      "manifest",
      "migrations",
      "i_am_deploying_to_production",
      "i_am_removing_modules",
    ]);
  });

  test("annotations match the spec table", () => {
    const hints = (name: string) => Object.values(row(name).annotations);
    expect(hints("fz_doctor")).toEqual([true, false, true, false]);
    expect(hints("fz_plan")).toEqual([true, false, true, false]);
    expect(hints("fz_verify")).toEqual([true, false, true, false]);
    expect(hints("fz_init")).toEqual([false, false, false, false]);
    expect(hints("fz_add")).toEqual([false, false, true, false]);
    expect(hints("fz_deploy")).toEqual([false, true, false, true]);
    expect(hints("fz_error_codes")).toEqual([true, false, true, false]);
  });

  test("doctor never passes --non-interactive", () => {
    expect(row("fz_doctor").verb).not.toContain("--non-interactive");
  });
});
