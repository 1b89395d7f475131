import type { ArgumentSpec, FzToolRow } from "./tool-row.js";

const MANIFEST: ArgumentSpec = {
  name: "manifest",
  type: "string",
  description: "Path of the venture manifest, relative to fz's working directory (the CLI's `--manifest`, default `venture.json`).",
  flag: "--manifest",
};

const MIGRATIONS: ArgumentSpec = {
  name: "migrations",
  type: "string",
  description: "Directory of the venture's locked migrations (the CLI's `--migrations`, default `migrations`).",
  flag: "--migrations",
};

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const ENVELOPE_NOTE =
  "Returns fz's own JSON envelope {schema, ok, failures[]} byte for byte; ok:false arrives as a tool error whose failures carry stable codes (see fz_error_codes).";

const VALIDATION_NOTE =
  "Arguments are checked before fz runs: an unknown, missing, empty, mistyped or `-`-leading value is refused with mcp-argument-invalid.";

/** The seven tools, in the order `tools/list` publishes them. A new agent-safe verb is one row here. */
export const TOOL_ROWS: readonly FzToolRow[] = [
  {
    name: "fz_doctor",
    title: "fz doctor",
    description: `Runs \`fz doctor --json\` in the venture: the harness, lockfile, migration and production-readiness checks. ${ENVELOPE_NOTE} Needs the venture's own fz (a standalone fz refuses in prose, seen as mcp-fz-no-json). ${VALIDATION_NOTE}`,
    annotations: READ_ONLY,
    verb: ["doctor", "--json"],
    args: [
      {
        name: "out",
        type: "string",
        description: "Migration directory fz doctor reads (the CLI's `--out`, default `migrations`).",
        flag: "--out",
      },
      {
        name: "allow_no_captcha",
        type: "string",
        description:
          "Accept a production venture without an effective Captcha port for the stated reason (the CLI's `--allow-no-captcha`).",
        flag: "--allow-no-captcha",
      },
    ],
  },
  {
    name: "fz_plan",
    title: "fz plan",
    description: `Runs \`fz plan --json --non-interactive\`: computes, without changing anything, what a deploy of the manifest would serve and what changed since the recorded deployment. On success the envelope carries \`digest\`, the approval token fz_deploy needs. ${ENVELOPE_NOTE} ${VALIDATION_NOTE}`,
    annotations: READ_ONLY,
    verb: ["plan", "--json", "--non-interactive"],
    args: [MANIFEST, MIGRATIONS],
  },
  {
    name: "fz_verify",
    title: "fz verify",
    description: `Runs \`fz verify --json --non-interactive\`: checks the recorded deployment against the manifest and reports not-deployed or composition, config, env or manifest drift. ${ENVELOPE_NOTE} ${VALIDATION_NOTE}`,
    annotations: READ_ONLY,
    verb: ["verify", "--json", "--non-interactive"],
    args: [MANIFEST, MIGRATIONS],
  },
  {
    name: "fz_init",
    title: "fz init",
    description: `Runs \`fz init --json --non-interactive\`: writes a new venture manifest with a name and a host. fz refuses an existing manifest (manifest-exists) unless force is true. ${ENVELOPE_NOTE} ${VALIDATION_NOTE}`,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    verb: ["init", "--json", "--non-interactive"],
    args: [
      {
        name: "name",
        type: "string",
        required: true,
        description: "The venture name; becomes the generated crate name (the CLI's `--name`).",
        flag: "--name",
      },
      {
        name: "host",
        type: "string",
        required: true,
        description: "The primary host the backend answers on (the CLI's `--host`).",
        flag: "--host",
      },
      MANIFEST,
      {
        name: "force",
        type: "boolean",
        description: "Replace an existing manifest instead of refusing (the CLI's `--force`).",
        flag: "--force",
      },
    ],
  },
  {
    name: "fz_add",
    title: "fz add",
    description: `Runs \`fz add --json --non-interactive <module>\`: adds a catalog module to the manifest; adding one already there reports changed:false. An unknown slug is fz's module-unknown. ${ENVELOPE_NOTE} ${VALIDATION_NOTE}`,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    verb: ["add", "--json", "--non-interactive"],
    args: [{ name: "module", type: "string", required: true, description: "The module slug, as the catalog names it." }, MANIFEST],
  },
  {
    name: "fz_deploy",
    title: "fz deploy",
    description: `Runs \`fz deploy --json --non-interactive --plan <digest>\`: records exactly the plan fz_plan approved. fz refuses without a plan (deploy-plan-required), a digest that no longer matches (stale-plan), production without i_am_deploying_to_production, and removing modules without i_am_removing_modules. ${ENVELOPE_NOTE} ${VALIDATION_NOTE}`,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    verb: ["deploy", "--json", "--non-interactive"],
    args: [
      {
        name: "plan",
        type: "string",
        description: "The digest `fz_plan` printed — the approval token `fz deploy --plan` recomputes and enforces.",
        flag: "--plan",
      },
      MANIFEST,
      MIGRATIONS,
      {
        name: "i_am_deploying_to_production",
        type: "boolean",
        description: "Required by fz when the venture resolves to production (the CLI's second consent).",
        flag: "--i-am-deploying-to-production",
      },
      {
        name: "i_am_removing_modules",
        type: "boolean",
        description: "Required by fz when the plan removes modules from the served composition — no data is deleted.",
        flag: "--i-am-removing-modules",
      },
    ],
  },
  {
    name: "fz_error_codes",
    title: "fz error codes",
    description:
      "Lists every error code a result can carry — the fz CLI's catalogue in registry order (source fz), then the four mcp- codes this server adds (source mcp) — each with a title and a description. Answered in-process; no fz is run. Takes no arguments; an unknown one is refused with mcp-argument-invalid.",
    annotations: READ_ONLY,
    args: [],
  },
];
