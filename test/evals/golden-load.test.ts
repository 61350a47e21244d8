import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GoldenError, parseGolden } from '../../src/evals/golden-load.js';
import { GoldenCatalogueError, validateAgainstCatalogue } from '../../src/evals/golden-validate.js';
import type { ToolSpec } from '../../src/core/provider.js';

const WILD = `- id: weather-basic
  prompt: "What's the weather in Seattle right now?"
  expect_tool: get_weather
  expect_args: {location: "Seattle, WA"}
  arg_match: {location: semantic}
- id: multi-step-invoice
  prompt: "Find Acme's invoice from last month and email it to accounting."
  expect_sequence: [search_invoices, send_email]   # order is asserted
- id: negative-chitchat
  prompt: "Thanks, that's all."
  expect_tool: null                                 # must call no tool
`;

function fails(text: string): GoldenError {
  try {
    parseGolden(text, 'tasks.yaml');
  } catch (e) {
    assert.ok(e instanceof GoldenError, `expected GoldenError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a GoldenError');
}

describe('golden set loader', () => {
  it('accepts the plain list format exactly as found in the wild', () => {
    const g = parseGolden(WILD, 'tasks.yaml');
    assert.deepEqual(
      g.cases.map((c) => [c.id, c.kind, c.gate, c.line]),
      [
        ['weather-basic', 'positive', 'soft', 1],
        ['multi-step-invoice', 'sequence', 'soft', 6],
        ['negative-chitchat', 'negative', 'hard', 9],
      ],
    );
    const w = g.cases[0]!;
    assert.deepEqual(w.expectTool, ['get_weather']);
    assert.equal(w.args?.location?.kind, 'semantic');
    assert.equal(w.args?.location?.value, 'Seattle, WA');
    assert.deepEqual(g.cases[1]!.sequence, [['search_invoices'], ['send_email']]);
    assert.equal(g.cases[2]!.expectTool, null);
    assert.match(g.hash, /^sha256:[0-9a-f]{64}$/);
  });

  it('accepts the extended form: matchers, gates, messages, mocks, denied, judge', () => {
    const g = parseGolden(
      `system: You are a support agent.
cases:
  - id: ticket
    messages:
      - {role: user, content: "hi"}
      - {role: assistant, content: "How can I help?"}
      - {role: user, content: "Open ticket T-1"}
    expect_tool: [get_ticket, find_ticket]
    expect_args: {id: T-1, note: x}
    arg_match: {id: {regex: "^T-[0-9]+$"}, status: {one_of: [open, closed], optional: true}, note: optional}
    gate: hard
    tags: [critical]
    max_turns: 3
    mocks: {close_ticket: {ok: true}}
    denied: [delete_ticket]
    judge: {rubric: rubrics/ticket.md}
`,
      'tasks.yaml',
    );
    const c = g.cases[0]!;
    assert.equal(g.system, 'You are a support agent.');
    assert.equal(c.messages.length, 3);
    assert.equal(c.gate, 'hard');
    assert.deepEqual(c.args?.id, { hasValue: true, value: 'T-1', kind: 'regex', optional: false, regex: '^T-[0-9]+$' });
    assert.deepEqual(c.args?.status, { hasValue: false, kind: 'one_of', optional: true, oneOf: ['open', 'closed'] });
    assert.equal(c.args?.note?.optional, true);
    assert.deepEqual(c.denied, ['delete_ticket']);
    assert.equal(c.line, 3);
  });

  it('names file, line, column and key for every kind of mistake', () => {
    assert.equal(fails('- id: a\n  prompt: x\n  expect_tol: y\n').message, 'tasks.yaml:3:3 [0].expect_tol: unknown key (hint: did you mean `expect_tool`?)');
    assert.match(fails('- id: a\n  prompt: x\n').message, /^tasks\.yaml:1:3 \[0\]: has neither `expect_tool` nor `expect_sequence`/);
    assert.match(fails('- id: a\n  expect_tool: x\n').message, /^tasks\.yaml:1:3 \[0\]: needs `prompt` or `messages`/);
    assert.match(fails('- id: a\n  prompt: x\n  expect_tool: t\n  gate: strict\n').message, /^tasks\.yaml:4:9 \[0\]\.gate: expected one of hard, soft/);
    assert.match(
      fails('- id: a\n  prompt: x\n  expect_tool: t\n- id: a\n  prompt: y\n  expect_tool: t\n').message,
      /^tasks\.yaml:4:7 \[1\]\.id: duplicate case id "a"/,
    );
    assert.match(
      fails('- id: a\n  prompt: x\n  expect_tool: null\n  expect_args: {q: 1}\n').message,
      /^tasks\.yaml:4:3 \[0\]\.expect_args: `expect_args` needs `expect_tool`/,
    );
    assert.match(
      fails('- id: a\n  prompt: x\n  expect_tool: t\n  arg_match: {q: {regex: "("}}\n').message,
      /\[0\]\.arg_match\.q\.regex: not a valid regular expression/,
    );
  });

  it('a file that is not YAML, or is empty, says so with a position', () => {
    assert.match(fails('- id: a\n  prompt: "unterminated\n').message, /^tasks\.yaml:\d+:\d+ .*not valid YAML/);
    assert.match(fails('').message, /the golden set is empty/);
    assert.match(fails('just a string').message, /^tasks\.yaml:1:1 the golden set must be a list of cases/);
  });
});

describe('golden set against the live catalogue', () => {
  const tools: ToolSpec[] = [
    { name: 'get_weather', inputSchema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } },
    { name: 'search_invoices', inputSchema: { type: 'object', properties: {} } },
  ];

  it('an unknown tool or argument is an error naming the case and its line, listing every problem', () => {
    const g = parseGolden(WILD.replace('{location: "Seattle, WA"}', '{locaton: "Seattle, WA"}'), 'tasks.yaml');
    try {
      validateAgainstCatalogue(g, tools);
      assert.fail('expected GoldenCatalogueError');
    } catch (e) {
      assert.ok(e instanceof GoldenCatalogueError);
      assert.deepEqual(e.problems, [
        'tasks.yaml:4:17 expect_args.locaton: case "weather-basic": tool "get_weather" has no argument "locaton" (hint: did you mean `location`?)',
        'tasks.yaml:8:3 expect_sequence: case "multi-step-invoice": the server has no tool "send_email" (hint: the server\'s tools: get_weather, search_invoices)',
      ]);
    }
  });

  it('a set that only names what the server has passes', () => {
    const g = parseGolden(WILD.replace(', send_email', ''), 'tasks.yaml');
    assert.doesNotThrow(() => validateAgainstCatalogue(g, tools));
  });
});
