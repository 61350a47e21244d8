import { StdioTransport } from '../../target/stdio.js';
import type { CheckDefinition } from '../types.js';
import { since2026 } from '../support/spec.js';

export const stdoutJsonOnly: CheckDefinition = {
  id: 'stdio/stdout-json-only',
  title: 'stdout carries only newline-delimited JSON-RPC messages',
  level: 'MUST',
  spec: {
    ...since2026('basic/transports/stdio', 'The server writes nothing to stdout that is not a valid MCP message; logs go to stderr.'),
    revision: { since: '2024-11-05' },
  },
  transports: ['stdio'],
  trippedBy: [{ fixture: 'flawed-server', fault: 'stdout-garbage' }],
  runsLast: true,
  async run(t) {
    const tr = t.client.transport;
    if (!(tr instanceof StdioTransport)) return t.precondition('not a stdio target');
    const found = tr.stdoutFindings;
    if (found.length)
      t.fail({
        message: `${tr.stdoutFindingCount} line(s) on stdout were not JSON-RPC messages`,
        expected: 'only JSON-RPC messages on stdout (logs belong on stderr)',
        actual: found
          .slice(0, 3)
          .map((f) => (f.kind === 'oversize' ? `a line of ${f.text}, over the bound` : JSON.stringify(f.text)))
          .join('; '),
        evidence: found.slice(0, 100).map((f) => f.seq),
        hint: 'Send logging to stderr; a stray console.log breaks every client.',
      });
  },
};
