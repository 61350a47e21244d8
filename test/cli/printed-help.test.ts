import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { printedHelp } from '../../src/cli/printed-help.js';
import { cliArgv, REPO } from '../support/fixtures.js';

const fromSources = cliArgv().at(-1)!.endsWith('.ts');

describe('the top-level help stored at build time', () => {
  it('is what commander prints now for --help on an 80-column stdout', { skip: fromSources && 'runs from the sources: no build, nothing stored' }, async () => {
    const live = await printedHelp();
    assert.match(live, /^Usage: mcp-assay \[options\] \[command\]\n/);
    // An option, a command or a description changed since the build fails here until `npm run build` stores it again.
    for (const stored of ['dist/src/cli/generated/top-help.txt', 'dist/bundle/generated/top-help.txt'])
      assert.equal(readFileSync(path.join(REPO, stored), 'utf8'), live, `${stored} is stale`);
  });

  for (const flag of ['--help', '-h'])
    it(`\`mcp-assay ${flag}\` prints commander's help byte for byte and exits 0`, async () => {
      const r = spawnSync(process.execPath, [...cliArgv(), flag], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, await printedHelp());
    });

  it('is wrapped for 80 columns: a terminal of another width gets commander itself', async () => {
    // Why the stored text applies only off a terminal or on one 80 columns wide.
    assert.notEqual(await printedHelp(120), await printedHelp());
    assert.ok(fromSources || existsSync(path.join(REPO, 'dist/bundle/generated/top-help.txt')));
  });
});
