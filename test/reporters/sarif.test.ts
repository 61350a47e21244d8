import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { renderSarif } from '../../src/reporters/sarif.js';
import { repoRoot } from './snapshot.js';
import { fixtureReport, HOSTILE } from './fixture-report.js';
import { report, target } from '../gate/fixtures.js';

const addFormats = addFormatsModule as unknown as (a: Ajv2020) => Ajv2020;
const schema = JSON.parse(readFileSync(path.join(repoRoot(), 'test/fixtures/sarif/sarif-2.1.0-essentials.json'), 'utf8'));
const validate = addFormats(new Ajv2020({ allErrors: true, strict: false })).compile(schema);

interface Sarif {
  version: string;
  runs: {
    tool: { driver: { rules: { id: string; properties: { tags: string[] } }[] } };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
      partialFingerprints: Record<string, string>;
      suppressions?: unknown[];
    }[];
  }[];
}

function sample(): Sarif {
  const t = target({
    name: 'desk',
    checks: { 'http-transport/dns-rebinding': 'fail', 'resources/read-missing': 'fail', 'http-headers/origin': 'pass' },
    findings: [
      { ruleId: 'poisoning/hidden-instructions', subject: 'search', message: `hides instructions ${HOSTILE}` },
      { ruleId: 'lint/description-length', subject: 'get', message: 'too short', severity: 'warning' },
      { ruleId: 'risk/write-without-output-schema', subject: 'close', message: 'no outputSchema', waived: 'legacy tool, tracked' },
    ],
  });
  return JSON.parse(renderSarif(report([t])));
}

describe('SARIF 2.1.0 output', () => {
  it('validates against the essentials of the SARIF 2.1.0 schema', () => {
    for (const s of [sample(), JSON.parse(renderSarif(fixtureReport())), JSON.parse(renderSarif(report([])))])
      assert.ok(validate(s), JSON.stringify(validate.errors, null, 2));
  });

  it('a broken document fails the same validation (the schema can fail)', () => {
    const s = sample() as unknown as { version: string; runs: { results: { level: string; message: unknown }[] }[] };
    assert.equal(validate({ ...s, version: '2.0.0' }), false);
    s.runs[0]!.results[0]!.level = 'fatal';
    assert.equal(validate(s), false);
  });

  it('contract findings and failed security checks become results; other conformance failures do not', () => {
    const s = sample();
    const run = s.runs[0]!;
    assert.deepEqual(
      run.results.map((r) => [r.ruleId, r.level]),
      [
        ['poisoning/hidden-instructions', 'error'],
        ['lint/description-length', 'warning'],
        ['risk/write-without-output-schema', 'error'],
        ['http-transport/dns-rebinding', 'error'],
      ],
    );
    for (const r of run.results) assert.equal(run.tool.driver.rules[r.ruleIndex]!.id, r.ruleId, 'ruleIndex points at its rule');
    assert.ok(run.tool.driver.rules.find((r) => r.id === 'poisoning/hidden-instructions')!.properties.tags.includes('security'));
    assert.equal(run.results[2]!.suppressions?.length, 1, 'a waived finding is a suppressed result');
    assert.equal(run.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'mcp-assay.config.yaml');
    const fps = run.results.map((r) => r.partialFingerprints['mcpAssayFinding/v1']);
    assert.equal(new Set(fps).size, fps.length, 'fingerprints are distinct');
    assert.deepEqual(
      sample().runs[0]!.results.map((r) => r.partialFingerprints['mcpAssayFinding/v1']),
      fps,
      'and stable across runs',
    );
  });

  it('server text stays data: no raw escape or bidi character', () => {
    const text = renderSarif(report([target({ name: 'x', checks: {}, findings: [{ ruleId: 'poisoning/x', subject: 's', message: HOSTILE }] })]));
    assert.doesNotMatch(text, /[\u0000-\u0008\u001b\u202e]/);
    assert.ok(JSON.parse(text).runs[0].results[0].message.text.includes('<script>'), 'markup is kept as text; SARIF viewers render it as text');
  });
});
