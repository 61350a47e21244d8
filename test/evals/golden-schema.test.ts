import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { goldenJsonSchema } from '../../src/evals/golden-json-schema.js';
import { REPO } from '../support/fixtures.js';

describe('published golden-set JSON Schema', () => {
  const published = JSON.parse(readFileSync(path.join(REPO, 'docs/golden-schema.json'), 'utf8')) as Record<string, unknown>;

  it('docs/golden-schema.json is what the loader enforces (run `npm run docs:golden` after changing it)', () => {
    assert.deepEqual(published, goldenJsonSchema());
  });

  it('accepts the example golden set and rejects an unknown key', () => {
    const validate = new Ajv2020({ strict: false }).compile(published);
    const example = parse(readFileSync(path.join(REPO, 'examples/support-desk/golden/tasks.yaml'), 'utf8')) as unknown;
    assert.equal(validate(example), true, JSON.stringify(validate.errors));
    assert.equal(validate([{ id: 'a', prompt: 'x', expect_tol: 'y' }]), false);
  });
});
