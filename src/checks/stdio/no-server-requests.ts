import type { CheckDefinition } from '../types.js';
import { since2026 } from '../support/spec.js';
import { field } from '../../spec/read.js';
import { classifyMessage } from '../../spec/wire/index.js';

export const stdioNoServerRequests: CheckDefinition = {
  id: 'stdio/no-server-requests',
  title: 'the server writes no JSON-RPC requests to stdout',
  level: 'MUST',
  spec: since2026(
    'basic/transports/stdio',
    'Over stdio the server sends responses and notifications only; it MUST NOT write JSON-RPC requests (server-to-client requests were replaced by MRTR).',
    2322,
  ),
  transports: ['stdio'],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'stdio-request-before-result' },
    { fixture: 'flawed-server', fault: 'stdio-server-request' },
  ],
  runsLast: true,
  async run(t) {
    // Everything the server wrote during the run, whichever check caused it.
    const sent = t.client.recorder.entries.filter((e) => e.from === 'server' && e.channel === 'stdio');
    const requests = sent.filter((e) => classifyMessage(e.body) === 'request');
    if (!requests.length) return t.note(`${sent.length} server message(s) inspected`);
    t.fail({
      message: `the server wrote ${requests.length} JSON-RPC request(s): ${[...new Set(requests.map((e) => String(field(e.body, 'method'))))].join(', ')}`,
      expected: 'only responses and notifications from the server',
      actual: requests
        .slice(0, 3)
        .map((e) => `#${e.seq} ${JSON.stringify(e.body).slice(0, 120)}`)
        .join(' | '),
      evidence: requests.map((e) => e.seq),
      hint: 'Ask the client for input with an input_required result (MRTR) instead of sending it a request.',
    });
  },
};
