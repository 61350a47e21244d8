import { ERROR, HEADER } from '../../spec/constants.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { namedRequests } from './support.js';

const QUOTE_METHOD = 'Every POST carries Mcp-Method equal to the JSON-RPC method; a missing or mismatched header is rejected with HTTP 400 and -32020.';
const QUOTE_NAME =
  'tools/call, resources/read and prompts/get carry Mcp-Name equal to params.name / params.uri; a missing or mismatched header is rejected with HTTP 400 and -32020.';
const HINT = 'Validate the routing headers against the body before dispatching (SEP-2243).';

function listMethod(t: CheckContext): string {
  return t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
}

export const methodHeaderMissing: CheckDefinition = {
  id: 'http-headers/method-missing',
  title: 'a POST without Mcp-Method gets 400 and -32020',
  level: 'MUST',
  spec: since2026('basic/transports/streamable-http#headers', QUOTE_METHOD, 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-method-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const method = listMethod(t);
    const ex = await t.request(method, {}, { headers: { [HEADER.method]: null } });
    expectError(t, ex, { code: ERROR.headerMismatch, httpStatus: 400, what: `${method} without Mcp-Method`, hint: HINT });
  },
};

export const methodHeaderMismatch: CheckDefinition = {
  id: 'http-headers/method-mismatch',
  title: 'an Mcp-Method that disagrees with the body gets 400 and -32020',
  level: 'MUST',
  spec: since2026('basic/transports/streamable-http#headers', QUOTE_METHOD, 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-method-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const method = listMethod(t);
    const other = method === 'tools/list' ? 'prompts/list' : 'tools/list';
    const ex = await t.request(method, {}, { headers: { [HEADER.method]: other } });
    expectError(t, ex, { code: ERROR.headerMismatch, httpStatus: 400, what: `${method} sent with Mcp-Method: ${other}`, hint: HINT });
  },
};

async function nameCase(t: CheckContext, mode: 'missing' | 'mismatch'): Promise<void> {
  const reqs = await namedRequests(t);
  if (!reqs.length) return t.precondition('no resource, prompt or safely callable tool to address with Mcp-Name', 'Allow a tool with --allow-tool GLOB.');
  for (const r of reqs) {
    const header = mode === 'missing' ? null : `${r.name}-mismatch`;
    const ex = await t.request(r.method, r.params, { headers: { [HEADER.name]: header } });
    const what = mode === 'missing' ? `${r.method} ${r.name} without Mcp-Name` : `${r.method} ${r.name} with Mcp-Name: ${header}`;
    expectError(t, ex, { code: ERROR.headerMismatch, httpStatus: 400, what, hint: HINT });
  }
}

export const nameHeaderMissing: CheckDefinition = {
  id: 'http-headers/name-missing',
  title: 'tools/call, resources/read and prompts/get without Mcp-Name get 400 and -32020',
  level: 'MUST',
  spec: since2026('basic/transports/streamable-http#headers', QUOTE_NAME, 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-name-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  run: (t) => nameCase(t, 'missing'),
};

export const nameHeaderMismatch: CheckDefinition = {
  id: 'http-headers/name-mismatch',
  title: 'an Mcp-Name that disagrees with the body gets 400 and -32020',
  level: 'MUST',
  spec: since2026('basic/transports/streamable-http#headers', QUOTE_NAME, 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-name-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  run: (t) => nameCase(t, 'mismatch'),
};
