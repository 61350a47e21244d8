/** What a full check over stdio waits for before its listen windows open, and when it starts the copies it needs. */
import assert from 'node:assert/strict';
import cp from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { CHECKS } from '../../src/checks/index.js';
import type { WireEntry } from '../../src/core/types.js';
import { exampleStdio, explain, REPO, run } from '../support/fixtures.js';

/** A Node flag: a process whose first input is a 2025-11-25 `initialize` reads it (and all after it) `ms` late. */
function slowLegacyHandshake(ms: number): string[] {
  const code = [
    `const emit = process.stdin.emit; let first = true; let gate;`,
    `process.stdin.emit = function (ev, ...a) {`,
    `  if (ev === 'data' && first) { first = false; const s = String(a[0]); if (s.includes('"initialize"') && s.includes('"2025-11-25"')) gate = new Promise((r) => setTimeout(r, ${ms})); }`,
    `  if (gate && (ev === 'data' || ev === 'end')) { gate = gate.then(() => emit.call(this, ev, ...a)); return true; }`,
    `  return emit.call(this, ev, ...a);`,
    `};`,
  ].join('\n');
  return ['--import', `data:text/javascript,${encodeURIComponent(code)}`];
}

const method = (w: WireEntry) => (w.body as { method?: unknown } | undefined)?.method;

test('the listen windows open on the run’s own process without waiting for the 2025 handshake’s answer', { timeout: 120_000 }, async () => {
  const spec = exampleStdio('support-desk/stdio');
  const report = await run({ ...spec, args: [...slowLegacyHandshake(2500), ...spec.args] }, { concurrency: 8 });
  assert.match(report.eraReason, /dual-era/, explain(report));
  const answer = report.wire.find((w) => w.from === 'server' && w.phase === 'dual-era' && w.legacy);
  assert.ok(answer, 'the 2025 handshake was answered');
  const listens = report.wire.filter((w) => w.from === 'harness' && method(w) === 'subscriptions/listen');
  assert.equal(listens.length >= 2, true, 'both window-bound checks listened');
  for (const l of listens) assert.ok(l.seq < answer.seq, `${l.phase} listened (#${l.seq}) before the 2025 handshake was answered (#${answer.seq})`);
  // The 2025-era checks still ran, in the session that handshake opened, and judged the same as ever.
  const legacy = report.results.filter((r) => r.checkId.startsWith('legacy/'));
  assert.ok(legacy.some((r) => r.status === 'pass'));
  assert.deepEqual(
    legacy.filter((r) => r.status !== 'pass' && r.status !== 'skip').map((r) => r.checkId),
    [],
    explain(report),
  );
  const lists = report.results.find((r) => r.checkId === 'removed/initialize-lists-versions');
  assert.equal(lists?.status, 'pass', explain(report));
  assert.match(lists?.message ?? '', /serves both eras/);
  // Every 2025-era request went out after the handshake's answer.
  for (const w of report.wire.filter((x) => x.from === 'harness' && x.phase.startsWith('legacy/')))
    assert.ok(w.seq > answer.seq, `${w.phase} #${w.seq} after #${answer.seq}`);
});

test('a check whose verdict reads probe.dualEra says so, so it waits for the answer', () => {
  const root = path.join(REPO, 'src/checks');
  const readers = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(path.join(root, f), 'utf8'))
    .filter((text) => /probe\??\.dualEra/.test(text));
  assert.ok(readers.length > 0, 'the scan finds the checks that read it');
  for (const text of readers)
    for (const [, id] of text.matchAll(/\bid: '([^']+)'/g)) {
      const def = CHECKS.find((c) => c.id === id);
      if (def) assert.equal(def.readsDualEra, true, `${id} reads probe.dualEra`);
    }
});

test('the copies the checks need start once the listen requests are out, not between the probe and the windows', { timeout: 120_000 }, async () => {
  // In this process: every spawn, and the first line written to each child, in the order they happen.
  const events: string[] = [];
  const original = cp.spawn;
  const traced = function (this: unknown, ...a: Parameters<typeof cp.spawn>) {
    const child = original.apply(this, a);
    events.push('spawn');
    const stdin = child.stdin;
    if (stdin) {
      const write = stdin.write.bind(stdin) as (...x: unknown[]) => boolean;
      stdin.write = ((chunk: unknown, ...rest: unknown[]) => {
        const method = /"method":"([^"]+)"/.exec(String(chunk))?.[1];
        if (method) events.push(`write ${method}`);
        return write(chunk, ...rest);
      }) as typeof stdin.write;
    }
    return child;
  } as typeof cp.spawn;
  cp.spawn = traced;
  syncBuiltinESMExports();
  try {
    const report = await run(exampleStdio('support-desk/stdio'), { concurrency: 8 });
    assert.match(report.eraReason, /dual-era/, explain(report));
    const spawns = events.flatMap((e, i) => (e === 'spawn' ? [i] : []));
    const listens = events.flatMap((e, i) => (e === 'write subscriptions/listen' ? [i] : []));
    assert.equal(spawns.length, 4, events.join(', '));
    assert.ok(listens.length >= 2, events.join(', '));
    // The run's own process and the 2025 handshake's start first; the two copies only after both listens.
    for (const s of spawns.slice(2))
      assert.ok(s > listens[1]!, `a copy spawned (event ${s}) before the second listen (event ${listens[1]}): ${events.join(', ')}`);
  } finally {
    cp.spawn = original;
    syncBuiltinESMExports();
  }
});
