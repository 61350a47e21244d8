import { ERROR, HEADER, MODERN_VERSION } from '../../spec/constants.js';
import { describe, errorOf, resultOf } from '../../target/client.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { legacyHandshake, OLDEST_HTTP_VERSION } from '../removed/support.js';

const SECTION = 'basic/transports/streamable-http#protocol-version-header';
const HINT = 'Require MCP-Protocol-Version on every POST and compare it with _meta before dispatching (SEP-2243).';

function listMethod(t: CheckContext): string {
  return t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
}

export const versionHeaderMissing: CheckDefinition = {
  id: 'http-headers/protocol-version-missing',
  title: 'a POST without MCP-Protocol-Version gets 400 and -32020 (or legacy treatment from a server for pre-2025-06-18 clients)',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'Every POST carries MCP-Protocol-Version. A server that serves pre-2025-06-18 clients MAY treat a missing header as 2025-03-26; any other server MUST reject the request with HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-version-optional' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const method = listMethod(t);
    const ex = await t.request(method, {}, { headers: { [HEADER.protocolVersion]: null } });
    const what = `${method} with _meta naming ${MODERN_VERSION} but no MCP-Protocol-Version header`;
    const err = errorOf(ex);
    if (err?.code === ERROR.headerMismatch) {
      expectError(t, ex, { code: ERROR.headerMismatch, httpStatus: 400, what, hint: HINT });
      return;
    }
    if (ex.failure && !ex.response) t.inconclusive(`${what}: ${ex.failure.message}`, ex.evidence);
    const result = resultOf(ex);
    // A modern result (resultType is 2026-07-28 only) means the request was served as modern without the header.
    if (result && 'resultType' in result) {
      t.fail({
        message: `${what} was served as a ${MODERN_VERSION} request`,
        expected: 'HTTP 400 with error -32020',
        actual: describe(ex),
        evidence: ex.evidence,
        hint: HINT,
      });
      return;
    }
    // Anything else is legacy treatment, which only a server that still serves 2025-03-26 clients may give.
    const legacy = await legacyHandshake(t);
    if (legacy.agreed !== undefined && legacy.agreed < '2025-06-18')
      return t.note(`${what} got ${describe(ex)}: treated as ${OLDEST_HTTP_VERSION}, which this server serves (${legacy.summary})`);
    t.fail({
      message: `${what} got ${describe(ex)}; only a server serving ${OLDEST_HTTP_VERSION} clients may treat it as legacy, and this one does not (${legacy.summary})`,
      expected: 'HTTP 400 with error -32020',
      actual: describe(ex),
      evidence: [...ex.evidence, ...legacy.evidence],
      hint: HINT,
    });
  },
};

export const versionHeaderMismatch: CheckDefinition = {
  id: 'http-headers/protocol-version-mismatch',
  title: 'an MCP-Protocol-Version header that disagrees with _meta gets 400 and -32020',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'MCP-Protocol-Version must equal _meta io.modelcontextprotocol/protocolVersion; when they disagree the server rejects the request with HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-version-unchecked' },
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
  ],
  async run(t) {
    const method = listMethod(t);
    // As the official suite sends it: a supported header over a body naming another version.
    const ex = await t.request(method, {}, { protocolVersion: '2099-01-01', headers: { [HEADER.protocolVersion]: MODERN_VERSION } });
    expectError(t, ex, {
      code: ERROR.headerMismatch,
      httpStatus: 400,
      what: `${method} with MCP-Protocol-Version: ${MODERN_VERSION} and _meta naming 2099-01-01`,
      hint: 'Compare the header with _meta before checking the version itself: a disagreement is -32020, not -32022.',
    });
  },
};
