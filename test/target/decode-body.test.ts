import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeUtf8 } from '../../src/target/decode-body.js';

describe('decodeUtf8', () => {
  const big = (s: string): Buffer => Buffer.from(s.repeat(Math.ceil(200_000 / s.length)));
  it('gives what the UTF-8 decoder gives, for ASCII, multi-byte and broken bodies large and small', () => {
    const bodies = [
      Buffer.from('{"a":1}'),
      big('{"name":"tool","description":"plain ASCII \\u00e9 escaped"},'),
      big('{"description":"déjà vu — ✓ 😀"},'),
      Buffer.concat([big('{"ok":true},'), Buffer.from([0xff, 0xfe, 0xc3]), big('tail')]),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), big('{"bom":1},')]),
      Buffer.alloc(0),
    ];
    for (const b of bodies) assert.equal(decodeUtf8(b), b.toString('utf8'));
  });
});
