import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPORT_SCHEMA_VERSION } from '../../src/core/types.js';
import { REPORT_SCHEMA_ID } from '../../src/reporters/index.js';
import { REPORTERS } from '../../src/reporters/all.js';
import { fixtureReport } from './fixture-report.js';
import { repoRoot } from './snapshot.js';

const schema = JSON.parse(readFileSync(path.join(repoRoot(), 'docs', 'report-schema.json'), 'utf8')) as Record<string, unknown>;

function validator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

describe('docs/report-schema.json', () => {
  it('is versioned with REPORT_SCHEMA_VERSION and named by REPORT_SCHEMA_ID', () => {
    assert.equal((schema.properties as Record<string, { const?: string }>).schemaVersion?.const, REPORT_SCHEMA_VERSION);
    assert.equal(schema.$id, REPORT_SCHEMA_ID);
    assert.ok(REPORT_SCHEMA_ID.endsWith(`:${REPORT_SCHEMA_VERSION}`));
  });

  it('accepts the rendered JSON report', () => {
    const validate = validator();
    const data: unknown = JSON.parse(REPORTERS.json.render(fixtureReport()));
    assert.ok(validate(data), JSON.stringify(validate.errors, null, 2));
  });

  it('rejects reports that drift from the model', () => {
    const validate = validator();
    const badStatus = fixtureReport();
    (badStatus.targets[0]?.results[0] as { status: string }).status = 'passed';
    assert.equal(validate(badStatus), false);
    assert.match(JSON.stringify(validate.errors), /results\/0\/status/);

    const extra = fixtureReport() as unknown as Record<string, unknown>;
    extra.verdict = 'ok';
    assert.equal(validate(extra), false);

    const missing = fixtureReport();
    delete (missing.summary as Partial<typeof missing.summary>).preconditionFailed;
    assert.equal(validate(missing), false);

    const badDate = fixtureReport();
    badDate.startedAt = 'yesterday';
    assert.equal(validate(badDate), false);
  });

  it('the JSON rendering round-trips to the same Report', () => {
    const report = fixtureReport();
    const text = REPORTERS.json.render(report);
    assert.deepEqual(JSON.parse(text), report);
    assert.ok(text.endsWith('}\n'));
  });
});
