import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEPTH_PLACEHOLDER, MAX_JSON_DEPTH, parseBounded, wasDepthCut } from '../../src/core/json-depth.js';
import { parseBoundedAsync } from '../../src/core/json-parse-async.js';
import { ParseMemo } from '../../src/core/json-parse-memo.js';
import { scaleTools } from '../../bench/scale/tools.js';

/** Same value, same own-key order, same prototype-free handling of "__proto__", same depth cut. */
async function same(text: string): Promise<unknown> {
  const want = parseBounded(text);
  const got = await parseBoundedAsync(text);
  assert.deepStrictEqual(got, want);
  assert.equal(JSON.stringify(got), JSON.stringify(want), 'key order');
  assert.equal(wasDepthCut(got), wasDepthCut(want));
  return got;
}

async function sameError(text: string): Promise<void> {
  let want: unknown;
  try {
    JSON.parse(text);
  } catch (e) {
    want = e;
  }
  assert.ok(want instanceof SyntaxError, 'the text is invalid');
  await assert.rejects(parseBoundedAsync(text), (e: unknown) => e instanceof SyntaxError && e.message === want.message);
}

const big = (inner: string, n = 300): string => `[${Array.from({ length: n }, (_, i) => inner.replace('#', String(i))).join(',')}]`;
const filler = 'x'.repeat(1200);

