import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { field } from '../../spec/read.js';

const NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Problems with the tool names of one tools/list (TOOLS §tool names): length, characters, uniqueness. */
export function nameProblems(names: unknown[]): string[] {
  const out: string[] = [];
  const seen = new Map<string, number>();
  for (const n of names) {
    if (typeof n !== 'string') {
      out.push(`${JSON.stringify(n)} is not a string`);
      continue;
    }
    seen.set(n, (seen.get(n) ?? 0) + 1);
    if (n.length < 1 || n.length > 128) out.push(`${JSON.stringify(n.slice(0, 40))} has ${n.length} characters (1–128)`);
    else if (!NAME.test(n)) out.push(`${JSON.stringify(n)} has characters outside A-Z a-z 0-9 _ - .`);
  }
  for (const [n, count] of seen) if (count > 1) out.push(`${JSON.stringify(n)} is listed ${count} times`);
  return out;
}

export const toolNameFormat: CheckDefinition = {
  id: 'tools/name-format',
  title: 'tool names are 1–128 characters of A-Z a-z 0-9 _ - . and unique',
  level: 'SHOULD',
  spec: since2026(
    'server/tools#tool-names',
    'Tool names should be 1 to 128 characters, use only A-Z, a-z, 0-9, underscore, hyphen and dot, and be unique within the server.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'tool-names-invalid' }],
  requires: 'tools',
  async run(t) {
    const list = await t.shared.list('tools/list');
    if (list.broken && !list.items.length) return t.inconclusive('tools/list did not return tools', list.broken.evidence);
    const names = list.items.map((x) => (x && typeof x === 'object' ? field(x, 'name') : x));
    if (!names.length) return t.precondition('the server lists no tools');
    const problems = nameProblems(names);
    if (problems.length)
      t.fail({
        message: `${problems.length} tool-name problem(s)`,
        expected: 'unique names matching ^[A-Za-z0-9_.-]{1,128}$',
        actual: problems.slice(0, 6).join('; '),
        evidence: list.pages.flatMap((p) => p.evidence),
        hint: 'Clients and aggregators key tools by name; spaces and symbols also force base64 in the Mcp-Name header.',
      });
    else t.note(`${names.length} names conform`);
  },
};
