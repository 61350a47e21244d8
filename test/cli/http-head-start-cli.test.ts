/** `check <url>` sends the era probe's request before the CLI loads its checks, and the run records it as its probe. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { cliArgv } from '../support/fixtures.js';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { tempDir } from '../support/temp-dir.js';
import { firstCheckModule as firstCheck } from '../support/load-order.js';

const run = promisify(execFile);

interface Entry {
  seq: number;
  atMs: number;
  from: string;
  phase: string;
  body?: { method?: string };
}

test(
  'an HTTP server gets server/discover before any check module loads, once, and the wire log starts with it, the listens right after its answer; wasm compiles baseline only',
  { timeout: 180_000 },
  async () => {
    const dir = tempDir('mcp-assay-http-head-start-cli-');
    const server = await startSupportDeskHttp({ port: 0 });
    try {
      const log = path.join(dir, 'order.log');
      // In the CLI: every module it loads, and every HTTP request it creates, one line each in the order they happen.
      const loader = `import { appendFileSync } from 'node:fs'; export async function load(url, c, next) { if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, 'load ' + url + '\\n'); return next(url, c); }`;
      const hook = path.join(dir, 'hook.mjs');
      writeFileSync(
        hook,
        [
          `import dc from 'node:diagnostics_channel'; import { appendFileSync } from 'node:fs'; import { register } from 'node:module';`,
          `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loader)}`)});`,
          `dc.subscribe('undici:request:create', () => appendFileSync(${JSON.stringify(log)}, 'request\\n'));`,
          // V8 flags the CLI sets, and each WebAssembly module compiled (undici's HTTP parser).
          `import v8 from 'node:v8'; import { syncBuiltinESMExports } from 'node:module';`,
          `const set = v8.setFlagsFromString; v8.setFlagsFromString = (f) => { appendFileSync(${JSON.stringify(log)}, 'flags ' + f + '\\n'); return set(f); }; syncBuiltinESMExports();`,
          `const M = WebAssembly.Module; WebAssembly.Module = function (...a) { appendFileSync(${JSON.stringify(log)}, 'wasm\\n'); return new M(...a); };`,
        ].join('\n'),
      );
      const report = path.join(dir, 'report.json');
      await run(process.execPath, ['--import', hook, ...cliArgv(), 'check', server.url, '--json', report], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      }).catch((e: { code?: number; stderr?: string }) => assert.equal(e.code, 1, e.stderr));
      const order = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      const firstCheckModule = firstCheck(order);
      assert.ok(firstCheckModule > 0, 'the checks were loaded');
      assert.ok(order.indexOf('request') >= 0 && order.indexOf('request') < firstCheckModule, 'the first request was made before the checks loaded');
      // The parser's WebAssembly is compiled with baseline code only (optimising it cost ~0.13 s of CPU per run).
      assert.ok(
        order.indexOf('wasm') > order.indexOf('flags --liftoff-only') && order.indexOf('flags --liftoff-only') >= 0,
        order.filter((l) => !l.startsWith('load')).join(', '),
      );
      const target = (JSON.parse(readFileSync(report, 'utf8')) as { targets: { era: string; wire: Entry[] }[] }).targets[0]!;
      assert.equal(target.era, 'modern');
      const [first, second] = target.wire;
      assert.deepEqual([first?.phase, first?.from, first?.body?.method, first?.atMs], ['probe', 'harness', 'server/discover', 0]);
      assert.deepEqual([second?.phase, second?.from], ['probe', 'server']);
      const discovers = target.wire.filter((e) => e.from === 'harness' && e.phase === 'probe' && e.body?.method === 'server/discover');
      assert.equal(discovers.length, 1, 'one probe');
      assert.equal(target.wire.filter((e) => e.phase === 'head-start').length, 0, 'adopted, not set aside');
      // The window-bound checks' listen requests went out once the probe was answered, before the run read that answer.
      const windowBound = target.wire.filter(
        (e) => e.from === 'harness' && e.body?.method === 'subscriptions/listen' && /^subscriptions\/(filter-honoured|notifications-tagged)$/.test(e.phase),
      );
      assert.equal(windowBound.length, 2);
      for (const l of windowBound) assert.ok(l.atMs < second!.atMs, `${l.phase}: listen sent at ${l.atMs} ms, the probe's answer read at ${second!.atMs} ms`);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
