import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyseCatalogue,
  buildCatalogue,
  exampleProblems,
  resultContractOf,
  classifyTool,
  subsetMismatch,
  type CatalogueTool,
} from '../../src/contracts/index.js';
import type { RuleSettings } from '../../src/core/rules.js';

const obj = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, ...(required.length ? { required } : {}) });
const str = { type: 'string', description: 'a value' };
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const READ = { readOnlyHint: true, openWorldHint: false };

function fired(tools: CatalogueTool[], settings?: Partial<RuleSettings>, opts = {}): string[] {
  const r = analyseCatalogue(buildCatalogue({ tools }), settings as RuleSettings, opts);
  return r.findings.filter((f) => f.family === 'receipt' || f.family === 'size').map((f) => `${f.ruleId} @ ${f.subject}${f.waived ? ' (waived)' : ''}`);
}

const tool = (name: string, description: string, extra: Partial<CatalogueTool> = {}): CatalogueTool => ({ name, description, inputSchema: obj({}), ...extra });

describe('result contracts by risk class', () => {
  it('sorts tools into the five contract kinds', () => {
    const kind = (t: CatalogueTool) => resultContractOf(t, classifyTool(t))?.kind;
    assert.equal(kind(tool('get_weekly_summary', 'Summarize last week of sales.', { annotations: READ })), 'summary');
    assert.equal(kind(tool('search_orders', 'Search orders by customer.', { annotations: READ })), 'query');
    assert.equal(kind(tool('update_order', 'Change the shipping address of an order.', { annotations: WRITE })), 'state-change');
    assert.equal(kind(tool('send_sms', 'Send a text message to a phone number.', { annotations: WRITE })), 'external-send');
    assert.equal(kind(tool('delete_order', 'Delete an order for good.', { annotations: { ...WRITE, destructiveHint: true } })), 'admin');
    assert.equal(kind(tool('grant_role', 'Grant a role to a user.', { annotations: WRITE })), 'admin');
    assert.equal(kind(tool('echo', 'Repeat the text back.', { annotations: READ })), undefined);
  });

  it('receipt/read-provenance: a summary without source or timestamp trips, one with both passes', () => {
    const bad = tool('get_sales_summary', 'Summarize sales of a day.', { annotations: READ, outputSchema: obj({ total: { type: 'number' } }) });
    const good = tool('get_sales_summary', 'Summarize sales of a day.', {
      annotations: READ,
      outputSchema: obj({ total: { type: 'number' }, source: str, as_of: str }),
    });
    const none = tool('get_sales_summary', 'Summarize sales of a day.', { annotations: READ });
    assert.deepEqual(fired([bad]), ['receipt/read-provenance @ get_sales_summary']);
    assert.deepEqual(fired([good]), []);
    assert.deepEqual(fired([none]), ['receipt/read-provenance @ get_sales_summary'], 'no outputSchema promises nothing');
  });

  it('receipt/query-schema: a read-only query without outputSchema trips; with one it passes', () => {
    assert.deepEqual(fired([tool('list_orders', 'List orders of a customer.', { annotations: READ })]), ['receipt/query-schema @ list_orders']);
    assert.deepEqual(fired([tool('list_orders', 'List orders of a customer.', { annotations: READ, outputSchema: obj({ orders: { type: 'array' } }) })]), []);
  });

  it('receipt/write-receipt: receipt id, changed ids and rollback hint, also nested (receipt.id)', () => {
    const bad = tool('update_order', 'Change the shipping address of an order.', { annotations: WRITE, outputSchema: obj({ ok: { type: 'boolean' } }) });
    const good = tool('update_order', 'Change the shipping address of an order.', {
      annotations: WRITE,
      outputSchema: obj({ receipt: obj({ id: str }), changed_ids: { type: 'array', items: str }, undo: str }),
    });
    assert.deepEqual(fired([bad]), ['receipt/write-receipt @ update_order']);
    assert.deepEqual(fired([good]), []);
    const partial = analyseCatalogue(buildCatalogue({ tools: [{ ...good, outputSchema: obj({ receiptId: str, changedIds: { type: 'array' } }) }] }));
    assert.match(partial.findings.find((f) => f.ruleId === 'receipt/write-receipt')!.message, /promises no rollback hint$/);
  });

  it('a write tool with no outputSchema at all is reported once, by risk/write-without-output-schema', () => {
    const r = analyseCatalogue(buildCatalogue({ tools: [tool('update_order', 'Change the shipping address of an order.', { annotations: WRITE })] }));
    assert.deepEqual(
      r.findings.filter((f) => f.severity !== 'info').map((f) => f.ruleId),
      ['risk/write-without-output-schema'],
    );
  });

  it('receipt/send-receipt: an idempotency key counts in the input or the output', () => {
    const out = obj({ recipient: str, message_id: str, status: str });
    const noKey = tool('send_sms', 'Send a text message to a phone number.', { annotations: WRITE, outputSchema: out });
    const keyIn = { ...noKey, inputSchema: obj({ to: str, idempotency_key: str }) };
    const keyOut = { ...noKey, outputSchema: obj({ recipient: str, message_id: str, status: str, dedupeKey: str }) };
    assert.deepEqual(fired([noKey]), ['receipt/send-receipt @ send_sms']);
    assert.deepEqual(fired([keyIn]), []);
    assert.deepEqual(fired([keyOut]), []);
  });

  it('receipt/admin-audit: approval id (input or output) and an audit-log reference', () => {
    const destructive = { ...WRITE, destructiveHint: true };
    const bad = tool('delete_order', 'Delete an order for good.', { annotations: destructive, outputSchema: obj({ deleted: { type: 'boolean' } }) });
    const good = { ...bad, inputSchema: obj({ id: str, approvalId: str }), outputSchema: obj({ deleted: { type: 'boolean' }, auditLogId: str }) };
    assert.deepEqual(fired([bad]), ['receipt/admin-audit @ delete_order']);
    assert.deepEqual(fired([good]), []);
  });

  it('field names are configurable (added to the synonyms); levels change and waivers apply', () => {
    const t = tool('update_order', 'Change the shipping address of an order.', {
      annotations: WRITE,
      outputSchema: obj({ opRef: str, touched: { type: 'array' }, revertWith: str }),
    });
    assert.deepEqual(fired([t]), ['receipt/write-receipt @ update_order']);
    assert.deepEqual(fired([t], { levels: {}, waivers: [], fields: { receiptId: ['opRef'], changedIds: ['touched'] } }), []);
    const r = analyseCatalogue(buildCatalogue({ tools: [t] }), { levels: { 'receipt/*': 'error' }, waivers: [] });
    assert.equal(r.findings.find((f) => f.ruleId === 'receipt/write-receipt')?.severity, 'error');
    assert.deepEqual(
      fired([t], { levels: {}, waivers: [{ rule: 'receipt/write-receipt', tool: 'update_order', reason: 'receipts live in the ledger (FIN-7)' }] }),
      ['receipt/write-receipt @ update_order (waived)'],
    );
    assert.deepEqual(fired([t], { levels: { 'receipt/write-receipt': 'off' }, waivers: [] }), []);
  });
});

