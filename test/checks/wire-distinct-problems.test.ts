import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { distinctProblems } from '../../src/checks/wire/support.js';
import type { WireFinding } from '../../src/target/wire-audit.js';

const ttl = (seq: number): WireFinding => ({ seq, method: 'tools/list', path: '/result/ttlMs', message: 'must be >= 0' });
const scope = (seq: number): WireFinding => ({ seq, method: 'resources/read', path: '/result/cacheScope', message: 'must be one of "public", "private"' });

describe('wire/server-messages-valid lists distinct problems', () => {
  it('gives the same text whatever order the messages arrived in', () => {
    const arrived = [ttl(9), scope(4), ttl(2), scope(30), scope(12), scope(7), ttl(15), ttl(40)];
    const text = distinctProblems(arrived);
    assert.equal(distinctProblems([...arrived].reverse()), text);
    assert.equal(
      text,
      '(resources/read) /result/cacheScope: must be one of "public", "private" [#4, #7, #12 and 1 more]; (tools/list) /result/ttlMs: must be >= 0 [#2, #9, #15 and 1 more]',
    );
  });
  it('names every distinct problem before it repeats one, and says how many are not shown', () => {
    const many: WireFinding[] = [];
    for (let i = 0; i < 8; i++) many.push({ seq: 100 - i, path: `/result/p${i}`, message: 'is missing' }, ttl(200 + i));
    const text = distinctProblems(many);
    assert.equal(text.split('; ').length, 7);
    assert.match(text, /^\(tools\/list\) \/result\/ttlMs: must be >= 0 \[#200, #201, #202 and 5 more\]; \/result\/p0: is missing \[#100\]; /);
    assert.match(text, /\/result\/p4: is missing \[#96\]; and 3 more distinct problem\(s\)$/);
    assert.doesNotMatch(text, /p5|p6|p7/, 'problems past the sixth are counted, not shown');
  });
});
