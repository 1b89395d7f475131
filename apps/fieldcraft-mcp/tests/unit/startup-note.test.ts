import { expect, test } from "vitest";
import { startupNote } from "../../src/cli/startup-note.js";

const headless = { kind: "headless", name: "fieldcraft-engine", version: "0.1.0", hasUi: false } as const;

test("the startup note says what the server may touch", () => {
  expect(startupNote(headless, {})).toBe("serving a headless session (fieldcraft-engine 0.1.0); file access is not confined");
  expect(startupNote(headless, { read: "/r" })).toBe("serving a headless session (fieldcraft-engine 0.1.0); reads inside /r, no writes");
  expect(startupNote({ kind: "bridged", name: "fieldcraft", version: "0.1.0", hasUi: true, target: "127.0.0.1:7070" }, {})).toBe(
    "serving a session bridged to fieldcraft 0.1.0 at 127.0.0.1:7070; file access is not confined",
  );
});
