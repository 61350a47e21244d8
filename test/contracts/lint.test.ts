import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildCatalogue, type CatalogueTool } from '../../src/contracts/catalogue/catalogue.js';
import { confusablePairs } from '../../src/contracts/lint/confusable.js';
import { analyseCatalogue, type ContractThresholds } from '../../src/contracts/index.js';
import { estimateTokens } from '../../src/contracts/catalogue/tokens.js';

const ro = { readOnlyHint: true };
const tool = (name: string, description: string | undefined, inputSchema: Record<string, unknown> = { type: 'object' }): CatalogueTool => ({
  name,
  ...(description === undefined ? {} : { description }),
  inputSchema,
  annotations: ro,
});
const lint = (tools: CatalogueTool[], thresholds: Partial<ContractThresholds> = {}, extra: Record<string, unknown> = {}): string[] =>
  analyseCatalogue(buildCatalogue({ tools, ...extra }), undefined, { thresholds })
    .findings.filter((f) => f.family === 'lint')
    .map((f) => `${f.ruleId} ${f.subject}`);

describe('description lint', () => {
  it('flags missing, short and name-restating descriptions, not good ones', () => {
    assert.deepEqual(lint([tool('get_invoice', undefined)]), ['lint/description-missing get_invoice']);
    assert.deepEqual(lint([tool('get_invoice', 'Invoice.')]), ['lint/description-thin get_invoice']);
    assert.deepEqual(lint([tool('get_invoice_pdf', 'Gets the invoice PDF.')]), ['lint/description-thin get_invoice_pdf']);
    assert.deepEqual(lint([tool('get_invoice', 'Get one invoice with its lines, taxes and payment state.')]), []);
  });

  it('flags required parameters without a description, and only required ones', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' }, page: { type: 'integer' } }, required: ['id'] };
    assert.deepEqual(lint([tool('get_invoice', 'Get one invoice with its lines and taxes.', schema)]), ['lint/param-description-missing get_invoice']);
  });

  it('counts tools against the configured maximum', () => {
    const many = Array.from({ length: 6 }, (_, i) => tool(`tool_${'abcdef'[i]}_thing`, `Does the ${i}th distinct job in the system, with care.`));
    assert.deepEqual(
      lint(many, { maxTools: 5 }).filter((f) => f.includes('too-many')),
      ['lint/too-many-tools server'],
    );
    assert.deepEqual(
      lint(many, { maxTools: 6 }).filter((f) => f.includes('too-many')),
      [],
    );
  });

  it('flags deep and huge schemas', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 6; i++) deep = { type: 'object', properties: { inner: deep } };
    assert.deepEqual(lint([tool('set_config', 'Set configuration values for the service.', deep)], { maxSchemaDepth: 5 }), ['lint/schema-deep set_config']);
    const props = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field_${i}`, { type: 'string' }]));
    assert.deepEqual(
      lint([tool('set_config', 'Set configuration values for the service.', { type: 'object', properties: props })], { maxSchemaProperties: 10 }),
      ['lint/schema-huge set_config'],
    );
  });

  it('estimates the token cost as chars/4 and flags it over the budget', () => {
    const c = buildCatalogue({ tools: [tool('get_invoice', 'x'.repeat(400))], instructions: 'y'.repeat(40) });
    const est = estimateTokens(c);
    assert.equal(est.instructions, 10);
    assert.ok(est.tools > 100 && est.tools < 130, String(est.tools));
    assert.match(est.method, /estimate/);
    assert.deepEqual(
      lint(c.tools, { tokenBudget: 50 }).filter((f) => f.includes('token')),
      ['lint/token-cost server'],
    );
  });

  it('flags names outside the SHOULD character set, and duplicates', () => {
    assert.deepEqual(lint([tool('send mail', 'Send one email to one recipient.')]), ['lint/tool-name send mail']);
    const dup = lint([tool('get_invoice', 'Get one invoice with its lines.'), tool('get_invoice', 'Get one invoice, another way round.')]);
    assert.ok(dup.includes('lint/tool-name get_invoice'));
  });

  it('reports schemas that cannot be compiled, without fetching anything', () => {
    const remote = { type: 'object', properties: { a: { $ref: 'https://schemas.example.com/a.json' } } };
    assert.deepEqual(lint([tool('get_invoice', 'Get one invoice with its lines.', remote)]), ['lint/schema-uncompilable get_invoice']);
    assert.deepEqual(lint([tool('get_invoice', 'Get one invoice with its lines.', { type: 'array' })]), ['lint/schema-uncompilable get_invoice']);
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' };
    assert.deepEqual(lint([tool('get_invoice', 'Get one invoice with its lines.', draft4)]), ['lint/schema-uncompilable get_invoice']);
  });
});

describe('confusable tools', () => {
  const t = (name: string, description: string): CatalogueTool => ({ name, description, inputSchema: { type: 'object' } });
  it('pairs names that stem alike and near-identical descriptions', () => {
    const pairs = confusablePairs([t('get_user', 'Get a user by id.'), t('getUsers', 'Get users by ids.'), t('lookup_person', 'Get a user by id.')], 0.75);
    assert.deepEqual(
      pairs.map((p) => `${p.a}~${p.b}`),
      ['getUsers~get_user', 'get_user~lookup_person'],
    );
  });
  it('does not pair distinct tools, nor names that differ by opposite verbs', () => {
    const pairs = confusablePairs(
      [
        t('attach_volume', 'Attach a volume to an instance.'),
        t('detach_volume', 'Detach a volume from an instance.'),
        t('list_invoices', 'List invoices of a customer, newest first.'),
        t('create_refund', 'Refund part of a paid invoice to the card.'),
      ],
      0.75,
    );
    assert.deepEqual(pairs, []);
  });
});
