import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSupportDeskHttp } from '../../examples/support-desk/http.js';
import { post, rpc, schemaErrors, specErrors, StdioChild, type Json } from './helpers.js';

/** One request over either transport: the JSON-RPC answer, plus the HTTP status when there is one. */
type Send = (message: Json) => Promise<{ body: Json | undefined; status?: number }>;

const FORM = { elicitation: { form: {} } };
const find = (query: string, caps: Json, extra: Json = {}) => rpc('tools/call', { name: 'find_customer', arguments: { query }, ...extra }, caps);
const pick = (customer: string) => ({ action: 'accept', content: { customer } });

/** A forged state: same MAC, but the signed body now offers a customer that was never offered. */
function forge(state: string): string {
  const [version, body, mac] = state.split('.');
  const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Json;
  payload.p.ids = ['C-203'];
  return [version, Buffer.from(JSON.stringify(payload)).toString('base64url'), mac].join('.');
}

function suite(name: string, open: () => Promise<{ send: Send; close: () => Promise<void> }>): void {
  describe(`support-desk completions and MRTR over ${name}`, () => {
    let send: Send = async () => ({ body: undefined });
    let close = async () => {};
    before(async () => ({ send, close } = await open()));
    after(() => close());

    const ask = async () => {
      const { body } = await send(find('Ana', FORM));
      assert.equal(body?.result?.resultType, 'input_required', JSON.stringify(body));
      return body.result as Json;
    };

    it('advertises completions and completes ticket ids for the prompt argument and the template variable', async () => {
      assert.deepEqual((await send(rpc('server/discover'))).body?.result.capabilities.completions, {});
      const prompt = (
        await send(rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'draft_reply' }, argument: { name: 'ticketId', value: 't-100' } }))
      ).body;
      assert.deepEqual(specErrors('CompleteResultResponse', prompt), []);
      assert.deepEqual(prompt?.result.completion.values, ['T-1001', 'T-1002', 'T-1003', 'T-1004']);
      const template = (
        await send(rpc('completion/complete', { ref: { type: 'ref/resource', uri: 'desk://tickets/{id}' }, argument: { name: 'id', value: 'T-1003' } }))
      ).body;
      assert.deepEqual(template?.result.completion, { values: ['T-1003'], total: 1, hasMore: false });
      const none = (await send(rpc('completion/complete', { ref: { type: 'ref/resource', uri: 'desk://tickets/{id}' }, argument: { name: 'id', value: 'X' } })))
        .body;
      assert.deepEqual(none?.result.completion.values, []);
    });

    it('answers a unique match at once, with content valid against the outputSchema', async () => {
      const tools = (await send(rpc('tools/list'))).body?.result.tools as Json[];
      const tool = tools.find((t) => t.name === 'find_customer')!;
      assert.deepEqual(tool.annotations, { readOnlyHint: true, openWorldHint: false });
      assert.deepEqual(tool.inputSchema.properties.query.examples, ['Ana', 'northwind'], 'sample arguments lead to the ambiguous path');
      const { body } = await send(find('northwind', {}));
      assert.deepEqual(specErrors('CallToolResultResponse', body), []);
      assert.deepEqual(schemaErrors(tool.outputSchema, body?.result.structuredContent), []);
      assert.equal(body?.result.structuredContent.customer.id, 'C-204');
      assert.deepEqual(body?.result.structuredContent.customer.ticketIds, ['T-1003']);
    });

    it('without form elicitation declared, an ambiguous name gets -32021 naming the capability, on every request', async () => {
      for (const caps of [{}, { elicitation: { url: {} } }, {}]) {
        const res = await send(find('Ana', caps));
        assert.deepEqual(specErrors('JSONRPCErrorResponse', res.body), []);
        assert.equal(res.body?.error?.code, -32021, JSON.stringify(caps));
        assert.deepEqual(res.body?.error.data, { requiredCapabilities: FORM });
        if (res.status !== undefined) assert.equal(res.status, 400);
        // Declaring the capability on one request must not carry over to the next (BASIC §_meta).
        assert.equal((await send(find('Ana', FORM))).body?.result?.resultType, 'input_required');
      }
    });

    it('asks which customer through a well-formed form elicitation, and the retry with the answer completes', async () => {
      const irr = await ask();
      assert.deepEqual(specErrors('InputRequiredResult', irr), []);
      const q = irr.inputRequests.pick_customer;
      assert.equal(q.method, 'elicitation/create');
      assert.deepEqual(specErrors('ElicitRequestFormParams', q.params), []);
      assert.deepEqual(
        q.params.requestedSchema.properties.customer.oneOf.map((o: Json) => o.const),
        ['C-201', 'C-202'],
      );
      assert.match(irr.requestState, /^v1\./);
      // A new id, the same params, the answer, the state echoed; an entry nobody asked for is ignored.
      const inputResponses = { pick_customer: pick('C-202'), unrequested: { action: 'decline' } };
      const { body } = await send(find('Ana', FORM, { inputResponses, requestState: irr.requestState }));
      assert.deepEqual(specErrors('CallToolResultResponse', body), []);
      assert.equal(body?.result.resultType, 'complete');
      assert.deepEqual(body?.result.structuredContent, {
        customer: { id: 'C-202', name: 'Ana Souza', email: 'ana.souza@example.net', plan: 'monthly', customerSince: '2025-09-02', ticketIds: [] },
        matches: 2,
      });
    });

    it('refuses tampered state with -32602', async () => {
      const irr = await ask();
      const forged = await send(find('Ana', FORM, { inputResponses: { pick_customer: pick('C-203') }, requestState: forge(irr.requestState) }));
      assert.equal(forged.body?.error?.code, -32602);
      const cut = await send(find('Ana', FORM, { inputResponses: { pick_customer: pick('C-201') }, requestState: irr.requestState.slice(0, -3) }));
      assert.equal(cut.body?.error?.code, -32602);
    });

    it('refuses a malformed inputResponses with -32602 (SDK 2.4 would drop it and run the tool)', async () => {
      const irr = await ask();
      for (const inputResponses of [
        'C-201',
        [pick('C-201')],
        { pick_customer: { action: 'maybe' } },
        { pick_customer: { method: 'elicitation/create', result: pick('C-201') } },
      ]) {
        const { body } = await send(find('Ana', FORM, { inputResponses, requestState: irr.requestState }));
        assert.deepEqual(specErrors('JSONRPCErrorResponse', body), []);
        assert.equal(body?.error?.code, -32602, JSON.stringify(inputResponses));
      }
    });

    it('asks again, never fails, when the answer or the state is missing, or the state belongs to another query', async () => {
      const irr = await ask();
      const noAnswer = await send(find('Ana', FORM, { requestState: irr.requestState }));
      assert.equal(noAnswer.body?.result.resultType, 'input_required');
      assert.ok(noAnswer.body?.result.inputRequests.pick_customer);
      const noState = await send(find('Ana', FORM, { inputResponses: { pick_customer: pick('C-201') } }));
      assert.equal(noState.body?.result.resultType, 'input_required', 'without the signed offer the answer is not trusted');
      const otherQuery = await send(find('ana', FORM, { inputResponses: { pick_customer: pick('C-201') }, requestState: irr.requestState }));
      assert.equal(otherQuery.body?.result.resultType, 'input_required');
      const outside = await send(find('Ana', FORM, { inputResponses: { pick_customer: pick('C-203') }, requestState: irr.requestState }));
      assert.equal(outside.body?.result.resultType, 'input_required', 'a choice that was not offered is asked again');
    });

    it('completes with customer null when the user declines', async () => {
      const irr = await ask();
      const { body } = await send(find('Ana', FORM, { inputResponses: { pick_customer: { action: 'decline' } }, requestState: irr.requestState }));
      assert.equal(body?.result.resultType, 'complete');
      assert.equal(body?.result.isError, undefined);
      assert.deepEqual(body?.result.structuredContent, { customer: null, matches: 2 });
    });
  });
}

suite('Streamable HTTP', async () => {
  const http = await startSupportDeskHttp();
  return { send: async (m) => post(http.url, m), close: () => http.close() };
});

suite('stdio', async () => {
  const child = StdioChild.start('support-desk/stdio');
  return { send: async (m) => ({ body: await child.request(m) }), close: () => child.kill() };
});
