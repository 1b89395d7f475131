/**
 * Microseconds per message through the session alone (no pipes): ping and an echo tool call,
 * 32 in flight, to see the core's own cost apart from stdio. Run: pnpm exec tsx bench/in-process.ts
 */
import { z } from "zod";
import { Session, defineServer, textResult, tool } from "../src/index.js";

const echo = tool({
  name: "echo",
  description: "Returns its text.",
  input: z.object({ text: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args) => textResult(args.text),
});
const session = new Session(defineServer({ name: "bench", version: "0", instructions: "", tools: [echo] }), {
  send: () => {},
  log: () => {},
});
const LINES = {
  ping: Buffer.from('{"jsonrpc":"2.0","id":1,"method":"ping"}'),
  "tools/call echo": Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello, benchmark"}}}'),
};
const N = 100_000;
for (const [name, bytes] of Object.entries(LINES)) {
  const perRound: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      session.receive({ kind: "line", bytes });
      if (i % 32 === 31) await session.idle();
    }
    await session.idle();
    perRound.push(((performance.now() - started) * 1000) / N);
  }
  console.log(`${name.padEnd(16)} ${Math.min(...perRound).toFixed(2)} µs/message (best of 3)`);
}
