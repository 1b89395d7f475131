// What the agent reads when the app does not answer: edits may have been applied, reads changed nothing,
// a call on a closed connection was not sent.
import { describe, expect, it } from "vitest";
import { unansweredOutcome } from "../src/backend/bridged/messages.js";

describe("unanswered calls", () => {
  const lost = { ok: false as const, failure: "lost" as const, sent: true as const, error: "the app at 127.0.0.1:7070 went away before replying to model.load.create (the connection closed)" };

  it("an edit whose reply was lost may have been applied, and was not resent", () => {
    const o = unansweredOutcome("model.load.create", true, lost, "127.0.0.1:7070");
    expect(o).toEqual({
      ok: false,
      error: expect.stringMatching(/went away before replying to model\.load\.create .*may have been applied: it was not resent\. Inspect the model/),
      details: { code: "reply_lost", command: "model.load.create", sent: true, may_have_applied: true, target: "127.0.0.1:7070" },
    });
  });

  it("a read whose reply timed out changed nothing", () => {
    const o = unansweredOutcome("model.info", false, { ...lost, failure: "timeout", error: "no reply to model.info within 60 s" }, "127.0.0.1:7070");
    expect(o).toMatchObject({ ok: false, error: expect.stringMatching(/does not change the model; it was not resent/), details: { code: "reply_timeout", may_have_applied: false } });
  });

  it("a cancelled edit may have been applied too (the app was asked to stop it)", () => {
    const o = unansweredOutcome("solve.static", true, { ...lost, failure: "cancelled", error: "solve.static was cancelled; the app was asked to stop it" }, "127.0.0.1:7070");
    expect(o).toMatchObject({ ok: false, error: expect.stringMatching(/cancelled; the app was asked to stop it\. solve\.static changes the model and may have been applied/), details: { code: "cancelled" } });
  });

  it("a call on a closed connection was not sent, and says how to reconnect", () => {
    const o = unansweredOutcome("model.info", true, { ok: false, failure: "closed", sent: false, error: "the app at 127.0.0.1:7070 is gone (the connection closed)" }, "127.0.0.1:7070");
    expect(o).toMatchObject({ ok: false, error: expect.stringMatching(/is gone .*model\.info was not sent\. Start the app again \(fieldcraft --control 7070\)/), details: { code: "app_gone", sent: false } });
  });
});
