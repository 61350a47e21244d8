import type { CheckDefinition } from '../types.js';
import { BOTH } from '../support/spec.js';

export const idCorrelation: CheckDefinition = {
  id: 'wire/id-correlation',
  title: 'every response carries the id of the request it answers',
  level: 'MUST',
  spec: {
    revision: { since: '2024-11-05' },
    section: 'basic/index#responses',
    quote: 'A response carries the same id as the request it answers (JSON-RPC 2.0 §5); id null is only for a request whose id could not be read.',
  },
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'response-id-null' },
    { fixture: 'flawed-server', fault: 'response-id-wrong' },
    { fixture: 'legacy', fault: 'refusal-id-empty', transports: ['http'] },
  ],
  // Judges what the whole run saw; it runs even when a broken id stopped the others.
  runsLast: true,
  async run(t) {
    const broken = t.client.transport.correlation;
    const refusal = t.client.transport.refusalId;
    if (!broken && refusal)
      return t.fail({
        message: refusal.reason,
        expected: "the request's id, or null for a request refused before its id was read",
        actual: `id ${JSON.stringify(refusal.id ?? null).slice(0, 80)}`,
        evidence: [refusal.seq],
        hint: 'Answer a request refused before its body was read (a version, session or header gate) with "id": null.',
      });
    if (!broken) return t.note('every answer matched a request');
    t.fail({
      message: broken.reason,
      expected: 'each response with the id of its request',
      actual: `id ${JSON.stringify(broken.id ?? null).slice(0, 80)}`,
      evidence: [broken.seq],
      hint: 'Copy the request id into its response; answer with id null only when the request could not be parsed.',
    });
  },
};
