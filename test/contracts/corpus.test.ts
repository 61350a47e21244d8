import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCatalogue, serializeCatalogue } from '../../src/contracts/index.js';
import { RISK_CLASSES } from '../../src/contracts/risk/risk.js';
import { formatScore, loadCorpus, precision, recall, scoreCorpus, type Tally } from './corpus-score.js';

const corpus = loadCorpus();

/** Floors per rule family and diff kind over the whole corpus; the measured figures are printed below. */
const FLOOR = { precision: 0.9, recall: 0.9, riskAccuracy: 0.9 };

describe('contract corpus', () => {
  it('holds at least 20 labelled catalogues of every sort', () => {
    assert.ok(corpus.length >= 20, `${corpus.length} fixtures`);
    assert.ok(
      corpus.some((f) => f.expected.findings.length === 0 && !f.expected.diff),
      'a clean catalogue',
    );
    assert.ok(
      corpus.some((f) => f.expected.findings.some(([r]) => r.startsWith('poisoning/'))),
      'a poisoned catalogue',
    );
    assert.ok(
      corpus.some((f) => f.expected.findings.some(([r]) => r === 'risk/catch-all-tool')),
      'a catch-all tool',
    );
    for (const f of corpus) {
      assert.ok(f.about.length > 20, `${f.file}: about`);
      assert.deepEqual(Object.keys(f.expected.risk).sort(), f.catalogue.tools.map((t) => t.name).sort(), `${f.file}: a risk class for every tool`);
      for (const cls of Object.values(f.expected.risk)) assert.ok((RISK_CLASSES as readonly string[]).includes(cls), `${f.file}: ${cls}`);
    }
  });

  it('snapshots every catalogue byte-stably through a parse round trip', () => {
    for (const f of corpus) {
      const text = serializeCatalogue(f.catalogue);
      assert.equal(serializeCatalogue(parseCatalogue(text, f.file)), text, f.file);
    }
  });

  it('has a before/after pair for every breaking and escalation kind the issue names', () => {
    const labelled = new Set(corpus.flatMap((f) => f.expected.diff?.changes.map(([, , c]) => c) ?? []));
    for (const c of [
      'tool-removed',
      'tool-renamed',
      'required-param-added',
      'param-now-required',
      'type-narrowed',
      'enum-value-removed',
      'additional-properties-closed',
      'output-property-removed',
      'output-property-retyped',
      'output-property-optional',
      'read-only-dropped',
      'destructive-added',
      'idempotent-dropped',
      'open-world-added',
      'optional-param-added',
      'enum-widened',
      'description-changed',
    ])
      assert.ok(labelled.has(c), c);
  });

  it('meets the precision and recall floors for each rule family and diff kind', () => {
    const all = scoreCorpus(corpus);
    const holdout = corpus.filter((f) => f.split === 'holdout');
    console.log(`\ncontract corpus: ${corpus.length} catalogues (${holdout.length} held out)\n${formatScore(all)}`);
    if (holdout.length) console.log(`\nheld-out catalogues only:\n${formatScore(scoreCorpus(holdout, corpus))}`);
    const report = (name: string, t: Tally): string =>
      `${name}: precision ${precision(t).toFixed(3)}, recall ${recall(t).toFixed(3)}\n  missed: ${t.misses.join('; ')}\n  extra: ${t.extras.join('; ')}`;
    for (const [name, t] of [...Object.entries(all.families), ...Object.entries(all.diffKinds)]) {
      assert.ok(t.tp > 0, `${name} has labelled positives`);
      assert.ok(precision(t) >= FLOOR.precision && recall(t) >= FLOOR.recall, report(name, t));
    }
    assert.ok(all.risk.correct / all.risk.total >= FLOOR.riskAccuracy, all.risk.wrong.join('\n'));
    assert.deepEqual(all.absentViolations, []);
  });
});