describe('parseBoundedAsync', () => {
  it('a 5,000-tool list answer parses to exactly what JSON.parse gives', async () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: scaleTools(5000), nextCursor: 'c' } }, null, 1);
    const v = (await same(text)) as { result: { tools: unknown[] } };
    assert.equal(v.result.tools.length, 5000);
    // It was split, not parsed whole: timers ran while it parsed.
    let turns = 0;
    const tick = setInterval(() => turns++, 0);
    await parseBoundedAsync(text);
    clearInterval(tick);
    assert.ok(turns > 0, 'the event loop had turns during the parse');
  });

  it('keeps JSON.parse semantics for awkward keys and strings in a large message', async () => {
    const member = `{"__proto__":{"polluted":#},"a":1,"a":2,"1":"one","s":"q\\"uote\\\\","u":"\\u00e9\\ud83d\\ude00 ]},[{:","e":{},"l":[ ],"f":"${filler}"}`;
    const v = (await same(` \n${big(member)}\t\r\n`)) as Record<string, unknown>[];
    const first = v[0] as Record<string, unknown>;
    assert.ok(Object.hasOwn(first, '__proto__'), '__proto__ is an own property');
    assert.equal(Object.getPrototypeOf(first), Object.prototype);
    assert.equal(first.a, 2);
    assert.deepEqual(Object.keys(first), ['1', '__proto__', 'a', 's', 'u', 'e', 'l', 'f']);
    // A large object at the top, whose members are split too.
    await same(`{"b":${big(member)},"a":${big(member)},"b":[]}`);
  });

  it('cuts what is nested deeper than the bound, at the same places, and says so', async () => {
    const deep = `${'['.repeat(200)}1${']'.repeat(200)}`;
    const v = (await same(`{"pad":${big(`"${filler}#"`)},"deep":${deep}}`)) as { deep: unknown };
    assert.ok(wasDepthCut(v));
    assert.match(JSON.stringify(v.deep), new RegExp(DEPTH_PLACEHOLDER.replace(/[[\]]/g, '\\$&')));
  });

  it('throws the error JSON.parse throws on a bad large text', async () => {
    const good = big(`{"f":"${filler}","n":#}`);
    for (const bad of [
      `${good.slice(0, -1)},]`,
      `${good} x`,
      good.replace('"n":5}', '"n":5 "m":1}'),
      good.replace('"n":5}', '"n":5:1}'),
      good.replace('{"f"', '{f'),
      `${good.slice(0, -1)}}`,
      `[${good.slice(1, 200_000)}`,
      good.replace(',{"f"', ',,{"f"'),
      `\u00a0${good}`,
    ])
      await sameError(bad);
  });

  it('finds the right cuts when the separator between members also occurs inside them', async () => {
    // `},{"name":` separates the outer members and the inner ones alike: wrong cuts fail to parse and are moved on.
    const member = `{"name":"#","kids":[{"name":"a"},{"name":"b","k":[{"name":"c"},{"name":"d"}]}],"f":"${filler}"}`;
    await same(big(member, 600));
    await same(`{"result":${big(member, 600)},"x":{"y":"}]\\"},"},"z":[{"q":1}],"id":3}`);
    await same(`{"id":3,"result":{"tools":${big(member, 600)}} , "jsonrpc" : "2.0" }`);
  });

  it('with a memo, parses a large value once per exact text and shares it frozen; envelopes stay fresh', async () => {
    const result = { tools: scaleTools(1000) };
    const memo = new ParseMemo();
    const one = (await parseBoundedAsync(JSON.stringify({ result, jsonrpc: '2.0', id: 1 }), memo)) as { result: { tools: Record<string, unknown>[] } };
    const two = (await parseBoundedAsync(JSON.stringify({ result, jsonrpc: '2.0', id: 22 }), memo)) as typeof one;
    assert.deepStrictEqual(two, parseBounded(JSON.stringify({ result, jsonrpc: '2.0', id: 22 })));
    assert.notEqual(one, two, 'each answer has its own envelope');
    assert.equal(one.result, two.result, 'the large value is shared');
    assert.ok(!Object.isFrozen(two));
    const tool = two.result.tools[0]!;
    assert.ok(Object.isFrozen(two.result) && Object.isFrozen(two.result.tools) && Object.isFrozen(tool) && Object.isFrozen(tool.inputSchema));
    assert.throws(() => {
      tool.name = 'changed';
    }, TypeError);
    assert.throws(() => two.result.tools.sort(), TypeError);
    // A different text is parsed afresh.
    const other = (await parseBoundedAsync(JSON.stringify({ result: { tools: scaleTools(999) }, id: 3 }), memo)) as typeof one;
    assert.equal(other.result.tools.length, 999);
  });

  it('with a memo, answers read at the same moment wait for one parse of their shared value', async () => {
    const result = { tools: scaleTools(2000) };
    const memo = new ParseMemo();
    const texts = [1, 2, 3].map((id) => JSON.stringify({ result, jsonrpc: '2.0', id }));
    const [one, two, three] = (await Promise.all(texts.map((t) => parseBoundedAsync(t, memo)))) as { result: unknown; id: number }[];
    assert.equal(one!.result, two!.result, 'parsed once, shared');
    assert.equal(one!.result, three!.result);
    assert.deepStrictEqual([one!.id, two!.id, three!.id], [1, 2, 3]);
    assert.deepStrictEqual(three, parseBounded(texts[2]!));
  });

  it('keeps no more text than its bound: the oldest values are parsed again', async () => {
    const text = (id: number, n: number) => JSON.stringify({ result: { tools: scaleTools(n) }, id });
    const memo = new ParseMemo(text(0, 1000).length * 1.5);
    const first = (await parseBoundedAsync(text(1, 1000), memo)) as { result: unknown };
    assert.equal(((await parseBoundedAsync(text(2, 1000), memo)) as typeof first).result, first.result, 'kept while it fits');
    await parseBoundedAsync(text(3, 900), memo);
    const again = (await parseBoundedAsync(text(4, 1000), memo)) as typeof first;
    assert.notEqual(again.result, first.result, 'pushed out by a newer value');
    assert.deepStrictEqual(again.result, first.result);
  });

  it('with a memo, a value met at another nesting level is bounded for where it is', async () => {
    // Nested so that it fits the depth bound at level 2 and not at level 3.
    const deep = `${'['.repeat(MAX_JSON_DEPTH - 2)}1${']'.repeat(MAX_JSON_DEPTH - 2)}`;
    const value = `[${deep},${big(`{"f":"${filler}","n":#}`).slice(1)}`;
    const memo = new ParseMemo();
    const shallow = `{"a":${value}}`;
    const deeper = `{"x":{"a":${value}}}`;
    assert.deepStrictEqual(await parseBoundedAsync(shallow, memo), parseBounded(shallow));
    const got = await parseBoundedAsync(deeper, memo);
    assert.deepStrictEqual(got, parseBounded(deeper));
    assert.equal(wasDepthCut(got), true);
    assert.equal(wasDepthCut(parseBounded(shallow)), false);
  });
});
