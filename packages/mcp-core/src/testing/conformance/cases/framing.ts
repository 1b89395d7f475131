import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";
import { answerTo, sleep, withServer } from "../harness.js";

const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';

export const framingCases: readonly CaseRow[] = [
  {
    name: "a reply is one compact line: jsonrpc, id, result",
    run: (o) =>
      withServer(o, async (d) => {
        d.send(PING);
        const reply = await d.waitFor(1);
        const raw = d.rawOf(reply);
        assert.equal(raw, '{"jsonrpc":"2.0","id":1,"result":{}}', "member order jsonrpc, id, result; no spaces, no carriage return");
      }),
  },
  {
    name: "a final line without a newline at EOF is answered, then the server exits 0",
    run: (o) =>
      withServer(o, async (d) => {
        d.send(new TextEncoder().encode(PING));
        d.endInput();
        const reply = await d.waitFor(1);
        assert.deepEqual(reply.result, {});
        assert.deepEqual(await d.waitExit(), { code: 0, signal: null });
      }),
  },
  {
    name: "CRLF line endings and surrounding whitespace parse normally",
    run: (o) =>
      withServer(o, async (d) => {
        assert.deepEqual((await answerTo(d, ` \t${PING} \r\n`, "CRLF")).result, {});
      }),
  },
  {
    name: "several messages in one write, and one message split across writes",
    run: (o) =>
      withServer(o, async (d) => {
        d.send('{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
        await d.waitFor(1);
        await d.waitFor(2);
        const parts = ['{"jsonrpc":"2.', '0","id":3,"meth', 'od":"ping"}\n'];
        for (const part of parts) {
          d.send(new TextEncoder().encode(part));
          await sleep(30);
        }
        assert.deepEqual((await d.waitFor(3)).result, {});
      }),
  },
  {
    name: "a multi-byte UTF-8 character split across writes is decoded whole",
    run: (o) =>
      withServer(o, async (d) => {
        const bytes = new TextEncoder().encode('{"jsonrpc":"2.0","id":"é€😀","method":"ping"}\n');
        const split = bytes.indexOf(0xe2) + 1; // inside the euro sign's three bytes
        d.send(bytes.subarray(0, split));
        await sleep(30);
        d.send(bytes.subarray(split));
        assert.deepEqual((await d.waitFor("é€😀")).result, {});
      }),
  },
];
