import { ERROR, HEADER, MODERN_VERSION } from '../../spec/constants.js';
import type { EnvelopeOptions } from '../../target/envelope.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';

type Omitted = NonNullable<EnvelopeOptions['omit']>[number];

const QUOTE = 'A request missing _meta, its protocolVersion or its clientCapabilities is malformed: -32602 (HTTP 400).';

async function missing(t: CheckContext, omit: Omitted, label: string): Promise<void> {
  const method = t.shared.offers('tools') !== false ? 'tools/list' : 'server/discover';
  // The version header still says 2026-07-28, so only the body is at fault (a header error would be -32020).
  const ex = await t.request(method, {}, { omit: [omit], headers: { [HEADER.protocolVersion]: MODERN_VERSION } });
  expectError(t, ex, {
    code: ERROR.invalidParams,
    httpStatus: 400,
    what: `${method} without ${label}`,
    hint: 'Reject requests whose _meta lacks a required key instead of serving them.',
  });
}

function check(id: string, omit: Omitted, label: string): CheckDefinition {
  return {
    id,
    title: `a request without ${label} gets -32602`,
    level: 'MUST',
    spec: since2026('basic/index#meta', QUOTE, 2575),
    transports: [...BOTH],
    trippedBy: [{ fixture: 'flawed-server', fault: 'meta-unchecked' }],
    run: (t) => missing(t, omit, label),
  };
}

export const missingMeta = check('meta/missing-meta', 'meta', '_meta');
export const missingProtocolVersion = check('meta/missing-protocol-version', 'protocolVersion', '_meta protocolVersion');
export const missingClientCapabilities = check('meta/missing-client-capabilities', 'clientCapabilities', '_meta clientCapabilities');
