/**
 * A large catalogue's confusable scan runs on a second thread after the last answer, beside the rest of the analysis.
 * It must give the very section the in-process analysis gives (listed pairs, the stated total, every other family),
 * fall back to the in-process scan when the thread fails or throws, and never outlive the run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { startScaleHttp, type ScaleHttp } from '../../bench/scale/server.js';
import { scaleTools } from '../../bench/scale/tools.js';
import { analyseCatalogue, buildCatalogue, contractsSection, finishAnalysis, prepareAnalysisAside, type RawCatalogueInput } from '../../src/contracts/index.js';
import { confusableFindings } from '../../src/contracts/lint/confusable.js';
import { ConfusableAside, EarlyConfusable } from '../../src/engine/confusable-aside.js';
import { assay, CHECKS, type Report, type TargetReport } from '../../src/index.js';
import { RUN_DEFAULTS } from '../support/fixtures.js';

const input = (n: number, names: 'similar' | 'diverse'): RawCatalogueInput => ({
  tools: JSON.parse(JSON.stringify(scaleTools(n, { names }))) as unknown[],
  prompts: [],
  resources: [],
  resourceTemplates: [],
  server: { name: 'scale' },
});

/** Scans the threads of this process answered with findings: proof the thread did the work (the fallback gives the same section). */
let threadScans = 0;
/** Threads of this process that have exited. */
let threadExits = 0;
const proto = Worker.prototype as unknown as { emit: (this: Worker, event: string | symbol, ...args: unknown[]) => boolean };
const emit = proto.emit;
proto.emit = function (this: Worker, event: string | symbol, ...args: unknown[]): boolean {
  const m = args[0] as { type?: unknown; findings?: unknown } | undefined;
  if (event === 'message' && m?.type === 'confusable' && Array.isArray(m.findings)) threadScans++;
  if (event === 'exit') threadExits++;
  return emit.call(this, event, ...args);
};

const confusableOf = (findings: { ruleId: string }[]) => findings.filter((f) => f.ruleId === 'lint/confusable-tools');

/** What the analysis scans of a catalogue (every field here of its type, so as its typed view reads it): names, titles, descriptions, in its order. */
const contractsViewTools = (tools: unknown[]) => buildCatalogue({ tools }).tools.map((t) => ({ name: t.name, title: t.title, description: t.description }));

