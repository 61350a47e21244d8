import { ERROR, HEADER, MODERN_VERSION } from '../../spec/constants.js';
import { encodeHeaderValue } from '../../target/envelope.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { expectServed } from './support.js';
import { namedRequests } from './support.js';

const SECTION = 'basic/transports/streamable-http#headers';
const HINT = 'Look headers up case-insensitively, compare values exactly after trimming and decoding =?base64?…?= (SEP-2243).';

function listMethod(t: CheckContext): string {
  return t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
}

function b64(v: string): string {
  return `=?base64?${Buffer.from(v, 'utf8').toString('base64')}?=`;
}

export const headerNamesCaseInsensitive: CheckDefinition = {
  id: 'http-headers/name-case-insensitive',
  title: 'MCP header names are matched case-insensitively (mcp-method, MCP-METHOD, mcp-name are served)',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'Header names are case-insensitive: a request spelling mcp-protocol-version, mcp-method or mcp-name in another case is the same request and is served.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'headers-name-case-sensitive' }],
  async run(t) {
    const method = listMethod(t);
    // Replacing a header under another spelling drops the standard one, so only the new spelling is sent.
    const lower = await t.request(method, {}, { headers: { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': method } });
    expectServed(t, lower, `${method} with lower-case mcp-protocol-version and mcp-method`, HINT);
    const upper = await t.request(method, {}, { headers: { 'MCP-METHOD': method } });
    expectServed(t, upper, `${method} with an upper-case MCP-METHOD`, HINT);
    const named = (await namedRequests(t))[0];
    if (!named) return t.note('no safe request carries Mcp-Name, so only the method and version headers were tried');
    const ex = await t.request(named.method, named.params, { headers: { 'mcp-name': encodeHeaderValue(named.name) } });
    expectServed(t, ex, `${named.method} ${named.name} with a lower-case mcp-name`, HINT);
  },
};

export const methodValueCase: CheckDefinition = {
  id: 'http-headers/method-value-case',
  title: 'header values are case-sensitive: Mcp-Method: TOOLS/LIST gets 400 and -32020',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'Header values such as method names are case-sensitive; an Mcp-Method that matches the body only when case is ignored is a mismatch: HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-method-case-insensitive' },
    { fixture: 'flawed-server', fault: 'headers-method-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const method = listMethod(t);
    const shouted = method.toUpperCase();
    const ex = await t.request(method, {}, { headers: { [HEADER.method]: shouted } });
    expectError(t, ex, {
      code: ERROR.headerMismatch,
      httpStatus: 400,
      what: `${method} sent with Mcp-Method: ${shouted}`,
      hint: 'Compare the method header byte for byte; do not lower-case it.',
    });
  },
};

export const valueWhitespace: CheckDefinition = {
  id: 'http-headers/value-whitespace',
  title: 'whitespace around a header value is tolerated (Mcp-Name: "  tool  " is served)',
  level: 'SHOULD',
  spec: since2026(
    SECTION,
    'Whitespace around a field value is not part of it (RFC 9110 field parsing); a value whose own edges are whitespace travels base64-encoded instead, so a server compares the trimmed value and serves the request.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'headers-whitespace-rejected' }],
  async run(t) {
    const method = listMethod(t);
    expectServed(t, await t.request(method, {}, { headers: { [HEADER.method]: `  ${method}  ` } }), `${method} with Mcp-Method: "  ${method}  "`, HINT);
    const named = (await namedRequests(t))[0];
    if (!named) return t.note('no safe request carries Mcp-Name, so only Mcp-Method was padded');
    const padded = `  ${encodeHeaderValue(named.name)}  `;
    expectServed(
      t,
      await t.request(named.method, named.params, { headers: { [HEADER.name]: padded } }),
      `${named.method} with Mcp-Name: ${JSON.stringify(padded)}`,
      HINT,
    );
  },
};

export const nameBase64: CheckDefinition = {
  id: 'http-headers/name-base64',
  title: 'a base64-encoded Mcp-Name is decoded before comparing',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'Servers MUST decode a =?base64?…?= header value before comparing it with the body: a correctly encoded Mcp-Name is served, one that decodes to another name gets HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-base64-undecoded' },
    { fixture: 'flawed-server', fault: 'headers-name-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const named = (await namedRequests(t))[0];
    if (!named) return t.precondition('no resource, prompt or safely callable tool to address with Mcp-Name', 'Allow a tool with --allow-tool GLOB.');
    const good = b64(named.name);
    expectServed(
      t,
      await t.request(named.method, named.params, { headers: { [HEADER.name]: good } }),
      `${named.method} ${named.name} with Mcp-Name: ${good}`,
      HINT,
    );
    const wrong = b64(`${named.name}-other`);
    const ex = await t.request(named.method, named.params, { headers: { [HEADER.name]: wrong } });
    expectError(t, ex, {
      code: ERROR.headerMismatch,
      httpStatus: 400,
      what: `${named.method} ${named.name} with Mcp-Name: ${wrong} (decodes to ${named.name}-other)`,
      hint: HINT,
    });
  },
};
