/**
 * kubernetes-mcp-server (pinned devDependency): a Go server on the Go MCP SDK, shipped as a platform binary through
 * npm. Its cluster is a kubeconfig pointing at a closed local port, so it starts offline and every tool that would
 * reach the cluster fails at once. Over stdio it is dual-era (server/discover lists 2026-07-28); over Streamable HTTP,
 * in its default stateful mode, server/discover lists only 2025 versions and every other 2026-07-28 request is refused
 * (this version: HTTP 400 with a plain-text body naming the version; a later one answers -32022), so it is graded
 * 2025-era. Every verdict other than pass or skip is listed with its reason in
 * test/fixtures/real-servers/verdicts.json.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO } from '../support/fixtures.js';
import { processesWithEnv, runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { FIXTURE, readTarget } from './npm-cases.js';
import { freePort, startedWhen } from './npm-servers.js';

const PLATFORM: Record<string, string> = { linux_x64: 'linux-amd64', linux_arm64: 'linux-arm64', darwin_x64: 'darwin-amd64', darwin_arm64: 'darwin-arm64' };

/** The platform binary itself: the package's node wrapper would stand between the harness and the server. */
function binary(): string | undefined {
  const p = PLATFORM[`${process.platform}_${process.arch}`];
  if (!p) return undefined;
  try {
    return createRequire(path.join(REPO, 'package.json')).resolve(`kubernetes-mcp-server-${p}/bin/kubernetes-mcp-server-${p}`);
  } catch {
    return undefined;
  }
}

const dir = tempDir('assay-k8s-');
const kubeconfig = path.join(dir, 'kubeconfig');
writeFileSync(
  kubeconfig,
  [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- name: closed',
    '  cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}',
    'contexts:',
    '- name: closed',
    '  context: {cluster: closed, user: dummy, namespace: default}',
    'current-context: closed',
    'users:',
    '- name: dummy',
    '  user: {token: not-a-real-token}',
    '',
  ].join('\n'),
);

const notable = (file: string) =>
  readTarget(file)
    .results.filter((r) => r.status !== 'pass' && r.status !== 'skip')
    .map((r) => `${r.checkId} ${r.status}`)
    .sort();
const expected = (name: string) => {
  const list = FIXTURE.servers[name] ?? [];
  for (const v of list) assert.ok(v.reason.length > 40, `${name} ${v.check}: a reason`);
  return list.map((v) => `${v.check} ${v.status}`).sort();
};

const bin = binary();

describe('kubernetes-mcp-server over stdio (dual-era)', { skip: bin ? false : 'no kubernetes-mcp-server binary for this platform' }, () => {
  it('is graded modern and dual-era; every verdict is one the fixture explains', async () => {
    const json = path.join(dir, 'stdio.json');
    const marker = `k8s-${process.pid}-${Date.now()}`;
    const r = await runCli(['check', '--json', json, '--env', `ASSAY_TEST_MARKER=${marker}`, '--', bin!, '--kubeconfig', kubeconfig], {
      cwd: REPO,
      deadlineMs: 150_000,
    });
    const t = readTarget(json) as ReturnType<typeof readTarget> & { eraReason: string };
    assert.equal(t.era, 'modern', r.stdout);
    assert.match(t.eraReason, /dual-era/, r.stdout);
    assert.deepEqual(notable(json), expected('kubernetes-stdio'), r.stdout);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.deepEqual(processesWithEnv('ASSAY_TEST_MARKER', marker), []);
  });
});

describe('kubernetes-mcp-server over Streamable HTTP (stateful: 2025-era)', { skip: bin ? false : 'no kubernetes-mcp-server binary for this platform' }, () => {
  let child: ChildProcess;
  let url = '';
  before(async () => {
    const port = await freePort();
    child = spawn(bin!, ['--kubeconfig', kubeconfig, '--port', String(port), '--bind-address', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    process.once('exit', () => child.kill('SIGKILL'));
    await startedWhen(child, /HTTP server starting/, 'kubernetes-mcp-server');
    url = `http://127.0.0.1:${port}/mcp`;
  });
  after(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  );

  it('is graded 2025-era, not failed on each modern check for its version refusal; every verdict is one the fixture explains', async () => {
    const json = path.join(dir, 'http.json');
    const r = await runCli(['check', '--json', json, url], { cwd: REPO, deadlineMs: 150_000 });
    const t = readTarget(json) as ReturnType<typeof readTarget> & { eraReason: string };
    assert.equal(t.era, 'legacy', r.stdout);
    assert.match(t.eraReason, /server\/discover lists only 2025-11-25.*HTTP 400, non-JSON-RPC body .*2026-07-28.*initialize succeeded/, r.stdout);
    assert.deepEqual(notable(json), expected('kubernetes-http'), r.stdout);
    assert.equal(r.code, 1, r.stdout + r.stderr);
  });

  it('snapshot reads its catalogue through the 2025 session', async () => {
    const r = await runCli(['snapshot', url], { cwd: REPO, deadlineMs: 60_000 });
    assert.equal(r.code, 0, r.stderr);
    const tools = (JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((x) => x.name);
    assert.ok(tools.includes('pods_list') && tools.includes('resources_get'), tools.join(', '));
  });
});
