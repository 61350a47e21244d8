/** The validators generated at build time judge exactly as the same model compiled at run time. */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { typeRef, wireAjv, type WireDocument } from '../../src/spec/wire/ajv-setup.js';
import { WIRE_VALIDATORS_FILE, wireDocument, wireValidator } from '../../src/spec/wire/compile.js';
import { generatedPath } from '../../src/spec/wire/validator-table.js';
import { LEGACY_VALIDATORS_FILE, legacyDocument } from '../../src/spec/legacy/index.js';
import { specDirOrSkip } from '../support/official-schema.js';
import { loadExamples } from './example-folders.js';
import { mutations } from './mutate.js';

const built = !import.meta.url.endsWith('.ts');
const requireFromWire = createRequire(new URL('../../src/spec/wire/compile.js', import.meta.url));

/** Every error Ajv reports for each value, per type, from one validator source. */
function errorsOf(lookup: (name: string) => (v: unknown) => boolean, cases: [string, unknown][]): unknown[] {
  return cases.map(([name, value]) => {
    const validate = lookup(name) as ((v: unknown) => boolean) & { errors?: unknown };
    return { name, ok: validate(value), errors: validate.errors ?? null };
  });
}

/** Every value against every type, plus each (type, value) pair of `typed`. */
function compare(doc: WireDocument, file: string, values: unknown[], typed: [string, unknown][] = []): void {
  const generated = requireFromWire(generatedPath(file)) as Record<string, (v: unknown) => boolean>;
  assert.deepEqual(Object.keys(generated).sort(), [...doc.typeNames], 'one generated validator per type');
  const ajv = wireAjv(doc);
  const runtime = (name: string) => ajv.getSchema(typeRef(doc, name)) as (v: unknown) => boolean;
  const fromBuild = (name: string) => generated[name] as (v: unknown) => boolean;
  const cases: [string, unknown][] = [...doc.typeNames.flatMap((name) => values.map((v): [string, unknown] => [name, v])), ...typed];
  assert.deepEqual(errorsOf(fromBuild, cases), errorsOf(runtime, cases));
}

const shapes: unknown[] = [null, 0, 'x', [], {}, { jsonrpc: '2.0', id: 1, result: {} }, { jsonrpc: '1.0', id: null, error: { code: 'x' } }];

test('a built run uses the generated validators, not a compiler', { skip: !built && 'runs from TypeScript source' }, () => {
  const generated = requireFromWire(generatedPath(WIRE_VALIDATORS_FILE)) as Record<string, unknown>;
  assert.equal(wireValidator('Tool'), generated.Tool);
});

test(
  "2026-07-28: generated validators give the runtime compiler's errors on the official examples and their mutations",
  { skip: !built && 'runs from TypeScript source' },
  (t) => {
    const dir = specDirOrSkip(t);
    const doc = wireDocument();
    const values = [...shapes];
    const typed: [string, unknown][] = [];
    for (const example of dir ? loadExamples(dir) : []) {
      values.push(example.value);
      // Mutations against the example's own type: where a wrong member makes the validators' errors differ.
      if (doc.typeNames.includes(example.folder)) for (const m of mutations(example.value)) typed.push([example.folder, m.value]);
    }
    compare(doc, WIRE_VALIDATORS_FILE, values, typed);
  },
);

test("2025-11-25: generated validators give the runtime compiler's errors", { skip: !built && 'runs from TypeScript source' }, () => {
  const init = {
    protocolVersion: '2025-11-25',
    capabilities: { tools: { listChanged: 'yes' } },
    serverInfo: { name: 'x', version: 1, icons: [{ src: 'not a uri' }] },
  };
  const tool = { name: 'echo', inputSchema: { type: 'object', properties: { a: { type: 'string' } } }, annotations: { readOnlyHint: 'no' } };
  const values = [...shapes, init, tool, { tools: [tool, {}] }, ...mutations(init).map((m) => m.value), ...mutations(tool).map((m) => m.value)];
  compare(legacyDocument(), LEGACY_VALIDATORS_FILE, values);
});
