import { ERROR } from '../../spec/constants.js';
import type { CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';

export const unknownMethod: CheckDefinition = {
  id: 'errors/unknown-method',
  title: 'an unknown method gets -32601 (HTTP 404)',
  level: 'MUST',
  spec: since2026(
    'basic/transports/streamable-http#status-codes',
    'An unknown or unimplemented method is answered with -32601; on HTTP with status 404 and the JSON-RPC body.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'unknown-method-wrong' }],
  async run(t) {
    const ex = await t.request('mcp-assay/no-such-method', {});
    expectError(t, ex, { code: ERROR.methodNotFound, httpStatus: 404, what: 'request for method mcp-assay/no-such-method' });
  },
};
