import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TraceCall } from '../../src/core/evals-report.js';
import type { ToolSpec } from '../../src/core/provider.js';
import { parseGolden } from '../../src/evals/golden-load.js';
import { SCORERS, checkValue, lexicalSimilarity, normalize, type Transcript } from '../../src/evals/scorers/index.js';
import { argumentsScorer } from '../../src/evals/scorers/arguments.js';
import { selectionScorer } from '../../src/evals/scorers/selection.js';
import { sequenceScorer } from '../../src/evals/scorers/sequence.js';
import { negativeScorer } from '../../src/evals/scorers/negative.js';
import { deniedScorer } from '../../src/evals/scorers/denied.js';

const TOOLS: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { location: { type: 'string' }, units: { type: 'string' } }, required: ['location'] } },
  { name: 'search_invoices', inputSchema: { type: 'object', properties: { customer: { type: 'string' }, month: { type: 'integer' } } } },
  { name: 'send_email', inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } },
];

export function call(tool: string, args: Record<string, unknown> | string, handling: TraceCall['handling'] = 'executed'): TraceCall {
  const base = { turn: 0, tool, handling, isError: false, resultDigest: '', resultPreview: '', latencyMs: 0 };
  return typeof args === 'string' ? { ...base, rawArguments: args, argumentsError: 'not JSON' } : { ...base, arguments: args };
}
const tx = (...calls: TraceCall[]): Transcript => ({ calls, finalText: '', tools: TOOLS });

const G = parseGolden(
  `- id: w
  prompt: weather
  expect_tool: get_weather
  expect_args: {location: "Seattle, WA"}
  arg_match: {location: semantic}
- id: inv
  prompt: invoice
  expect_sequence: [search_invoices, send_email]
- id: neg
  prompt: thanks
  expect_tool: null
  denied: [send_email]
- id: exact
  prompt: x
  expect_tool: search_invoices
  expect_args: {customer: "Acme Corp", month: 10}
  arg_match: {customer: normalized}
`,
  't.yaml',
);
const [W, INV, NEG, EX] = G.cases as [(typeof G.cases)[0], (typeof G.cases)[0], (typeof G.cases)[0], (typeof G.cases)[0]];

describe('scorers (pure, one per file)', () => {
  it('selection looks at the first call to a server tool only; unknown tools are not server calls', () => {
    assert.equal(selectionScorer.score({ expect: W, transcript: tx(call('get_weather', { location: 'x' })) }).pass, true);
    assert.equal(selectionScorer.score({ expect: W, transcript: tx(call('nope', {}, 'unknown-tool'), call('get_weather', {})) }).pass, true);
    const wrong = selectionScorer.score({ expect: W, transcript: tx(call('search_invoices', {}), call('get_weather', {})) });
    assert.deepEqual([wrong.pass, wrong.reason], [false, 'expected get_weather first, called search_invoices']);
    assert.equal(selectionScorer.score({ expect: W, transcript: tx() }).reason, 'expected get_weather, but no server tool was called');
  });

  it('arguments: semantic via the lexical fallback, which says so', () => {
    const ok = argumentsScorer.score({ expect: W, transcript: tx(call('get_weather', { location: 'Seattle' })) });
    assert.equal(ok.pass, true);
    const far = argumentsScorer.score({ expect: W, transcript: tx(call('get_weather', { location: 'Portland, OR' })) });
    assert.equal(far.pass, false);
    assert.match(far.reason, /lexical fallback similarity 0\.00 < 0\.7/);
  });

  it('arguments: hallucinated, missing-required and broken JSON each fail ArgExact', () => {
    const hall = argumentsScorer.score({ expect: W, transcript: tx(call('get_weather', { location: 'Seattle', zip: 98101 })) });
    assert.deepEqual([hall.pass, hall.reason], [false, 'not in the schema: zip']);
    assert.equal(hall.value, 1 / 2); // ArgPartial: location matched, zip hallucinated: 1 of {location, zip}
  });

  it('arguments: normalized strings and numbers by value', () => {
    assert.equal(argumentsScorer.score({ expect: EX, transcript: tx(call('search_invoices', { customer: 'acme-corp', month: 10.0 })) }).pass, true);
    const r = argumentsScorer.score({ expect: EX, transcript: tx(call('search_invoices', { customer: 'Acme', month: '10' })) });
    assert.equal(r.pass, false);
    assert.equal(r.reason, 'customer: expected "Acme Corp" (normalised), got "Acme"; month: expected 10, got "10"');
    const broken = argumentsScorer.score({ expect: EX, transcript: tx(call('search_invoices', '{"customer": "Acme')) });
    assert.equal(broken.pass, false);
    assert.match(broken.reason, /arguments unusable: not JSON/);
  });

  it('the paired call is the best of several calls to the expected tool', () => {
    const r = argumentsScorer.score({
      expect: EX,
      transcript: tx(call('search_invoices', { customer: 'x' }), call('search_invoices', { customer: 'ACME corp', month: 10 })),
    });
    assert.equal(r.pass, true);
  });

  it('sequence is a subsequence in order; extras allowed, reversed order fails', () => {
    assert.equal(
      sequenceScorer.score({
        expect: INV,
        transcript: tx(call('search_invoices', {}), call('get_weather', { location: 'a' }), call('send_email', { to: 'a' })),
      }).pass,
      true,
    );
    const rev = sequenceScorer.score({ expect: INV, transcript: tx(call('send_email', { to: 'a' }), call('search_invoices', {})) });
    assert.deepEqual([rev.pass, rev.value], [false, 0.5]);
  });

  it('negative and denied', () => {
    assert.equal(negativeScorer.score({ expect: NEG, transcript: tx() }).pass, true);
    assert.equal(negativeScorer.score({ expect: NEG, transcript: tx(call('ghost', {}, 'unknown-tool')) }).pass, true);
    assert.equal(negativeScorer.score({ expect: NEG, transcript: tx(call('get_weather', {})) }).reason, 'no tool should be called; called get_weather');
    assert.equal(deniedScorer.score({ expect: NEG, transcript: tx(call('send_email', { to: 'x' })) }).pass, false);
  });

  it('each case is scored only by the scorers that apply to it', () => {
    const ids = (c: typeof W) => SCORERS.filter((s) => s.applies(c)).map((s) => s.id);
    assert.deepEqual(ids(W), ['selection', 'arguments']);
    assert.deepEqual(ids(INV), ['sequence']);
    assert.deepEqual(ids(NEG), ['negative', 'denied']);
  });

  it('value matchers', () => {
    assert.equal(normalize('New-York, NY'), 'newyorkny');
    assert.equal(lexicalSimilarity('Seattle, WA', 'seattle'), 1);
    const m = (kind: 'type' | 'regex' | 'one_of', extra: object) => ({ kind, hasValue: false, optional: false, ...extra });
    assert.equal(checkValue(m('type', { type: 'integer' }), 3).ok, true);
    assert.equal(checkValue(m('type', { type: 'integer' }), 3.5).ok, false);
    assert.equal(checkValue(m('type', { type: 'number' }), 3).ok, true);
    assert.equal(checkValue(m('regex', { regex: '^T-\\d+$' }), 'T-12').ok, true);
    assert.equal(checkValue(m('regex', { regex: '^T-\\d+$' }), 12).ok, false);
    assert.equal(checkValue(m('one_of', { oneOf: [{ a: 1, b: 2 }] }), { b: 2, a: 1 }).ok, true);
  });
});
