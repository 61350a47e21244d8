import type { CheckContext, CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { SchemaCompiler } from '../support/schema.js';
import { judgeAll, networkRefs, schemaFacts, type SchemaFacts } from './support.js';

async function facts(t: CheckContext): Promise<SchemaFacts[]> {
  const list = await t.shared.list('tools/list');
  if (list.broken && !list.items.length) t.inconclusive('tools/list did not return tools', list.broken.evidence);
  const f = await schemaFacts(await t.shared.tools());
  if (!f.length) t.precondition('the server lists no tools');
  return f;
}

function evidenceOf(t: CheckContext): Promise<number[]> {
  return t.shared.list('tools/list').then((l) => l.pages.flatMap((p) => p.evidence));
}

export const inputSchemaObject: CheckDefinition = {
  id: 'tools/input-schema-object',
  title: 'every inputSchema is an object schema with root type "object"',
  level: 'MUST',
  spec: since2026('server/tools#input-schema', 'A tool\'s inputSchema is a JSON object (never null) whose root declares type "object".', 2106),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'schema-root-not-object' }],
  requires: 'tools',
  async run(t) {
    const tools = await t.shared.tools();
    if (!tools.length) return t.precondition('the server lists no tools');
    const bad = tools.filter((x) => {
      const s = x.inputSchema as { type?: unknown } | null | undefined;
      if (!s || typeof s !== 'object' || Array.isArray(s)) return true;
      return !(s.type === 'object' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'object'));
    });
    if (bad.length)
      t.fail({
        message: `${bad.length} of ${tools.length} tools have an inputSchema whose root is not type "object"`,
        expected: 'inputSchema: { "type": "object", … }',
        actual: bad
          .slice(0, 5)
          .map((x) => `${x.name}: ${JSON.stringify(x.inputSchema)?.slice(0, 80)}`)
          .join('; '),
        evidence: await evidenceOf(t),
        hint: 'A tool without parameters uses {"type":"object","additionalProperties":false}.',
      });
  },
};

export const schemaValid: CheckDefinition = {
  id: 'tools/schema-valid',
  title: 'tool schemas are valid JSON Schema in their dialect, and same-document $refs resolve',
  level: 'MUST',
  spec: since2026(
    'basic/index#json-schema',
    'inputSchema and outputSchema are valid JSON Schema 2020-12, or valid in the dialect their $schema declares.',
    2106,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'schema-dangling-ref' },
    { fixture: 'flawed-server', fault: 'schema-invalid' },
  ],
  requires: 'tools',
  async run(t) {
    const all = await facts(t);
    const compiler = new SchemaCompiler();
    const verdicts = await judgeAll(all, compiler);
    const bad = verdicts.filter((v) => v.problems.length);
    const skipped = verdicts.filter((v) => v.skipped);
    if (bad.length)
      t.fail({
        message: `${bad.length} of ${all.length} schemas are invalid`,
        expected: 'every schema valid in its dialect',
        actual: bad
          .slice(0, 6)
          .map((v) => `${v.label}: ${v.problems.slice(0, 2).join('; ')}`)
          .join(' | '),
        evidence: await evidenceOf(t),
      });
    else if (skipped.length === all.length) t.inconclusive(`no schema could be validated: ${skipped.map((v) => `${v.label} ${v.skipped}`).join('; ')}`);
    t.note(
      `${all.length - skipped.length} schemas validated${skipped.length ? `; not validated: ${skipped.map((v) => `${v.label} (${v.skipped})`).join('; ')}` : ''}`,
    );
  },
};

export const schemaNoNetworkRef: CheckDefinition = {
  id: 'tools/schema-no-network-ref',
  title: 'tool schemas need no network $ref (never fetched)',
  level: 'SHOULD',
  spec: since2026(
    'basic/index#ref',
    'Clients must not dereference network $refs, and should reject a schema that needs one; same-document refs are fine.',
    2106,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'schema-network-ref' }],
  requires: 'tools',
  async run(t) {
    const all = await facts(t);
    const found = all.flatMap((f) => networkRefs(f).map((r) => `${f.tool}.${f.which}: ${r}`));
    if (found.length)
      t.fail({
        message: `${found.length} network $ref(s); clients will not fetch them and should reject these schemas`,
        expected: 'only same-document refs (#/$defs/…, #anchor)',
        actual: found.slice(0, 6).join('; '),
        evidence: await evidenceOf(t),
        hint: 'Inline the referenced schema under $defs and point at it with #/$defs/<name>.',
      });
  },
};

export const schemaBounded: CheckDefinition = {
  id: 'tools/schema-bounded',
  title: 'tool schemas stay within a bounded validation cost',
  level: 'SHOULD',
  spec: since2026(
    'server/tools#composition-bounds',
    'Implementations should bound validation cost (depth, subschemas); a schema beyond sane bounds will be refused by careful clients.',
    2106,
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'schema-hostile' }],
  requires: 'tools',
  async run(t) {
    const all = await facts(t);
    const over = all.filter((f) => f.shape.exceeded);
    if (over.length)
      t.fail({
        message: `${over.length} schema(s) exceed the bound; mcp-assay did not compile them`,
        expected: 'depth and size within common client bounds',
        actual: over
          .slice(0, 5)
          .map((f) => `${f.tool}.${f.which}: ${f.shape.exceeded}`)
          .join('; '),
        evidence: await evidenceOf(t),
      });
    else t.note(`deepest schema: ${Math.max(...all.map((f) => f.shape.depth))} levels`);
  },
};
