import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startProtectedServer } from '../fixtures/servers/auth/server.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-auth-');

describe('check against protected servers through the real CLI', () => {
  it('a correct server passes the auth checks, and no token reaches the console or any report', async () => {
    const s = await startProtectedServer();
    try {
      const files = ['r.json', 'r.xml', 'r.md'].map((f) => path.join(dir, f));
      const args = ['check', s.url, '--only', 'auth/', '-v', '-H', `Authorization: Bearer ${s.tokens.valid}`];
      const r = await runCli([
        ...args,
        '--auth-other-audience-token',
        s.tokens.otherAudience,
        '--auth-expired-token',
        s.tokens.expired,
        '--json',
        files[0]!,
        '--junit',
        files[1]!,
        '--md',
        files[2]!,
      ]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /8 passed, 0 failed/);
      const everything = [r.stdout, r.stderr, ...files.map((f) => readFileSync(f, 'utf8'))].join('\n');
      for (const tok of Object.values(s.tokens)) {
        assert.ok(!everything.includes(tok), 'a token leaked');
        assert.ok(!everything.includes(tok.split('.')[2]!), 'a token signature leaked');
      }
    } finally {
      await s.close();
    }
  });

  it('a server that accepts tokens for any audience fails (exit 1), naming the check', async () => {
    const s = await startProtectedServer({ faults: ['audience-unchecked'] });
    try {
      const r = await runCli([
        'check',
        s.url,
        '--only',
        'auth/',
        '-H',
        `Authorization: Bearer ${s.tokens.valid}`,
        '--auth-other-audience-token',
        s.tokens.otherAudience,
      ]);
      assert.equal(r.code, 1, r.stdout);
      assert.match(r.stdout, /auth\/audience-validated/);
      assert.match(r.stdout, /token was accepted/);
    } finally {
      await s.close();
    }
  });
});
