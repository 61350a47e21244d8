/**
 * The build's precompiled meta-schema validators must judge every schema exactly as Ajv does when it compiles the
 * meta-schema itself: same verdict, same errors, for each dialect, on every tool schema in the fixtures and on schemas
 * made to break each meta-schema rule that reaches into subschemas ($dynamicRef in 2020-12, $recursiveRef in 2019-09).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAjv, MAX_PATTERN_INPUT, metaValidatorFile, sharedAjvPool, type Dialect } from '../../src/core/json-schema.js';

// Compiled to dist/test/core: the repository is three levels up, the build output two.
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../..');
const repo = path.resolve(dist, '..');
const DIALECTS: Dialect[] = ['2020-12', '2019-09', 'draft-07'];

/** Every inputSchema and outputSchema in the fixture catalogues and golden reports. */
function fixtureSchemas(): unknown[] {
  const out: unknown[] = [];
  const walk = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'inputSchema' || k === 'outputSchema') && x && typeof x === 'object') out.push(x);
      walk(x);
    }
  };
  for (const dir of ['test/fixtures/catalogues', 'test/fixtures/report-identity'])
    for (const f of readdirSync(path.join(repo, dir))) if (f.endsWith('.json')) walk(JSON.parse(readFileSync(path.join(repo, dir, f), 'utf8')) as unknown);
  return out;
}

const long = 'x'.repeat(MAX_PATTERN_INPUT + 5);
const BROKEN: unknown[] = [
  { type: 'object', properties: { a: { type: 5 } } },
  { type: 'objekt' },
  { properties: { a: { properties: { b: { items: { minLength: -1 } } } } } },
  { $defs: { x: { enum: 'not-an-array' } }, allOf: [{ $ref: '#/$defs/x' }] },
  { anyOf: [] },
  { oneOf: [{ type: 'string' }, { required: 'a' }] },
  { pattern: '[' },
  { properties: { a: { pattern: '(' } } },
  { $anchor: '1bad' },
  { $anchor: 'good_anchor' },
  { $id: 'urn:x#frag' },
  { $id: `urn:${long}#frag` },
  { $anchor: `${long}!` },
  { format: 5 },
  { items: [{ type: 'string' }], additionalItems: { type: 1 } },
  { prefixItems: [{ type: 'nope' }], unevaluatedProperties: { minimum: 'x' } },
  { dependentSchemas: { a: { type: [] } }, dependentRequired: { a: [1] } },
  { $ref: 5 },
  { const: 1, enum: [1, 1], required: ['a', 'a'] },
  { type: ['string', 'string'] },
  { contentMediaType: 1, deprecated: 'yes', readOnly: 1 },
  { $schema: 'https://json-schema.org/draft/2020-12/schema#', properties: { a: { type: 'x' } } },
  { not: { not: { not: { type: {} } } } },
  { if: { type: 'x' }, then: { minItems: 1.5 }, else: { maxItems: -2 } },
  { definitions: { a: { type: 'x' } }, dependencies: { a: { type: 'y' }, b: [2] } },
];

describe('precompiled meta-schema validators', () => {
  it('are built for every dialect', () => {
    for (const d of DIALECTS) assert.ok(existsSync(path.join(dist, 'src/core', metaValidatorFile(d))), `${d}: run npm run build`);
  });

  it('judge every schema as a runtime-compiled meta-schema does, with the same errors', () => {
    const schemas = [...fixtureSchemas(), ...BROKEN];
    assert.ok(schemas.length > 100, `${schemas.length} schemas`);
    let invalid = 0;
    for (const d of DIALECTS) {
      const compiled = createAjv(d);
      const runtime = createAjv(d, { compiledMeta: false });
      for (const raw of schemas) {
        // A declared $schema of another dialect goes to Ajv's own path; judge each schema in each dialect.
        const schema = { ...(raw as object) };
        delete (schema as { $schema?: unknown }).$schema;
        const a = compiled.validateSchema(schema);
        const b = runtime.validateSchema(schema);
        assert.equal(a, b, `${d}: ${JSON.stringify(schema).slice(0, 200)}`);
        assert.deepEqual(compiled.errors, runtime.errors, `${d}: ${JSON.stringify(schema).slice(0, 200)}`);
        if (!a) invalid++;
      }
    }
    assert.ok(invalid >= BROKEN.length, `only ${invalid} invalid judgements`);
  });

  it('make compile refuse an invalid schema with the message Ajv gives', () => {
    const schema = { type: 'object', properties: { a: { type: 5 } } };
    const err = (f: () => unknown): string => {
      try {
        f();
        return 'compiled';
      } catch (e) {
        return (e as Error).message;
      }
    };
    for (const d of DIALECTS) {
      const message = err(() => createAjv(d, { compiledMeta: false }).compile(schema));
      assert.match(message, /^schema is invalid: /);
      assert.equal(
        err(() => createAjv(d).compile(schema)),
        message,
        d,
      );
    }
  });

  it('leave schemas of another declared dialect to Ajv', () => {
    const outcome = (compiledMeta: boolean, schema: object): string => {
      try {
        return createAjv('2020-12', { compiledMeta }).validateSchema(schema) ? 'valid' : 'invalid';
      } catch (e) {
        return (e as Error).message;
      }
    };
    for (const $schema of ['http://json-schema.org/draft-07/schema#', 'https://example.com/unknown-meta', 'https://json-schema.org/draft/2020-12/schema#/'])
      assert.equal(outcome(true, { $schema, type: 'string' }), outcome(false, { $schema, type: 'string' }), $schema);
  });
});

describe('the shared Ajv pool', () => {
  it('compiles a schema once per content, and the instance keeps nothing once the caller removes it', () => {
    const ajv = sharedAjvPool.get('2020-12');
    const a = { $id: 'https://example.com/pool-test', type: 'object', properties: { n: { type: 'integer', minimum: 2 } } };
    const b = structuredClone(a);
    const va = ajv.compile(a);
    ajv.removeSchema(a);
    ajv.removeSchema('https://example.com/pool-test');
    const vb = ajv.compile(b);
    assert.equal(va, vb, 'same content, same validator');
    assert.deepEqual([vb({ n: 3 }), vb({ n: 1 })], [true, false]);
    // Different content under the same $id compiles afresh and judges by its own schema.
    const c = { $id: 'https://example.com/pool-test', type: 'object', properties: { n: { type: 'string' } } };
    ajv.removeSchema(b);
    ajv.removeSchema('https://example.com/pool-test');
    const vc = ajv.compile(c);
    ajv.removeSchema(c);
    ajv.removeSchema('https://example.com/pool-test');
    assert.notEqual(vc, va);
    assert.deepEqual([vc({ n: 'x' }), vc({ n: 3 })], [true, false]);
  });
});
