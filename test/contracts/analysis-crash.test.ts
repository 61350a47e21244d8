/**
 * An analysis that throws never disappears: its section carries `contracts/analysis-error` with the reason, the other
 * analyses still report, and no exit policy lets the run end 0. The crash is real: rule settings handed to the public
 * API without the config's validation (`fields.receiptId` is not a list) make the result-contract rules throw a TypeError.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startScaleHttp, type ScaleHttp } from '../../bench/scale/server.js';
import { scaleTools } from '../../bench/scale/tools.js';
import { assay, assaySnapshot, buildCatalogue, exitCodeFor, type Report, type RuleSettings } from '../../src/index.js';
import { RUN_DEFAULTS } from '../support/fixtures.js';

const broken = { levels: {}, waivers: [], fields: { receiptId: 42 } } as unknown as RuleSettings;
const sound: RuleSettings = { levels: {}, waivers: [], fields: { receiptId: ['opId'] } };

function contractFindings(report: Report): { ruleId: string; severity: string; message: string }[] {
  return report.targets[0]?.sections?.find((s) => s.id === 'contracts')?.findings ?? [];
}

function assertCrashReported(report: Report): void {
  const findings = contractFindings(report);
  const crashed = findings.filter((f) => f.ruleId === 'contracts/analysis-error');
  assert.equal(crashed.length, 1, JSON.stringify(crashed));
  assert.equal(crashed[0]?.severity, 'error');
  assert.match(crashed[0]?.message ?? '', /^the result contracts analysis failed, so its findings are missing: TypeError: /);
  // The other analyses still ran: every tool has its risk inventory entry.
  assert.equal(findings.filter((f) => f.ruleId === 'risk/inventory').length, 10);
  assert.notEqual(exitCodeFor(report), 0, 'contracts exit policy');
  assert.notEqual(exitCodeFor(report, { contracts: false }), 0, 'check exit policy (contract findings do not count)');
}

describe('a contracts analysis that throws', () => {
  let server: ScaleHttp;
  before(async () => (server = await startScaleHttp(10)));
  after(() => server.close());

  const run = (contracts: RuleSettings): Promise<Report> =>
    assay([{ kind: 'http', url: server.url }], { ...RUN_DEFAULTS, checks: [], concurrency: 1, contracts });

  it('against a live server: the section says which analysis failed and why, and the run cannot exit 0', async () => {
    assertCrashReported(await run(broken));
  });

  it('on a snapshot file: the same', async () => {
    const catalogue = buildCatalogue({ tools: scaleTools(10) });
    assertCrashReported(await assaySnapshot('scale-10.json', catalogue, { contracts: broken, examples: {}, allowTools: [] }));
  });

  it('with sound settings the same catalogue has no analysis error and the check policy exits 0', async () => {
    const report = await run(sound);
    assert.deepEqual(
      contractFindings(report).filter((f) => f.ruleId === 'contracts/analysis-error'),
      [],
    );
    assert.equal(exitCodeFor(report, { contracts: false }), 0);
  });
});
