/**
 * The catalogue half of a small catalogue's contracts analysis is done while the listen windows hold the run open.
 * It must send nothing of its own (a list read then would reach the checks that judge the whole wire), give the very
 * section and digest of the analysis after the checks, and stand aside when the masker learnt a secret since.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp, type SupportDeskHttp } from '../../examples/support-desk/http.js';
import { SharedState } from '../../src/checks/index.js';
import { analyseCatalogue, catalogueDigest, contractsSection, finishAnalysis } from '../../src/contracts/index.js';
import { Masker } from '../../src/core/mask.js';
import { catalogueInput } from '../../src/engine/catalogue.js';
import { catalogueOf } from '../../src/engine/catalogue-of.js';
import { EarlyContracts } from '../../src/engine/contracts-early.js';
import { McpClient } from '../../src/target/client.js';
import { HttpTransport } from '../../src/target/http.js';
import { probeEra, type ProbeOutcome } from '../../src/target/probe.js';
import { WireRecorder } from '../../src/target/recorder.js';

const LISTS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'] as const;

describe('the contracts half done while the windows are open', () => {
  let server: SupportDeskHttp;
  let transport: HttpTransport;
  let recorder: WireRecorder;
  let shared: SharedState;
  let probe: ProbeOutcome;
  before(async () => {
    server = await startSupportDeskHttp();
    recorder = new WireRecorder(new Masker());
    transport = new HttpTransport({ url: server.url }, recorder);
    const client = new McpClient(transport, recorder, { timeoutMs: 10_000 });
    probe = await probeEra(client, 10_000);
    shared = new SharedState(client, probe, { timeoutMs: 10_000, allowTools: [], toolArgs: {} });
  });
  after(async () => {
    await transport.close();
    await server.close();
  });

  it('sends nothing while a list is unasked, then gives the same section and digest as the analysis after the checks', async () => {
    const early = new EarlyContracts(shared, probe, recorder.masker, undefined, 500);
    await shared.list('tools/list');
    const sent = recorder.entries.length;
    early.begin();
    const { input } = await catalogueInput(shared, probe);
    assert.equal(await early.take(input), undefined, 'not begun: prompts and resources were not asked yet');
    assert.equal(recorder.entries.length, sent + 6, 'the three lists read just now are the only requests (and answers)');

    const later = new EarlyContracts(shared, probe, recorder.masker, undefined, 500);
    const before = recorder.entries.length;
    later.begin();
    const half = await later.take((await catalogueInput(shared, probe)).input);
    assert.equal(recorder.entries.length, before, 'the half read only lists the checks had asked');
    assert.ok(half && !('error' in half.prepared));
    const tool = (input.tools?.[0] as { name: string }).name;
    const observed = { structuredResults: [], resultSizes: [{ tool, bytes: 3_000_000, linked: false }], extraFindings: [] };
    const catalogue = catalogueOf(input, new Masker());
    const whole = analyseCatalogue(catalogue, undefined, observed);
    const split = finishAnalysis(half.prepared, observed);
    assert.deepEqual(contractsSection(split), contractsSection(whole));
    assert.deepEqual(catalogueDigest(half.catalogue, split), catalogueDigest(catalogue, whole));
    assert.ok(contractsSection(whole).findings.length > 0, 'there is something to compare');
  });

  it('stands aside for a secret learnt after it, another input, or a catalogue of its threshold', async () => {
    for (const m of LISTS) await shared.list(m);
    const { input } = await catalogueInput(shared, probe);
    const masker = new Masker();
    const early = new EarlyContracts(shared, probe, masker, undefined, 500);
    early.begin();
    assert.ok(await early.take(input), 'taken while nothing changed');
    masker.add('a-secret-learnt-late');
    assert.equal(await early.take(input), undefined, 'a new secret masks the catalogue differently');

    const other = new EarlyContracts(shared, probe, new Masker(), undefined, 500);
    other.begin();
    assert.equal(await other.take({ ...input, tools: [...(input.tools ?? [])] }), undefined, 'not the memoised lists');

    const big = new EarlyContracts(shared, probe, new Masker(), undefined, (input.tools ?? []).length);
    big.begin();
    assert.equal(await big.take(input), undefined, 'as many tools as the threshold: left to the step');
  });
});