describe('size rules', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      tool(`get_metric_${i}`, `Metric number ${i} of the fleet.`, { annotations: READ, outputSchema: obj({ v: { type: 'number' } }) }),
    );

  it('size/progressive-disclosure: over 30 tools, with the token cost; 30 pass', () => {
    assert.ok(!fired(many(30)).some((f) => f.startsWith('size/')));
    const r = analyseCatalogue(buildCatalogue({ tools: many(31) }));
    const f = r.findings.find((x) => x.ruleId === 'size/progressive-disclosure');
    assert.ok(f);
    assert.match(f.message, new RegExp(`^31 tools \\(over 30\\) cost about ${r.stats.tokens.total} tokens`));
  });

  it('size/large-result: over 10 KB inline trips; a linked result or a small one passes; one finding per tool (the largest)', () => {
    const t = [tool('export_log', 'Export the log.', { annotations: READ })];
    const sizes = [
      { tool: 'export_log', bytes: 20_000, linked: false },
      { tool: 'export_log', bytes: 50_000, linked: false },
      { tool: 'export_log', bytes: 90_000, linked: true },
      { tool: 'other', bytes: 10_240, linked: false },
    ];
    const r = analyseCatalogue(buildCatalogue({ tools: t }), undefined, { resultSizes: sizes });
    const found = r.findings.filter((f) => f.ruleId === 'size/large-result');
    assert.deepEqual(
      found.map((f) => f.subject),
      ['export_log'],
    );
    assert.match(found[0]!.message, /48\.8 KB/);
  });
});

describe('example responses', () => {
  const t: CatalogueTool = tool('get_order', 'Fetch one order.', {
    annotations: READ,
    outputSchema: obj({ id: str, status: { enum: ['open', 'shipped'] } }, ['id', 'status']),
  });
  const result = (sc: unknown, text = JSON.stringify(sc)) => ({ content: [{ type: 'text', text }], structuredContent: sc });

  it('a valid, mirrored, expected result passes', () => {
    assert.deepEqual(
      exampleProblems(t, { tool: 'get_order', index: 0, source: 'called', result: result({ id: 'o1', status: 'open' }), expect: { status: 'open' } }),
      [],
    );
  });

  it('schema, mirror, expectation and isError problems are each named', () => {
    const p = (r: Record<string, unknown>, expect?: unknown) =>
      exampleProblems(t, { tool: 'get_order', index: 0, source: 'called', result: r, ...(expect !== undefined ? { expect } : {}) }).join(' | ');
    assert.match(p(result({ id: 'o1', status: 'lost' })), /outputSchema: \/status must be equal to one of the allowed values/);
    assert.match(p(result({ id: 'o1', status: 'open' }, 'Order o1 is open.')), /no text block carries the structuredContent/);
    assert.match(
      p(result({ id: 'o1', status: 'open' }), { status: 'shipped' }),
      /not the expected structured result: \/status: expected "shipped", got "open"/,
    );
    assert.match(p({ isError: true, content: [{ type: 'text', text: 'no such order' }] }), /tool error/);
  });

  it('subset match: extra keys are fine, arrays compare whole', () => {
    assert.equal(subsetMismatch({ a: 1 }, { a: 1, b: 2 }), undefined);
    assert.match(subsetMismatch({ a: [1] }, { a: [1, 2] }) ?? '', /\/a: expected \[1\]/);
    assert.match(subsetMismatch({ a: { b: 1 } }, { a: 'x' }) ?? '', /\/a: expected an object/);
  });
});
