import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/;
const evil = 'evil\u001b[2J\u0007\u009b31m\u202etool';

describe('diff of hostile catalogues', () => {
  it('prints and writes no raw control byte from server text, and a type change behind allOf [$ref] still fails', async () => {
    const dir = tempDir('diff-escape-');
    const schema = (type: string) => ({ type: 'object', $defs: { Id: { type } }, properties: { id: { allOf: [{ $ref: '#/$defs/Id' }] } }, required: ['id'] });
    const side = (type: string, extra: object[]) => ({
      tools: [{ name: 'get', description: `Gets.\u001b]0;title\u0007`, inputSchema: schema(type) }, ...extra],
    });
    writeFileSync(path.join(dir, 'old.json'), JSON.stringify(side('string', [{ name: evil, description: 'x\u202ey', inputSchema: { type: 'object' } }])));
    writeFileSync(path.join(dir, 'new.json'), JSON.stringify(side('integer', [])));
    const md = path.join(dir, 'diff.md');
    const run = await runCli(['diff', path.join(dir, 'old.json'), path.join(dir, 'new.json'), '--md', md, '--no-color']);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    for (const [k, text] of Object.entries({ stdout: run.stdout, stderr: run.stderr, md: readFileSync(md, 'utf8') }))
      assert.equal(CONTROL.exec(text), null, `raw control byte in ${k}`);
    assert.match(run.stdout, /evil\\x1b\[2J\\x07\\x9b31m\\u202etool/);
    assert.match(run.stdout, /get: type-changed at input.id/, 'the allOf-wrapped type change is reported');
  });
});
