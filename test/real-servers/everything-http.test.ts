/**
 * server-everything over Streamable HTTP (its streamableHttp mode, bound to 127.0.0.1): graded 2025-era through a real
 * 2025 session, the same catalogue as over stdio, and the session visible on the wire.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { dir, serverCases } from './npm-cases.js';
import { npmServer, startEverythingHttp, type EverythingHttp } from './npm-servers.js';

describe('server-everything over Streamable HTTP', () => {
  let http: EverythingHttp;
  before(async () => {
    http = await startEverythingHttp();
  });
  after(() => http.close());

  serverCases('everything-http', () => [http.url]);

  it('snapshot reads the same catalogue from server-everything over stdio and over Streamable HTTP', async () => {
    const a = path.join(dir, 'everything-stdio.snapshot.json');
    const b = path.join(dir, 'everything-http.snapshot.json');
    const s1 = await runCli(['snapshot', '-o', a, '--', ...npmServer('server-everything', ['stdio'])], { cwd: REPO, deadlineMs: 90_000 });
    const s2 = await runCli(['snapshot', '-o', b, http.url], { cwd: REPO, deadlineMs: 90_000 });
    assert.equal(s1.code, 0, s1.stderr);
    assert.equal(s2.code, 0, s2.stderr);
    const [ca, cb] = [a, b].map((f) => JSON.parse(readFileSync(f, 'utf8')) as { tools: unknown[]; hashes: { catalogue: string } });
    assert.ok(ca!.tools.length >= 10, 'a real catalogue, not an empty one');
    assert.equal(ca!.hashes.catalogue, cb!.hashes.catalogue);
    assert.equal(readFileSync(a, 'utf8'), readFileSync(b, 'utf8'));
  });

  it('speaks a 2025 session over HTTP: session id and version on every request after initialize, DELETE at the end', async () => {
    const json = path.join(dir, 'everything-http-session.json');
    const r = await runCli(['check', '--only', 'tools/', '--only', 'legacy/', '--only', 'http-transport/', '--no-contracts', '--json', json, http.url], {
      cwd: REPO,
      deadlineMs: 90_000,
    });
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    const wire = (
      JSON.parse(readFileSync(json, 'utf8')) as {
        targets: { wire: { from: string; phase: string; http?: { method?: string; headers?: Record<string, string> }; body?: { method?: string } }[] }[];
      }
    ).targets[0]!.wire;
    const h = (e: (typeof wire)[number], name: string) => Object.entries(e.http?.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
    // The shared list calls and an ordinary tools/call, made over the main connection after the probe's initialize.
    const shared = wire.filter(
      (e) => e.from === 'harness' && (e.phase === 'shared' || e.phase === 'tools/unknown-tool') && e.http?.method === 'POST' && e.body?.method !== 'initialize',
    );
    assert.ok(shared.length >= 2, `requests over the main connection: ${shared.length}`);
    for (const e of shared) assert.ok(h(e, 'mcp-session-id') && h(e, 'mcp-protocol-version') === '2025-11-25', `${e.body?.method} carries the session`);
    assert.ok(
      wire.some((e) => e.from === 'harness' && e.http?.method === 'DELETE' && e.phase === 'close' && h(e, 'mcp-session-id')),
      'DELETE ends the session',
    );
  });

  it('contracts reads a 2025 server over HTTP; its exit code follows error-level rules', async () => {
    const r = await runCli(['contracts', http.url], { cwd: REPO, deadlineMs: 90_000 });
    assert.match(r.stdout, /risk\/inventory/);
    assert.doesNotMatch(r.stdout, /0 tools/);
    assert.equal(r.code, /error\s+risk\//.test(r.stdout) ? 1 : 0, r.stdout);
  });
});
