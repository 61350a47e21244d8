import { describe, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH } from '../support/spec.js';
import { isCallable } from '../support/tools.js';
import { sampleArgs } from '../support/sample-args.js';
import { advertises, legacySpec, listedTools, listIssues, session, shapeIssues } from './support.js';
import { field } from '../../spec/read.js';

/** Problems with an inputSchema's root belong to legacy/tool-input-schema-object, so they are reported once. */
const INPUT_SCHEMA_ROOT = /^\/result\/tools\/\d+\/inputSchema(\/type)?$/;
/** Enough calls to see the result shape, few enough to stay quick. */
const MAX_RESULTS = 3;
const MAX_ATTEMPTS = 6;

export const legacyToolsList: CheckDefinition = {
  id: 'legacy/tools-list',
  title: 'tools/list results match the 2025-11-25 schema',
  level: 'MUST',
  spec: legacySpec(
    'server/tools#listing-tools',
    'tools/list answers with a tools array of Tool definitions (name, inputSchema, and optional title, description, annotations, outputSchema) and an optional string nextCursor.',
    '2024-11-05',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'tools-list-bad-shape' }],
  eras: ['legacy'],
  async run(t) {
    const l = await listedTools(t);
    for (const [i, page] of l.pages.entries()) {
      const issues = shapeIssues('tools/list', page).filter((x) => !INPUT_SCHEMA_ROOT.test(x.path));
      if (issues.length)
        t.fail({
          message: `tools/list page ${i + 1} breaks the 2025-11-25 schema: ${listIssues(issues)}`,
          expected: 'a ListToolsResult',
          actual: describe(page),
          evidence: page.evidence,
        });
    }
    if (l.broken)
      t.fail({
        message: `tools/list page ${l.pages.length} did not return a tools array`,
        expected: 'a ListToolsResult',
        actual: describe(l.broken),
        evidence: l.broken.evidence,
      });
    t.note(`${l.items.length} tools in ${l.pages.length} page(s)`);
  },
};

export const legacyToolInputSchemaObject: CheckDefinition = {
  id: 'legacy/tool-input-schema-object',
  title: 'every tool inputSchema is an object schema with type "object" (2025-11-25)',
  level: 'MUST',
  spec: legacySpec('server/tools#tool', 'A tool\'s inputSchema is a JSON Schema object whose root declares type "object".', '2024-11-05'),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'schema-root-not-object' }],
  eras: ['legacy'],
  async run(t) {
    const l = await listedTools(t);
    const bad = l.items.filter((x) => {
      const s = field(x, 'inputSchema');
      return !s || typeof s !== 'object' || Array.isArray(s) || field(s, 'type') !== 'object';
    });
    if (bad.length)
      t.fail({
        message: `${bad.length} of ${l.items.length} tools have an inputSchema whose root is not type "object"`,
        expected: 'inputSchema: { "type": "object", … }',
        actual: bad
          .slice(0, 5)
          .map((x) => `${String(field(x, 'name'))}: ${JSON.stringify(field(x, 'inputSchema'))?.slice(0, 80)}`)
          .join('; '),
        evidence: l.pages.flatMap((p) => p.evidence),
        hint: 'A tool without parameters uses {"type":"object","properties":{}}.',
      });
  },
};

export const legacyToolsCall: CheckDefinition = {
  id: 'legacy/tools-call',
  title: 'tools/call results match the 2025-11-25 schema (read-only tools only)',
  level: 'MUST',
  spec: legacySpec(
    'server/tools#calling-tools',
    'tools/call answers with a content array of content blocks, an optional structuredContent object and an optional isError flag; tool failures travel as isError results.',
    '2024-11-05',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'legacy', fault: 'call-bad-shape' }],
  eras: ['legacy'],
  async run(t) {
    // The session starts while the shared listing (its own session) is made: two process start-ups overlap on stdio.
    await session(t, async (s) => {
      const l = await listedTools(t);
      const callable = l.tools.filter((x) => isCallable(x, t.options.allowTools)).slice(0, MAX_ATTEMPTS);
      if (!callable.length)
        t.precondition('no tool is safe to call (none is annotated readOnlyHint: true)', 'Allow a tool with --allow-tool to call it anyway.');
      if (!advertises(s, 'tools')) t.skip('the initialize result does not advertise the tools capability (an optional capability)');
      let results = 0;
      const skipped: string[] = [];
      for (const tool of callable) {
        if (results >= MAX_RESULTS) break;
        const args = t.options.toolArgs[tool.name] ?? sampleArgs(tool.inputSchema);
        const ex = await s.request('tools/call', { name: tool.name, arguments: args });
        if (!resultOf(ex)) {
          // A timeout or a refusal of our sample arguments says nothing about the result shape.
          skipped.push(`${tool.name}: ${describe(ex)}`);
          const issues = shapeIssues('tools/call', ex);
          if (issues.length)
            t.fail({
              message: `tools/call ${tool.name}: the error response breaks the 2025-11-25 schema: ${listIssues(issues)}`,
              expected: 'a JSON-RPC error { code, message }',
              actual: describe(ex),
              evidence: ex.evidence,
            });
          continue;
        }
        results++;
        const issues = shapeIssues('tools/call', ex);
        if (issues.length)
          t.fail({
            message: `tools/call ${tool.name}: the result breaks the 2025-11-25 schema: ${listIssues(issues)}`,
            expected: 'a CallToolResult { content: [ContentBlock…], structuredContent?: object, isError?: boolean }',
            actual: JSON.stringify(resultOf(ex)).slice(0, 240),
            evidence: ex.evidence,
          });
      }
      if (!results) t.precondition(`no safe tool call returned a result: ${skipped.join('; ')}`, 'Give working arguments with toolArgs in the config.');
      t.note(`${results} tool result(s) checked${skipped.length ? `; no result from ${skipped.join('; ')}` : ''}`);
    });
  },
};
