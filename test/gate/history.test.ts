import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { historyEntry, historyMoves } from '../../src/gate/index.js';
import type { HistoryEntry } from '../../src/core/history-types.js';
import type { TargetReport } from '../../src/core/types.js';
import { evals, report, row, target } from './fixtures.js';
import { runCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

type Tools = TargetReport['catalogue'] extends infer C ? (C extends { tools: infer T } ? T : never) : never;
const TOOLS: Tools = { search: { hash: 's1', description: 'd1' }, get: { hash: 'g1', description: 'e1' } };

/** One run: a target whose catalogue is `tools` (hash `cat`), and model rows. */
function run(o: {
  cat: string;
  tools: Tools;
  golden?: string;
  model?: string;
  params?: Record<string, unknown>;
  c1: number;
  c2: number;
  c2hash?: string;
  version?: string;
  time: string;
}): HistoryEntry {
  const t = target({ name: 'desk', checks: { 'a/one': 'pass' } });
  t.catalogue = { hash: o.cat, tools: o.tools };
  const m = o.model ?? 'm:a';
  const e = evals([row('c1', m, o.c1, 5), row('c2', m, o.c2, 5, { caseHash: o.c2hash ?? 'h-c2' })], {
    catalogueHash: o.cat,
    goldenSet: { name: 'desk', hash: o.golden ?? 'gold-1' },
    params: { [m]: o.params ?? { temperature: 0 } },
  });
  const r = report([t], e, o.version);
  r.finishedAt = o.time;
  return historyEntry(r, { commit: `commit-${o.time.slice(11, 13)}` });
}

const base = { cat: 'cat-1', tools: TOOLS, c1: 5, c2: 4 };
const runs = [
  run({ ...base, time: '2026-12-01T01:00:00Z' }),
  // 2: the description of `search` changed; c1 fell 5/5 -> 2/5.
  run({ ...base, cat: 'cat-2', tools: { ...TOOLS, search: { hash: 's2', description: 'd2' } }, c1: 2, time: '2026-12-01T02:00:00Z' }),
  // 3: case c2 was edited (golden set changed); c2 fell 4/5 -> 1/5.
  run({
    ...base,
    cat: 'cat-2',
    tools: { ...TOOLS, search: { hash: 's2', description: 'd2' } },
    c1: 2,
    c2: 1,
    golden: 'gold-2',
    c2hash: 'h-c2-v2',
    time: '2026-12-01T03:00:00Z',
  }),
  // 4: temperature changed; c1 back to 5/5.
  run({
    ...base,
    cat: 'cat-2',
    tools: { ...TOOLS, search: { hash: 's2', description: 'd2' } },
    c1: 5,
    c2: 1,
    golden: 'gold-2',
    c2hash: 'h-c2-v2',
    params: { temperature: 0.7 },
    time: '2026-12-01T04:00:00Z',
  }),
  // 5: nothing visible changed; c1 fell 5/5 -> 3/5.
  run({
    ...base,
    cat: 'cat-2',
    tools: { ...TOOLS, search: { hash: 's2', description: 'd2' } },
    c1: 3,
    c2: 1,
    golden: 'gold-2',
    c2hash: 'h-c2-v2',
    params: { temperature: 0.7 },
    time: '2026-12-01T05:00:00Z',
  }),
  // 6: a tool was added and the model replaced; c1 3/5 -> 4/5.
  run({
    ...base,
    cat: 'cat-3',
    tools: { ...TOOLS, search: { hash: 's2', description: 'd2' }, close: { hash: 'c1', description: 'f1' } },
    model: 'm:b',
    c1: 4,
    c2: 1,
    golden: 'gold-2',
    c2hash: 'h-c2-v2',
    params: { temperature: 0.7 },
    time: '2026-12-01T06:00:00Z',
  }),
];

const moves = historyMoves(runs);
const kinds = (from: number, caseId?: string) => moves.find((m) => m.from === from && m.caseId === caseId)?.causes.map((c) => c.kind);
const detail = (from: number, caseId?: string) =>
  moves
    .find((m) => m.from === from && m.caseId === caseId)
    ?.causes.map((c) => c.detail)
    .join(' | ');

describe('history: every move is attributed to what changed', () => {
  it('an entry has time, commit, catalogue, golden hash, models, per-case pass rates and scores', () => {
    const e = runs[0]!;
    assert.equal(e.time, '2026-12-01T01:00:00Z');
    assert.equal(e.commit, 'commit-01');
    assert.equal(e.catalogue?.hash, 'cat-1');
    assert.equal(e.golden?.hash, 'gold-1');
    assert.deepEqual(e.models, [{ id: 'm:a', params: { temperature: 0 } }]);
    assert.deepEqual(e.cases.c1, { hash: 'h-c1', models: { 'm:a': [5, 5] } });
    assert.deepEqual(e.scores.models['m:a'], { passes: 9, runs: 10 });
    assert.deepEqual(e.latency['m:a'], { p95Ms: 100, samples: 10 });
  });

  it('catalogue: which tool and that its description changed', () => {
    assert.deepEqual(kinds(0, 'c1'), ['catalogue']);
    assert.match(detail(0, 'c1')!, /description changed: search/);
    // pooled 9/10 -> 6/10 for the model, same cause
    assert.deepEqual(moves.find((m) => m.from === 0 && !m.caseId)?.before, [9, 10]);
    assert.deepEqual(kinds(0), ['catalogue']);
  });

  it('golden set: the case itself changed', () => {
    assert.deepEqual(kinds(1, 'c2'), ['golden']);
    assert.match(detail(1, 'c2')!, /case itself changed/);
    assert.match(detail(1)!, /golden set changed \(1 cases changed, 0 added, 0 removed\)/);
    assert.equal(kinds(1, 'c1'), undefined, 'c1 did not move');
  });

  it('model parameters', () => {
    assert.deepEqual(kinds(2, 'c1'), ['model']);
    assert.match(detail(2, 'c1')!, /model parameters changed: \{"temperature":0\} -> \{"temperature":0.7\}/);
  });

  it('nothing visible: says so (likely a silent model update), and notes noise when the interval includes 0', () => {
    assert.deepEqual(kinds(3, 'c1'), ['nothing-visible']);
    assert.match(detail(3, 'c1')!, /likely a silent model update/);
    // pooled 6/10 -> 4/10: the interval of the change includes 0.
    assert.match(detail(3)!, /sampling noise/);
  });

  it('a tool added and the model replaced: both causes, the new model continues the old one', () => {
    assert.deepEqual(kinds(4, 'c1'), ['catalogue', 'model']);
    assert.match(detail(4, 'c1')!, /tools added: close/);
    assert.match(detail(4, 'c1')!, /the model changed: m:a -> m:b/);
    assert.equal(moves.find((m) => m.from === 4 && m.caseId === 'c1')!.model, 'm:b');
  });

  it('the history command reads JSONL and a directory of reports, and prints series and causes', async () => {
    const dir = tempDir('assay-hist-');
    const file = path.join(dir, 'h.jsonl');
    writeFileSync(file, runs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const r = await runCli(['history', file]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /6 run\(s\)/);
    assert.match(r.stdout, /c1 · m:a: 5\/5 → 2\/5 → 2\/5 → 5\/5 → 3\/5/);
    assert.match(r.stdout, /nothing-visible: nothing mcp-assay can see changed/);

    const reports = path.join(dir, 'reports');
    mkdirSync(reports);
    const t = target({ name: 'desk', checks: { 'a/one': 'pass' } });
    const one = report([t], evals([row('c1', 'm:a', 5, 5)]));
    const two = { ...report([t], evals([row('c1', 'm:a', 1, 5)])), finishedAt: '2026-12-02T00:00:00.000Z' };
    writeFileSync(path.join(reports, 'b.json'), JSON.stringify(two));
    writeFileSync(path.join(reports, 'a.json'), JSON.stringify(one));
    const d = await runCli(['history', reports]);
    assert.equal(d.code, 0, d.stderr);
    assert.match(d.stdout, /c1 · m:a: 5\/5 → 1\/5/);

    writeFileSync(path.join(dir, 'bad.jsonl'), JSON.stringify(runs[0]) + '\n{"format": "other"}\n');
    const bad = await runCli(['history', path.join(dir, 'bad.jsonl')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /bad\.jsonl:2: not an mcp-assay history line/);
  });
});
