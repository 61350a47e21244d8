import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseShard, selectShardPairs, shardOfPair } from '../../src/core/shard.js';

const cases = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `case-${i + from}`);
const MODELS = ['openai:gpt-a', 'anthropic:claude-b', 'ollama:llama-c'];

describe('sharding (case × model)', () => {
  it('parses i/n and rejects anything else', () => {
    assert.deepEqual(parseShard('2/4'), { index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '2', 'a/b', '1/0', '-1/3']) assert.throws(() => parseShard(bad), /--shard wants i\/n/);
  });

  it('every pair is in exactly one shard, the same one every time', () => {
    const all = cases(40).flatMap((c) => MODELS.map((m) => `${c}|${m}`));
    const got = [1, 2, 3, 4].flatMap((i) => selectShardPairs(cases(40), MODELS, { index: i, count: 4 }).map((p) => `${p.caseId}|${p.model}`));
    assert.deepEqual([...got].sort(), [...all].sort());
    assert.equal(shardOfPair('case-1', 'openai:gpt-a', 4), shardOfPair('case-1', 'openai:gpt-a', 4));
  });

  it('is balanced: 600 pairs over 4 shards, each within 15% of 150', () => {
    const sizes = [1, 2, 3, 4].map((i) => selectShardPairs(cases(200), MODELS, { index: i, count: 4 }).length);
    assert.equal(
      sizes.reduce((a, b) => a + b, 0),
      600,
    );
    for (const s of sizes) assert.ok(Math.abs(s - 150) <= 22, `sizes ${sizes.join(', ')}`);
  });

  it('is stable when cases are added: no existing pair moves', () => {
    const before = new Map(cases(100).flatMap((c) => MODELS.map((m) => [`${c}|${m}`, shardOfPair(c, m, 5)] as const)));
    const after = [...cases(100), ...cases(30, 1000)];
    for (let i = 1; i <= 5; i++)
      for (const p of selectShardPairs(after, MODELS, { index: i, count: 5 })) {
        const was = before.get(`${p.caseId}|${p.model}`);
        if (was !== undefined) assert.equal(was, i, `${p.caseId} ${p.model} moved`);
      }
  });

  it('splits by model too: one case lands in more than one shard across models', () => {
    const shards = new Set(cases(20).flatMap((c) => MODELS.map((m) => shardOfPair(c, m, 3))));
    assert.equal(shards.size, 3);
    assert.ok(cases(20).some((c) => new Set(MODELS.map((m) => shardOfPair(c, m, 3))).size > 1));
  });
});
