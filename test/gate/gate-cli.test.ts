import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { startFlawedHttp } from '../../examples/flawed-server/http.js';
import { runCli } from '../support/spawn-cli.js';
import { evals, pooledRows, report, target } from './fixtures.js';
import { baselineFromReport, serializeBaseline } from '../../src/gate/index.js';
import { COMMENT_LIMIT, COMMENT_MARKER, renderGateMarkdown } from '../../src/reporters/gate-markdown.js';
import type { GateResult } from '../../src/core/gate-result.js';
import { tempDir } from '../support/temp-dir.js';

const dir = tempDir('assay-gate-');
const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return p;
};

describe('mcp-assay check --baseline / gate against real servers', () => {
  let desk: Awaited<ReturnType<typeof startSupportDeskHttp>>;
  let flawed: Awaited<ReturnType<typeof startFlawedHttp>>;
  before(async () => {
    desk = await startSupportDeskHttp({ port: 0 });
    flawed = await startFlawedHttp({ faults: ['resource-missing-legacy-code'], port: 0 });
  });
  after(async () => {
    await desk.close();
    await flawed.close();
  });

  it('records a first baseline, gates a flip (exit 1) and keeps the baseline when the gate fails', async () => {
    const good = file('good.yaml', `servers:\n  api:\n    url: ${desk.url}\n`);
    const bad = file('bad.yaml', `servers:\n  api:\n    url: ${flawed.url}\n`);
    const baseline = path.join(dir, 'ci', 'baseline.json');
    const first = await runCli([
      'check',
      '-c',
      good,
      '--server',
      'api',
      '--only',
      'resources',
      '--json',
      path.join(dir, 'r1.json'),
      '--baseline',
      baseline,
      '--update-baseline',
    ]);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stderr, /wrote the first one/);
    const recorded = readFileSync(baseline, 'utf8');
    assert.match(recorded, /"resources\/read-missing": "pass"/);

    const again = await runCli([
      'gate',
      '--report',
      path.join(dir, 'r1.json'),
      '--baseline',
      baseline,
      '--update-baseline',
      '--history',
      path.join(dir, 'h.jsonl'),
      '--html',
      path.join(dir, 'r1.html'),
    ]);
    assert.equal(again.code, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /gate passed/);
    assert.equal(readFileSync(baseline, 'utf8'), recorded, 'an unchanged run rewrites the baseline byte for byte');
    assert.match(
      readFileSync(path.join(dir, 'r1.html'), 'utf8'),
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/,
    );
    const line = JSON.parse(readFileSync(path.join(dir, 'h.jsonl'), 'utf8').trim());
    assert.equal(line.format, 'mcp-assay/history@1');
    assert.equal(line.scores.conformance.fail, 0);

    const summary = path.join(dir, 'step-summary.md');
    const md = path.join(dir, 'comment.md');
    const flip = await runCli(['check', '-c', bad, '--server', 'api', '--only', 'resources', '--baseline', baseline, '--update-baseline', '--gate-md', md], {
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    assert.equal(flip.code, 1, flip.stdout + flip.stderr);
    assert.match(flip.stdout, /resources\/read-missing went pass → fail/);
    assert.match(flip.stderr, /left as it was/);
    assert.equal(readFileSync(baseline, 'utf8'), recorded);
    assert.ok(readFileSync(md, 'utf8').startsWith(COMMENT_MARKER));
    assert.match(readFileSync(summary, 'utf8'), /gate failed/);
  });
});

describe('mcp-assay gate: bad input is exit 2 naming the file', () => {
  const green = report([target({ name: 'desk', checks: { 'a/one': 'pass' } })], evals(pooledRows('m:a', 50, 50)));
  const baseline = file('green-baseline.json', serializeBaseline(baselineFromReport(green)));

  it('a truncated report', async () => {
    const text = JSON.stringify(green);
    const cut = file('cut.json', text.slice(0, Math.floor(text.length / 2)));
    const r = await runCli(['gate', '--report', cut, '--baseline', baseline]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`${cut.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the report is not valid JSON \\(the file ends early: truncated\\?\\)`));
  });

  it('a report from a newer schema version', async () => {
    const newer = file('newer.json', { ...green, schemaVersion: '2.0' });
    const r = await runCli(['gate', '--report', newer, '--baseline', baseline]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /newer\.json: written with report schema 2\.0, newer than the 1\.0/);
  });

  it('a baseline from another golden set', async () => {
    const other = report(
      [target({ name: 'desk', checks: { 'a/one': 'pass' } })],
      evals(pooledRows('m:a', 50, 50), { goldenSet: { name: 'billing', hash: 'g9' } }),
    );
    const r = await runCli(['gate', '--report', file('other.json', other), '--baseline', baseline]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /green-baseline\.json: the baseline is of golden set "desk\.yaml", the report of "billing\.yaml"/);
  });

  it('a report given as the baseline, and a missing baseline', async () => {
    const asBase = await runCli(['gate', '--report', file('g.json', green), '--baseline', file('g2.json', green)]);
    assert.equal(asBase.code, 2);
    assert.match(asBase.stderr, /g2\.json: this is a report, not a baseline/);
    const missing = await runCli(['gate', '--report', file('g3.json', green), '--baseline', path.join(dir, 'nope.json')]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /nope\.json: no baseline there yet; run once with --update-baseline/);
  });
});

describe('gate Markdown', () => {
  it('a huge delta list stays under 60,000 characters, cut at whole lines, and says how much was left out', () => {
    const r: GateResult = {
      passed: false,
      exitCode: 1,
      reasons: ['x'],
      deterministic: Array.from({ length: 5000 }, (_, i) => ({
        target: 'desk',
        id: `area/check-${i}`,
        kind: 'regressed' as const,
        from: 'pass' as const,
        to: 'fail' as const,
        note: '<script>alert(1)</script> | pipe',
      })),
      unchanged: 0,
      pooled: [],
      cases: [],
      telemetry: [],
      notComparable: [],
      models: [],
    };
    const md = renderGateMarkdown(r);
    assert.ok(md.length < COMMENT_LIMIT, `${md.length}`);
    assert.match(md, /more lines left out to fit a comment/);
    assert.ok(!md.includes('<script>'));
    for (const line of md.split('\n').filter((l) => l.startsWith('| desk'))) assert.equal(line.split(/(?<!\\)\|/).length, 8, line);
  });
});
