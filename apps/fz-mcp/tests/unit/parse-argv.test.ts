import { describe, expect, test } from "vitest";
import { parseArgv, type ArgvOutcome } from "../../src/cli/parse-argv.js";

const rows: Array<[string, string[], ArgvOutcome]> = [
  ["nothing", [], { kind: "run", cwd: undefined, command: undefined }],
  ["--help", ["--help"], { kind: "help" }],
  ["-h", ["-h"], { kind: "help" }],
  ["--version", ["--version"], { kind: "version" }],
  ["-V", ["-V"], { kind: "version" }],
  ["version after a misuse still wins", ["--bogus", "--version"], { kind: "version" }],
  ["--version after -- is fz's", ["--", "fz", "--version"], { kind: "run", cwd: undefined, command: ["fz", "--version"] }],
  ["help after a misuse still wins", ["--bogus", "-h"], { kind: "help" }],
  ["help after --cwd value", ["--cwd", "dir", "--help"], { kind: "help" }],
  ["-h after -- is part of the command", ["--", "fz", "-h"], { kind: "run", cwd: undefined, command: ["fz", "-h"] }],
  ["--cwd takes the next token verbatim", ["--cwd", "-h"], { kind: "run", cwd: "-h", command: undefined }],
  ["--cwd last wins", ["--cwd", "a", "--cwd", "b"], { kind: "run", cwd: "b", command: undefined }],
  ["--cwd missing value", ["--cwd"], { kind: "misuse", message: "--cwd needs a directory argument" }],
  ["--cwd empty value", ["--cwd", ""], { kind: "misuse", message: "--cwd needs a non-empty directory argument" }],
  ["--cwd=dir is unknown", ["--cwd=dir"], { kind: "misuse", message: "unknown flag --cwd=dir" }],
  ["unknown flag", ["--verbose"], { kind: "misuse", message: "unknown flag --verbose" }],
  [
    "positional",
    ["fz"],
    { kind: "misuse", message: "unexpected argument fz (only --cwd and -- are accepted)" },
  ],
  ["-- then everything", ["--", "cargo", "run", "-q", "--bin", "fz", "--"], { kind: "run", cwd: undefined, command: ["cargo", "run", "-q", "--bin", "fz", "--"] }],
  ["-- alone is an empty command", ["--"], { kind: "run", cwd: undefined, command: [] }],
  ["--cwd then --", ["--cwd", "v", "--", "fz"], { kind: "run", cwd: "v", command: ["fz"] }],
  ["first misuse wins", ["--x", "y"], { kind: "misuse", message: "unknown flag --x" }],
  ["replacement char means non-UTF-8", ["--cwd", "a\uFFFDb"], { kind: "misuse", message: "arguments must be valid UTF-8" }],
  ["lone surrogate means non-UTF-8", ["\uD800"], { kind: "misuse", message: "arguments must be valid UTF-8" }],
  ["a well-formed astral character is fine", ["--cwd", "dir-😀"], { kind: "run", cwd: "dir-😀", command: undefined }],
];

describe("parseArgv", () => {
  test.each(rows)("%s", (_name, argv, expected) => {
    expect(parseArgv(argv)).toEqual(expected);
  });
});
