import { ERROR, META } from '../../spec/constants.js';
import type { WireEntry } from '../../core/types.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj, field, at } from '../../spec/read.js';

/** Codes the 2026-07-28 spec has allocated from its reserved range -32020..-32099 (DIGEST §c). */
const ALLOCATED = new Set<number>([ERROR.headerMismatch, ERROR.missingClientCapability, ERROR.unsupportedVersion]);
/** JSON-RPC 2.0's own codes in -32768..-32100. */
const JSON_RPC = new Set<number>([ERROR.parse, ERROR.invalidRequest, ERROR.methodNotFound, ERROR.invalidParams, ERROR.internal]);

/** Why an error code breaks the allocation policy (BASIC §error codes), or undefined when it is allowed. */
export function codeProblem(code: number): string | undefined {
  if (code === ERROR.legacyResourceNotFound) return 'retired code -32002 (resource not found is -32602 since 2026-07-28)';
  if (code === ERROR.legacyUrlElicitation) return 'retired code -32042 (URL elicitation required, 2025-11-25 only)';
  if (code <= -32020 && code >= -32099 && !ALLOCATED.has(code)) return `${code} lies in -32020..-32099, reserved for the spec, and is not defined`;
  if (code <= -32100 && code >= -32768 && !JSON_RPC.has(code)) return `${code} lies in -32768..-32100, reserved by JSON-RPC 2.0, and is not defined`;
  return undefined;
}

function bodyOf(e: WireEntry): Record<string, unknown> | undefined {
  return obj(e.body);
}

/** The version a request names in `_meta`; 2025-era traffic (initialize, legacy sessions) names none. */
function declaredVersion(m: Record<string, unknown>): unknown {
  return at(m.params, '_meta', META.protocolVersion);
}

export const codeAllocation: CheckDefinition = {
  id: 'errors/code-allocation',
  title: 'error codes follow the allocation policy: no undefined reserved codes, never -32002 or -32042',
  level: 'MUST',
  spec: since2026(
    'basic/index#error-codes',
    'Implementations must not emit undefined codes from -32020..-32099 (reserved for the spec) nor the retired -32002 and -32042; codes of their own belong outside -32768..-32000.',
  ),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'error-code-reserved' }],
  runsLast: true,
  async run(t) {
    // Which modern request each response answers, keyed by check (phase) and id, as second transports reuse ids.
    // Answers to 2025-era traffic (no version in _meta: initialize, legacy sessions) follow the older rules.
    const modern = new Map<string, string>();
    const bad: { seq: number; method: string; problem: string }[] = [];
    let errors = 0;
    let leftToReadMissing = 0;
    for (const e of t.wire()) {
      const m = bodyOf(e);
      if (!m) continue;
      const key = `${e.phase}\u0000${JSON.stringify(m.id)}`;
      if (e.from === 'harness') {
        if (typeof m.method === 'string' && declaredVersion(m) !== undefined) modern.set(key, m.method);
        continue;
      }
      const code = field(m.error, 'code');
      const method = modern.get(key);
      if (typeof code !== 'number' || method === undefined) continue;
      errors++;
      const problem = codeProblem(code);
      if (!problem) continue;
      // -32002 answering resources/read is the old resource-not-found; resources/read-missing reports it with its fix.
      if (code === ERROR.legacyResourceNotFound && method === 'resources/read') {
        leftToReadMissing++;
        continue;
      }
      bad.push({ seq: e.seq, method, problem });
    }
    if (bad.length)
      t.fail({
        message: `${bad.length} of ${errors} error responses use codes the policy forbids`,
        expected: 'codes defined by JSON-RPC 2.0 or the spec (-32020, -32021, -32022), or codes outside -32768..-32000',
        actual: bad
          .slice(0, 5)
          .map((b) => `#${b.seq} (${b.method}): ${b.problem}`)
          .join('; '),
        evidence: bad.map((b) => b.seq).slice(0, 50),
        hint: 'Use -32602 / -32603 for protocol errors, isError results for tool failures, and codes of your own below -32768 or above -32000.',
      });
    t.note(
      `${errors} error responses to 2026-07-28 requests inspected${leftToReadMissing ? `; ${leftToReadMissing} x -32002 on resources/read left to resources/read-missing` : ''}`,
    );
  },
};
