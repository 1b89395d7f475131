import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";
import { answerTo, assertError, assertNothingAnsweredBefore, callParams, withServer } from "../harness.js";

export const invalidRequestCases: readonly CaseRow[] = [
  {
    name: "a top-level scalar is -32600 with id null and no data",
    run: (o) =>
      withServer(o, async (d) => {
        for (const scalar of ["42", '"x"', "true", "null", "-1.5e3"]) {
          const reply = await answerTo(d, scalar, scalar);
          assertError(reply, -32600, null, `top-level ${scalar}`);
          assert.equal(reply.error!.data, undefined, `top-level ${scalar}: no data`);
        }
      }),
  },
  {
    name: "an id without a string method is -32600 with that id",
    run: (o) =>
      withServer(o, async (d) => {
        assertError(await answerTo(d, '{"jsonrpc":"2.0","id":7}', "no method"), -32600, 7, "no method");
        assertError(await answerTo(d, '{"jsonrpc":"2.0","id":8,"method":5}', "numeric method"), -32600, 8, "numeric method");
        assertError(await answerTo(d, '{"jsonrpc":"2.0","id":"s","method":null}', "null method"), -32600, "s", "null method");
        assertError(await answerTo(d, '{"id":null,"method":["ping"]}', "array method"), -32600, null, "array method");
      }),
  },
  {
    name: "the jsonrpc member is not checked",
    run: (o) =>
      withServer(o, async (d) => {
        assert.deepEqual((await answerTo(d, '{"id":1,"method":"ping"}', "missing jsonrpc")).result, {});
        assert.deepEqual((await answerTo(d, '{"jsonrpc":"1.0","id":2,"method":"ping"}', "jsonrpc 1.0")).result, {});
      }),
  },
];

export const notificationCases: readonly CaseRow[] = [
  {
    name: "notifications are never answered, known or unknown, valid or not",
    run: (o) =>
      withServer(o, async (d) => {
        const lines = [
          '{"jsonrpc":"2.0","method":"notifications/initialized"}',
          '{"jsonrpc":"2.0","method":"notifications/whatever","params":[1,2]}',
          '{"jsonrpc":"2.0","method":"ping"}',
          '{"jsonrpc":"2.0","method":"tools/list"}',
          '{"jsonrpc":"2.0","method":"no/such/method"}',
          '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345}}',
          '{"jsonrpc":"2.0","method":"notifications/cancelled","params":"junk"}',
          '{"jsonrpc":"2.0","method":"tools/call","params":"not an object"}',
          '{"jsonrpc":"2.0","method":42}',
          '{"jsonrpc":"2.0"}',
          "{}",
        ];
        for (const line of lines) d.send(line);
        await assertNothingAnsweredBefore(d, "notifications");
      }),
  },
  {
    name: "a tools/call sent as a notification runs nothing visible and gets no reply",
    skip: (o) => (o.sampleTool === undefined ? "no sampleTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        d.send(JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: callParams(o.sampleTool!) }));
        await assertNothingAnsweredBefore(d, "tools/call without id");
      }),
  },
];

export const idCases: readonly CaseRow[] = [
  {
    name: '"id": null is a request, answered with id null',
    run: (o) =>
      withServer(o, async (d) => {
        assert.deepEqual(await answerTo(d, '{"jsonrpc":"2.0","id":null,"method":"ping"}', "id null"), { jsonrpc: "2.0", id: null, result: {} });
      }),
  },
  {
    name: "ids are echoed with their JSON type",
    run: (o) =>
      withServer(o, async (d) => {
        for (const id of ["1", 1, 0, -7, 2.5, "", "ça va ✓", "a\"b\\c\n", 9007199254740991]) {
          const reply = await answerTo(d, JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }), `id ${JSON.stringify(id)}`);
          assert.ok(Object.is(reply.id, id), `id ${JSON.stringify(id)} (${typeof id}) came back as ${JSON.stringify(reply.id)} (${typeof reply.id})`);
          assert.deepEqual(reply.result, {});
        }
      }),
  },
  {
    name: "error replies echo the id too",
    run: (o) =>
      withServer(o, async (d) => {
        assertError(await answerTo(d, '{"jsonrpc":"2.0","id":"x-1","method":"no/such"}', "string id"), -32601, "x-1", "string id");
        assertError(await answerTo(d, '{"jsonrpc":"2.0","id":null,"method":"no/such"}', "null id"), -32601, null, "null id");
      }),
  },
];

export const methodCases: readonly CaseRow[] = [
  {
    name: "unknown methods are -32601 Method not found",
    run: (o) =>
      withServer(o, async (d) => {
        for (const method of ["no/such/method", "prompts/list", "logging/setLevel", "notifications/initialized", "Ping", "tools/list/"]) {
          const reply = await answerTo(d, JSON.stringify({ jsonrpc: "2.0", id: method, method }), method);
          assertError(reply, -32601, method, method);
          assert.equal(reply.error!.message, "Method not found");
        }
      }),
  },
  {
    name: "resources/* exist exactly when the resources capability is announced",
    run: (o) =>
      withServer(o, async (d) => {
        const init = await d.initialize();
        const hasResources = typeof init.result?.capabilities?.resources === "object";
        const list = await d.request({ method: "resources/list" });
        if (!hasResources) {
          assertError(list, -32601, list.id, "resources/list without the capability");
          return;
        }
        assert.ok(Array.isArray(list.result?.resources), "resources/list returns { resources: [...] }");
        for (const r of list.result.resources) {
          assert.equal(typeof r.uri, "string");
          assert.equal(typeof r.name, "string");
          const read = await d.request({ method: "resources/read", params: { uri: r.uri } });
          assert.ok(Array.isArray(read.result?.contents) && read.result.contents.length > 0, `resources/read ${r.uri} returns contents`);
          assert.equal(read.result.contents[0].uri, r.uri);
        }
        const missing = await d.request({ method: "resources/read", params: { uri: "nowhere://nothing" } });
        assert.ok(missing.error !== undefined && missing.error.code !== -32603, "an unknown uri is a client error, not -32603");
        const bad = await d.request({ method: "resources/read", params: {} });
        assertError(bad, -32602, bad.id, "resources/read without uri");
      }),
  },
  {
    name: "ping answers {} whatever its params",
    run: (o) =>
      withServer(o, async (d) => {
        for (const params of [undefined, {}, [], "x", null, { _meta: { progressToken: 1 } }]) {
          const reply = await d.request(params === undefined ? { method: "ping" } : { method: "ping", params });
          assert.deepEqual(reply.result, {}, `ping with params ${JSON.stringify(params)}`);
        }
      }),
  },
];
