/** Integrity of the wire model itself, and of the official-schema test utility. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { WIRE_TYPE_NAMES, validateWireType, wireSchema } from '../../src/spec/wire/index.js';
import { specDir, specDirOrSkip } from '../support/official-schema.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Every `$ref` string anywhere in a schema value. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refs(value, out);
    }
  }
  return out;
}

test('every $ref points at a definition of our own document, and every type compiles', () => {
  const found = refs(wireSchema);
  assert.ok(found.length > 100, 'the model is built from references');
  for (const ref of found) {
    assert.match(ref, /^#\/\$defs\//, `${ref} must stay inside the document: nothing is ever fetched`);
    assert.ok(WIRE_TYPE_NAMES.includes(ref.slice('#/$defs/'.length)), `${ref} has no definition`);
  }
  for (const name of WIRE_TYPE_NAMES) assert.ok(Array.isArray(validateWireType(name, {})), name);
  assert.throws(() => validateWireType('NoSuchType', {}), /unknown type NoSuchType/);
});

test('the wire model never reads the shared spec at run time', () => {
  // Compiled runs sit in dist/test/spec; the sources are then two levels further up.
  const candidates = [join(here, '../../src/spec/wire'), join(here, '../../../src/spec/wire')];
  const dir = candidates.find((d) => {
    try {
      return readdirSync(d).length > 0;
    } catch {
      return false;
    }
  });
  assert.ok(dir, 'src/spec/wire not found');
  for (const file of readdirSync(dir).filter((f) => /\.(ts|js)$/.test(f))) {
    const text = readFileSync(join(dir, file), 'utf8');
    assert.doesNotMatch(text, /shared\/spec|readFileSync|node:fs|loadSchema\s*:/, `${file} must not load files or schemas`);
  }
});

test('specDirOrSkip skips locally and fails on CI when the spec is absent', () => {
  const saved = { dir: process.env.MCP_ASSAY_SPEC_DIR, ci: process.env.CI };
  const restore = (key: 'MCP_ASSAY_SPEC_DIR' | 'CI', value: string | undefined): void => {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  };
  let skipped: string | undefined;
  const stub = { skip: (message?: string) => void (skipped = message) } as unknown as TestContext;
  try {
    process.env.MCP_ASSAY_SPEC_DIR = join(here, 'no-such-spec-folder');
    delete process.env.CI;
    assert.equal(specDir(), undefined);
    assert.equal(specDirOrSkip(stub), undefined);
    assert.match(skipped ?? '', /official spec not found/);
    process.env.CI = 'true';
    assert.throws(() => specDirOrSkip(stub), /CI must provide it/);
  } finally {
    restore('MCP_ASSAY_SPEC_DIR', saved.dir);
    restore('CI', saved.ci);
  }
});
