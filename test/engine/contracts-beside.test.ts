/**
 * The catalogue half of the contracts analysis runs on a worker thread while the checks run (large catalogues).
 * It must give the very report the in-process analysis gives, an analysis that throws there must still become
 * `contracts/analysis-error` with a run that cannot exit 0, and the thread must never outlive the run or hold it up.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { startScaleHttp, type ScaleHttp } from '../../bench/scale/server.js';
import { scaleTools } from '../../bench/scale/tools.js';
import { analyseCatalogue, buildCatalogue, catalogueDigest, contractsSection, type RawCatalogueInput } from '../../src/contracts/index.js';
import { Masker } from '../../src/core/mask.js';
import type { RuleSettings } from '../../src/core/rules.js';
import { ContractsBeside } from '../../src/engine/contracts-beside.js';
import { catalogueOf } from '../../src/engine/catalogue-of.js';
import { assay, CHECKS, exitCodeFor, type Report, type TargetReport } from '../../src/index.js';
import { RUN_DEFAULTS } from '../support/fixtures.js';

const broken = { levels: {}, waivers: [], fields: { receiptId: 42 } } as unknown as RuleSettings;
// As a server sends them: plain JSON (the generator's tools carry their handlers).
const input = (n: number): RawCatalogueInput => ({
  tools: JSON.parse(JSON.stringify(scaleTools(n))) as unknown[],
  prompts: [],
  resources: [],
  resourceTemplates: [],
  server: { name: 'scale' },
});
const nothingObserved = { structuredResults: [], resultSizes: [] };
/** A thread begun as the run begins it: the tool list asked, then the whole catalogue read. */
const beside = (raw: RawCatalogueInput, masker: Masker, minTools: number, read = async () => ({ input: raw, problems: [] })): ContractsBeside =>
  new ContractsBeside(Promise.resolve({ items: raw.tools }), read, undefined, masker, minTools);

/** Replies the analysis threads of this process gave: proof the thread did the work (its fallback gives the same report). */
let threadReplies = 0;
const proto = Worker.prototype as unknown as { emit: (this: Worker, event: string | symbol, ...args: unknown[]) => boolean };
const emit = proto.emit;
proto.emit = function (this: Worker, event: string | symbol, ...args: unknown[]): boolean {
  if (event === 'message' && (args[0] as { type?: unknown } | undefined)?.type === 'done') threadReplies++;
  return emit.call(this, event, ...args);
};

describe('the contracts analysis on a worker thread', () => {
  it('gives the same digest and section as the in-process analysis, and ends when closed', async () => {
    const raw = input(60);
    const thread = beside(raw, new Masker(), 0);
    const sizes = [{ tool: (raw.tools[0] as { name: string }).name, bytes: 5_000_000, linked: false }];
    await new Promise((r) => setImmediate(r));
    const reply = await thread.finish({ structuredResults: [], resultSizes: sizes }, 60_000);
    await thread.close();
    assert.equal(reply?.type, 'done', 'the thread answered');
    const catalogue = buildCatalogue(raw);
    const analysis = analyseCatalogue(catalogue, undefined, { structuredResults: [], resultSizes: sizes, extraFindings: [] });
    assert.ok(reply?.type === 'done');
    assert.deepEqual(reply.section, contractsSection(analysis));
    assert.deepEqual(reply.digest, catalogueDigest(catalogue, analysis));
    assert.ok(reply.section.findings.length > 60, 'the analysis found something to compare');
  });

  it('masks with the secrets the run knows when it finishes, not only those it knew at the start', async () => {
    const raw = input(5);
    const secret = 'sk-live-4f9a1c2e7b';
    (raw.tools[0] as { description: string }).description += ` token ${secret}`;
    const masker = new Masker();
    const thread = beside(raw, masker, 0);
    // Let it build with what it knew at the start.
    await new Promise((r) => setTimeout(r, 50));
    masker.add(secret);
    const reply = await thread.finish(nothingObserved, 60_000);
    await thread.close();
    assert.ok(reply?.type === 'done');
    const masked = catalogueOf(raw, new Masker([secret]));
    assert.deepEqual(reply.digest.hash, catalogueDigest(masked, analyseCatalogue(masked)).hash);
    assert.ok(!JSON.stringify(reply).includes(secret));
  });

  it('below its threshold, after close, or past its wait it leaves the step to the run (undefined)', async () => {
    const small = beside(input(5), new Masker(), 10);
    await new Promise((r) => setImmediate(r));
    assert.equal(await small.finish(nothingObserved, 60_000), undefined);
    await small.close();
    const closed = beside(input(5), new Masker(), 0);
    await closed.close();
    assert.equal(await closed.finish(nothingObserved, 60_000), undefined);
    const hurried = beside(input(2000), new Masker(), 0);
    await new Promise((r) => setImmediate(r));
    assert.equal(await hurried.finish(nothingObserved, 1), undefined);
    await hurried.close();
    // No check asked for the tool list: nothing was begun, and nothing is waited for.
    const unasked = new ContractsBeside(new Promise(() => undefined), () => Promise.reject(new Error('not read')), undefined, new Masker(), 0);
    assert.equal(await unasked.finish(nothingObserved, 60_000), undefined);
    await unasked.close();
  });

  it('a list that could not be read leaves the step to the run', async () => {
    const thread = beside(input(5), new Masker(), 0, () => Promise.reject(new Error('no list')));
    await new Promise((r) => setImmediate(r));
    assert.equal(await thread.finish(nothingObserved, 60_000), undefined);
    await thread.close();
  });
});

describe('a check run with the analysis beside the checks', () => {
  let server: ScaleHttp;
  before(async () => (server = await startScaleHttp(40)));
  after(() => server.close());

  const checks = CHECKS.filter((c) => c.id.startsWith('tools/') || c.id.startsWith('results/'));
  const run = async (contractsBesideFrom: number, contracts?: RuleSettings): Promise<Report> =>
    assay([{ kind: 'http', url: server.url }], { ...RUN_DEFAULTS, checks, contractsBesideFrom, ...(contracts ? { contracts } : {}) });
  const target = (r: Report): TargetReport => r.targets[0] as TargetReport;
  const contractsOf = (r: Report) => target(r).sections?.find((s) => s.id === 'contracts');

  it('reports exactly what the in-process analysis reports', async () => {
    const before = threadReplies;
    const beside = await run(0);
    assert.equal(threadReplies, before + 1, 'the thread did the analysis');
    const inProcess = await run(Number.POSITIVE_INFINITY);
    assert.equal(threadReplies, before + 1, 'no thread under the threshold');
    assert.deepEqual(contractsOf(beside), contractsOf(inProcess));
    assert.deepEqual(target(beside).catalogue, target(inProcess).catalogue);
    assert.ok((contractsOf(beside)?.findings.length ?? 0) > 40);
    assert.deepEqual(
      target(beside).results.map((r) => [r.checkId, r.status]),
      target(inProcess).results.map((r) => [r.checkId, r.status]),
    );
  });

  it('an analysis that throws on the thread is contracts/analysis-error, and the run cannot exit 0', async () => {
    const report = await run(0, broken);
    const crashed = contractsOf(report)?.findings.filter((f) => f.ruleId === 'contracts/analysis-error') ?? [];
    assert.equal(crashed.length, 1, JSON.stringify(crashed));
    assert.match(crashed[0]?.message ?? '', /^the result contracts analysis failed, so its findings are missing: TypeError: /);
    assert.equal(contractsOf(report)?.findings.filter((f) => f.ruleId === 'risk/inventory').length, 40);
    assert.notEqual(exitCodeFor(report, { contracts: false }), 0);
  });
});
