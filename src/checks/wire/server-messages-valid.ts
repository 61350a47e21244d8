import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { distinctProblems, judgedElsewhere } from './support.js';

export const serverMessagesValid: CheckDefinition = {
  id: 'wire/server-messages-valid',
  title: 'every message the server sent is valid wire of its era',
  level: 'MUST',
  spec: since2026(
    'schema',
    'Every message conforms to the schema of the revision spoken: for 2026-07-28 envelopes, result shapes, resultType, cache hints, error data and the error-code allocation policy; for a 2025-era server the 2025-11-25 schema.',
  ),
  // Both eras, each by its own model (the audit switches to 2025-11-25 when the probe finds a 2025-era server).
  eras: ['modern', 'legacy'],
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'cache-hints-invalid' },
    { fixture: 'flawed-server', fault: 'completion-invalid' },
    { fixture: 'flawed-server', fault: 'error-code-reserved' },
    { fixture: 'flawed-server', fault: 'prompt-messages-invalid' },
    { fixture: 'flawed-server', fault: 'prompts-list-invalid' },
    { fixture: 'flawed-server', fault: 'resource-missing-legacy-code' },
    { fixture: 'flawed-server', fault: 'resources-list-invalid' },
    { fixture: 'flawed-server', fault: 'result-type-missing' },
    { fixture: 'flawed-server', fault: 'result-type-unknown' },
    { fixture: 'flawed-server', fault: 'schema-hostile' },
    { fixture: 'flawed-server', fault: 'schema-root-not-object' },
    { fixture: 'flawed-server', fault: 'templates-list-invalid' },
    { fixture: 'flawed-server', fault: 'version-error-bad-data' },
    { fixture: 'flows', fault: 'listen-untagged' },
    { fixture: 'flows', fault: 'mrtr-irr-empty' },
    { fixture: 'flows', fault: 'mrtr-list-input-required' },
    { fixture: 'flows', fault: 'task-without-extension' },
    { fixture: 'flows', fault: 'tasks-bad-status' },
    { fixture: 'legacy', fault: 'init-bad-shape' },
  ],
  runsLast: true,
  async run(t) {
    const audit = t.client.recorder.audit;
    if (!audit) return t.precondition('wire validation is off for this run');
    if (!audit.serverMessages) return t.inconclusive('the server sent no message to validate');
    const elsewhere = new Map<string, number>();
    const f = audit.findings.filter((x) => {
      const other = judgedElsewhere(x, t.transport);
      if (other) elsewhere.set(other, (elsewhere.get(other) ?? 0) + 1);
      return !other;
    });
    const deferred = [...elsewhere].map(([id, n]) => `${n} issue(s): same cause as ${id}`).join('; ');
    if (!f.length) return t.note(`${audit.serverMessages} server messages validated${deferred ? `; ${deferred}` : ''}`);
    const bySeq = new Set(f.map((x) => x.seq));
    t.fail({
      message: `${bySeq.size} of ${audit.serverMessages} server messages are invalid (${f.length + audit.dropped} issues)${deferred ? `; not counted here: ${deferred}` : ''}`,
      expected: `every message valid against the ${audit.era === 'legacy' ? '2025-11-25' : '2026-07-28'} schema`,
      actual: distinctProblems(f),
      evidence: [...bySeq].sort((a, b) => a - b).slice(0, 50),
    });
  },
};
