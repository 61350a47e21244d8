import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliArgv } from '../support/fixtures.js';

/** The modules (files and packages) one CLI invocation loads, recorded by a module hook. */
function loaded(args: string[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'assay-load-'));
  const log = path.join(dir, 'loaded.txt');
  const hook = path.join(dir, 'hook.mjs');
  const loader = `import { appendFileSync } from 'node:fs'; export async function load(url, c, next) { if (!url.startsWith('node:')) appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, c); }`;
  writeFileSync(hook, `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});\n`);
  writeFileSync(log, '');
  execFileSync(process.execPath, ['--import', hook, ...cliArgv(), ...args], { stdio: 'ignore', env: { ...process.env, NO_COLOR: '1' } });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

const heavy = /node_modules\/(openai|@anthropic-ai|@modelcontextprotocol\/server|zod|ajv|undici|yaml)\/|\/examples\//;

describe('a command loads only what it uses', () => {
  for (const args of [['--version'], ['--help'], ['check', '--help'], ['eval', '--help']])
    it(`${args.join(' ')} loads no engine, config parser, SDK or example`, () => {
      const mods = loaded(args);
      assert.deepEqual(
        mods.filter((m) => heavy.test(m) || /\/src\/(engine|checks|target|contracts|reporters|providers)\//.test(m)),
        [],
      );
    });

  it('check loads no model provider SDK and no example server', () => {
    const mods = loaded(['check', '--list']);
    assert.ok(
      mods.some((m) => /\/src\/checks\//.test(m)),
      'the check catalogue was loaded',
    );
    assert.deepEqual(
      mods.filter((m) => /node_modules\/(openai|@anthropic-ai|@modelcontextprotocol\/server)\/|\/examples\//.test(m)),
      [],
    );
  });
});
