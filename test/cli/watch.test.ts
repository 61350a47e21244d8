import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCatalogue, serializeCatalogue } from '../../src/contracts/index.js';
import { outputChanges } from '../../src/cli/watch.js';
import { cliArgv } from '../support/fixtures.js';
import { tempDir } from '../support/temp-dir.js';

const tool = (name: string, description: string, annotations: Record<string, boolean> = { readOnlyHint: true }) => ({
  name,
  description,
  inputSchema: { type: 'object', properties: {} },
  annotations,
});

/** Runs the CLI with --watch, hands each new stretch of output to `step`, and always stops the watcher. */
async function watching(args: string[], cwd: string, steps: ((out: string) => boolean | void)[], deadlineMs = 60_000): Promise<string> {
  const child = spawn(process.execPath, [...cliArgv(), ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((r) => child.once('exit', r));
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const t0 = Date.now();
  try {
    for (const step of steps) {
      for (;;) {
        if (step(out) === true) break;
        if (Date.now() - t0 > deadlineMs) throw new Error(`watch did not get there in time:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return out;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('--watch', () => {
  it('reruns after a change (with the rebuild command first) and says what changed since the last run', async () => {
    const dir = tempDir('assay-watch-');
    mkdirSync(path.join(dir, 'src'));
    mkdirSync(path.join(dir, 'build'));
    const write = (tools: ReturnType<typeof tool>[]) => writeFileSync(path.join(dir, 'src', 'cat.json'), serializeCatalogue(buildCatalogue({ tools })));
    write([tool('get_weather', 'Current weather for a city, in degrees Celsius.')]);
    const rebuild = `node -e "require('fs').copyFileSync('src/cat.json','build/cat.json')"`;
    let wrote = false;
    const out = await watching(['contracts', 'build/cat.json', '--watch', 'src', '--rebuild', rebuild], dir, [
      (o) => /── exit 0; watching src/.test(o),
      (o) => {
        if (!wrote) {
          write([tool('get_weather', 'Current weather for a city, in degrees Celsius.'), tool('send_alert', 'Send an alert email to every subscriber.', {})]);
          wrote = true;
        }
        return /── run 2 .*changed: src\/cat\.json[\s\S]*── exit 1/.test(o);
      },
    ]);
    const second = out.slice(out.indexOf('── run 2'));
    assert.match(second, /since run 1: exit 0 → 1; \d+ line\(s\) changed/);
    // What changed comes before the full output of the run.
    assert.ok(second.indexOf('+ ') < second.indexOf('mcp-assay 0.1.0'), second);
    assert.match(second, /\+ .*send_alert/);
  });

  it('a missing path is a usage error', async () => {
    const out = await watching(['contracts', 'x.json', '--watch', 'no/such/dir'], tmpdir(), [(o) => /no such file or folder/.test(o)]);
    assert.match(out, /--watch no\/such\/dir: no such file or folder/);
  });

  it('timings are not changes; added and removed lines are', () => {
    assert.deepEqual(outputChanges('a\nb took 12 ms\n', 'a\nb took 15 ms\n'), []);
    assert.deepEqual(outputChanges('a\nb\n', 'a\nc\n'), ['+ c', '- b']);
  });
});
