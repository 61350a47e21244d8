import { ERROR } from '../../spec/constants.js';
import type { CheckContext, CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { HTTP_ONLY, since2026 } from '../support/spec.js';
import { withValue, type HeaderParamType } from './support.js';
import { callWith, encodeParam, expectServed, label, PARAM_HINT, paramTargets, type ParamTarget } from './support.js';

const SECTION = 'basic/transports/streamable-http#custom-headers';
const NO_TARGET = 'no safely callable tool declares a valid x-mcp-header parameter';
const NO_TARGET_HINT = 'Declare x-mcp-header on a read-only tool, or allow one with --allow-tool GLOB.';

async function first(t: CheckContext, types?: readonly HeaderParamType[]): Promise<ParamTarget> {
  const p = (await paramTargets(t, types))[0];
  if (!p) return t.precondition(types?.length === 1 ? `${NO_TARGET} of type ${types[0]}` : NO_TARGET, NO_TARGET_HINT);
  return p;
}

function rejects(t: CheckContext, ex: Awaited<ReturnType<typeof callWith>>, what: string): void {
  expectError(t, ex, { code: ERROR.headerMismatch, httpStatus: 400, what, hint: PARAM_HINT });
}

export const paramMissing: CheckDefinition = {
  id: 'http-headers/param-missing',
  title: 'a tools/call whose x-mcp-header argument has no Mcp-Param header gets 400 and -32020',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'When an argument annotated with x-mcp-header is in the body, its Mcp-Param-{Name} header is required; without it the server rejects the request with HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
    { fixture: 'flawed-server', fault: 'param-missing-accepted' },
  ],
  async run(t) {
    const p = await first(t);
    rejects(t, await callWith(t, p, p.args, null), `${label(p)} with the value in the body and no header`);
  },
};

export const paramMismatch: CheckDefinition = {
  id: 'http-headers/param-mismatch',
  title: 'an Mcp-Param header that disagrees with the argument gets 400 and -32020',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'An Mcp-Param-{Name} header whose value differs from the annotated argument in the body is rejected with HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
    { fixture: 'flawed-server', fault: 'param-mismatch-accepted' },
  ],
  async run(t) {
    const p = await first(t);
    const other = typeof p.value === 'string' ? `${p.value}-other` : typeof p.value === 'number' ? p.value + 1 : !p.value;
    rejects(
      t,
      await callWith(t, p, p.args, encodeParam(other)),
      `${label(p)} with body ${JSON.stringify(p.value)} and header ${JSON.stringify(encodeParam(other))}`,
    );
  },
};

export const paramInvalid: CheckDefinition = {
  id: 'http-headers/param-invalid',
  title: 'an Mcp-Param header with a broken base64 value gets 400 and -32020',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'A Mcp-Param-{Name} header with invalid characters, such as a =?base64?…?= value that is not valid base64 (bad alphabet or padding), is rejected with HTTP 400 and -32020.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'headers-wrong-code' },
    { fixture: 'flawed-server', fault: 'param-invalid-accepted' },
  ],
  async run(t) {
    const p = await first(t, ['string']);
    const b64 = Buffer.from(String(p.value), 'utf8').toString('base64');
    // The same bytes with characters outside the alphabet, and with the padding cut to a length no encoder emits.
    const unpadded = b64.endsWith('=') ? b64.replace(/=+$/, '') : `${b64}A`;
    const bad = [`=?base64?${b64.slice(0, 2)}!!!${b64.slice(2)}?=`, `=?base64?${unpadded}?=`];
    for (const header of bad) rejects(t, await callWith(t, p, p.args, header), `${label(p)} with header ${JSON.stringify(header)}`);
  },
};

export const paramMatch: CheckDefinition = {
  id: 'http-headers/param-match',
  title: 'an Mcp-Param header that matches its argument is served, also base64-encoded',
  level: 'MUST',
  spec: since2026(
    SECTION,
    'A tools/call whose Mcp-Param-{Name} header carries the argument (as-is, or as =?base64?…?=, which servers MUST decode before comparing) is served.',
    2243,
  ),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'param-base64-undecoded' }],
  async run(t) {
    const p = await first(t);
    const sentinel = `=?base64?${Buffer.from(String(p.value), 'utf8').toString('base64')}?=`;
    if (expectServed(t, await callWith(t, p, p.args, encodeParam(p.value)), `${label(p)} with a matching header`))
      t.note(`${label(p)} = ${JSON.stringify(p.value)} served`);
    expectServed(t, await callWith(t, p, p.args, sentinel), `${label(p)} with the matching value base64-encoded (${sentinel})`);
  },
};

export const paramAbsent: CheckDefinition = {
  id: 'http-headers/param-absent',
  title: 'an x-mcp-header argument that is absent or null needs no Mcp-Param header',
  level: 'MUST',
  spec: since2026(SECTION, 'When an annotated argument is absent or null the client omits its Mcp-Param header, and the server MUST NOT expect it.', 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'param-null-expected' }],
  async run(t) {
    const p = await first(t);
    expectServed(t, await callWith(t, p, withValue(p.args, p.decl.path, undefined), null), `${label(p)} with the argument absent and no header`);
    expectServed(t, await callWith(t, p, withValue(p.args, p.decl.path, null), null), `${label(p)} with the argument null and no header`);
  },
};

export const paramIntegerNumeric: CheckDefinition = {
  id: 'http-headers/param-integer-numeric',
  title: 'integer Mcp-Param values are compared numerically (42 equals 42.0)',
  level: 'SHOULD',
  spec: since2026(SECTION, 'Servers SHOULD compare integer header values numerically, so 42 and 42.0 are the same value.', 2243),
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'param-integer-as-string' }],
  async run(t) {
    const p = await first(t, ['integer']);
    expectServed(t, await callWith(t, p, p.args, `${String(p.value)}.0`), `${label(p)} with body ${String(p.value)} and header ${String(p.value)}.0`);
  },
};
