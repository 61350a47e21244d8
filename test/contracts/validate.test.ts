import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { analyseCatalogue, validateStructuredResult } from '../../src/contracts/index.js';

const EXAMPLES = '/work/shared/spec/2026-07-28/examples/';
const tool = (outputSchema: unknown): CatalogueTool => ({
  name: 'get_stats',
  inputSchema: { type: 'object' },
  outputSchema: outputSchema as CatalogueTool['outputSchema'],
});

describe('structured results against outputSchema', () => {
  it('accepts the official structured results for the official tools, and reports broken copies', () => {
    for (const [toolFile, resultFile] of [
      ['Tool/with-output-schema-for-structured-content.json', 'CallToolResult/result-with-structured-content.json'],
      ['Tool/tool-with-array-output-schema.json', 'CallToolResult/result-with-array-structured-content.json'],
    ] as const) {
      const example = JSON.parse(readFileSync(EXAMPLES + toolFile, 'utf8')) as CatalogueTool;
      const result = JSON.parse(readFileSync(EXAMPLES + resultFile, 'utf8')) as { structuredContent: unknown };
      assert.deepEqual(validateStructuredResult(example, result.structuredContent), [], toolFile);
      const broken = JSON.parse(JSON.stringify(result.structuredContent).replace(/"(conditions|email)":"[^"]*"/, '"$1":7'));
      assert.equal(validateStructuredResult(example, broken).length, 1, toolFile);
    }
  });
  it('says where a result goes wrong', () => {
    const t = tool({
      type: 'object',
      properties: { count: { type: 'integer' }, items: { type: 'array', items: { type: 'string' } } },
      required: ['count'],
      additionalProperties: false,
    });
    const errors = validateStructuredResult(t, { count: 'three', items: [1], extra: true });
    assert.ok(
      errors.some((e) => e.startsWith('/count')),
      errors.join('\n'),
    );
    assert.ok(errors.some((e) => e.startsWith('/items/0')));
    assert.ok(errors.some((e) => e.includes('(extra)')));
  });
  it('accepts any JSON value when the schema says so, and flags a missing structuredContent', () => {
    assert.deepEqual(validateStructuredResult(tool({ type: 'array', items: { type: 'number' } }), [1, 2]), []);
    assert.deepEqual(validateStructuredResult(tool({ type: 'null' }), null), []);
    assert.match(validateStructuredResult(tool({ type: 'object' }), undefined)[0] ?? '', /no structuredContent/);
    assert.deepEqual(validateStructuredResult({ name: 'x', inputSchema: { type: 'object' } }, { any: 1 }), []);
  });
  it('honours a declared draft-07 dialect and refuses an unsupported one', () => {
    const d7 = tool({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { n: { type: 'number' } }, required: ['n'] });
    assert.deepEqual(validateStructuredResult(d7, { n: 1 }), []);
    assert.equal(validateStructuredResult(d7, {}).length, 1);
    assert.match(validateStructuredResult(tool({ $schema: 'http://json-schema.org/draft-03/schema#' }), {})[0] ?? '', /unsupported dialect/);
  });
  it('never follows a network $ref, and says why it cannot validate', () => {
    const t = tool({ type: 'object', properties: { a: { $ref: 'http://127.0.0.1:9/never.json' } } });
    const started = Date.now();
    const errors = validateStructuredResult(t, { a: 1 });
    assert.match(errors[0] ?? '', /network \$ref is never fetched/);
    assert.ok(Date.now() - started < 1000);
  });
  it('resolves same-document references and copes with one $id used by two tools', () => {
    const a = tool({
      $id: 'https://schemas.example.com/shared.json',
      type: 'object',
      properties: { m: { $ref: '#/$defs/money' } },
      $defs: { money: { type: 'number', minimum: 0 } },
    });
    const b = tool({ $id: 'https://schemas.example.com/shared.json', type: 'object', properties: { m: { type: 'string' } } });
    assert.equal(validateStructuredResult(a, { m: -1 }).length, 1);
    assert.deepEqual(validateStructuredResult(b, { m: 'ok' }), []);
    assert.deepEqual(validateStructuredResult(a, { m: 5 }), []);
  });
  it('refuses schemas beyond the validation bounds instead of compiling them', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'object', properties: { x: deep } };
    assert.match(validateStructuredResult(tool(deep), {})[0] ?? '', /exceeds the validation bounds/);
  });
  it('turns observed results into risk/structured-result-invalid findings', () => {
    const c = buildCatalogue({
      tools: [
        {
          ...tool({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] }),
          description: 'Count the rows of a table, exactly.',
          annotations: { readOnlyHint: true },
        },
      ],
    });
    const r = analyseCatalogue(c, undefined, {
      structuredResults: [
        { tool: 'get_stats', structuredContent: { n: 1 } },
        { tool: 'get_stats', structuredContent: { n: 'x' } },
      ],
    });
    const f = r.findings.filter((x) => x.ruleId === 'risk/structured-result-invalid');
    assert.equal(f.length, 1);
    assert.equal(f[0]?.severity, 'error');
    assert.equal(f[0]?.location, 'structuredResults[1]');
  });
});