describe('the confusable scan on a second thread', () => {
  for (const names of ['similar', 'diverse'] as const)
    it(`gives the same section as the in-process analysis (${names} names)`, async () => {
      const catalogue = buildCatalogue(input(120, names));
      const aside = new ConfusableAside();
      const before = threadScans;
      try {
        const prepared = await prepareAnalysisAside(catalogue, undefined, (t, x) => aside.scan(t, x));
        assert.equal(threadScans, before + 1, 'the thread scanned');
        const section = contractsSection(finishAnalysis(prepared));
        assert.deepEqual(section, contractsSection(analyseCatalogue(catalogue)));
        if (names === 'similar') assert.ok(confusableOf(section.findings).length > 50, 'pairs listed and the total stated');
      } finally {
        aside.close();
      }
    });

  it('falls back to the in-process scan when the thread gives nothing, fails, or the scan throws there', async () => {
    const catalogue = buildCatalogue(input(30, 'similar'));
    const expected = contractsSection(analyseCatalogue(catalogue));
    for (const aside of [async () => undefined, async () => Promise.reject(new Error('thread gone'))]) {
      const prepared = await prepareAnalysisAside(catalogue, undefined, aside);
      assert.deepEqual(contractsSection(finishAnalysis(prepared)), expected);
    }
    const thread = new ConfusableAside();
    try {
      // A name that is not a string makes the scan throw on the thread: no findings come back, so the run scans itself.
      assert.equal(await thread.scan([{ name: 42 as unknown as string }], 0.75), undefined);
      // The thread still serves a later scan.
      assert.ok(Array.isArray(await thread.scan([{ name: 'a_b' }, { name: 'a_c' }], 0.75)));
    } finally {
      thread.close();
    }
    const closed = new ConfusableAside();
    closed.close();
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await closed.scan([{ name: 'a' }], 0.75), undefined, 'a closed thread gives nothing');
  });

  it('scans the tools as listed before the catalogue is built, ends its thread once answered, and serves only that very input', async () => {
    const listed = input(120, 'similar').tools;
    const tools = EarlyConfusable.inputOf([...listed].reverse());
    assert.ok(tools);
    assert.deepEqual(
      tools.map((t) => t.name),
      (listed as { name: string }[]).map((t) => t.name).sort(),
      'in name order, as the catalogue lists them',
    );
    const view = contractsViewTools(listed);
    const before = { scans: threadScans, exits: threadExits };
    const early = new EarlyConfusable(tools, 0.75);
    const findings = await early.take(view, 0.75);
    assert.equal(threadScans, before.scans + 1, 'the thread scanned');
    assert.deepEqual(findings, confusableFindings(view, 0.75));
    assert.ok(confusableOf(findings ?? []).length > 50);
    for (let i = 0; i < 100 && threadExits === before.exits; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(threadExits, before.exits + 1, 'its thread ended once it answered');
    // Anything else the analysis would scan (a masked description, another threshold, one tool fewer) is scanned in process.
    const masked = view.map((t, i) => (i === 7 ? { ...t, description: '***' } : t));
    assert.equal(early.take(masked, 0.75), undefined);
    assert.equal(early.take(view, 0.8), undefined);
    assert.equal(early.take(view.slice(1), 0.75), undefined);
    early.close();
  });

  it('leaves to the catalogue what it orders or refuses: a shared name, a member that is not an object, a name that is not a string', () => {
    assert.equal(EarlyConfusable.inputOf([{ name: 'a' }, { name: 'b' }, { name: 'a', description: 'again' }]), undefined);
    assert.equal(EarlyConfusable.inputOf([{ name: 'a' }, null]), undefined);
    assert.equal(EarlyConfusable.inputOf([{ name: 'a' }, ['b']]), undefined);
    assert.equal(EarlyConfusable.inputOf([{ name: 'a' }, { name: 3 }]), undefined);
    // Fields of another type are left out, as the typed view leaves them out.
    assert.deepEqual(
      EarlyConfusable.inputOf([
        { name: 'b', title: 4, description: 'd' },
        { name: 'a', title: 't', description: {} },
      ]),
      [
        { name: 'a', title: 't', description: undefined },
        { name: 'b', title: undefined, description: 'd' },
      ],
    );
  });

  describe('in a run', () => {
    let server: ScaleHttp;
    before(async () => (server = await startScaleHttp(60, { names: 'similar' })));
    after(async () => server.close());
    const checks = CHECKS.filter((c) => c.id === 'tools/schema-valid');
    const run = (confusableAsideFrom: number): Promise<Report> => assay([{ kind: 'http', url: server.url }], { ...RUN_DEFAULTS, checks, confusableAsideFrom });
    const target = (r: Report): TargetReport => r.targets[0] as TargetReport;
    const contractsOf = (r: Report) => target(r).sections?.find((s) => s.id === 'contracts');

    it('reports the same section and catalogue with the scan on the thread as in process', async () => {
      const before = threadScans;
      const inProcess = await run(Number.POSITIVE_INFINITY);
      assert.equal(threadScans, before, 'no thread above the threshold');
      const aside = await run(0);
      assert.equal(threadScans, before + 1, 'the thread scanned');
      assert.deepEqual(contractsOf(aside), contractsOf(inProcess));
      assert.deepEqual(target(aside).catalogue, target(inProcess).catalogue);
      assert.ok(confusableOf(contractsOf(aside)?.findings ?? []).length > 50);
    });
  });
});
