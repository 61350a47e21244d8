import { describe, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

export const discoverImplemented: CheckDefinition = {
  id: 'discover/implemented',
  title: 'server/discover answers with a DiscoverResult',
  level: 'MUST',
  spec: since2026(
    'server/discover',
    'Every server implements server/discover, answering with supportedVersions and capabilities (resultType and cache hints are judged by results/result-type and caching/cacheable-results).',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'discover-missing-fields' },
    { fixture: 'flawed-server', fault: 'discover-unimplemented' },
  ],
  async run(t) {
    const ex = await t.shared.discover();
    const r = resultOf(ex);
    if (!r) {
      t.fail({
        message: 'server/discover did not return a result',
        expected: 'a DiscoverResult',
        actual: describe(ex),
        evidence: ex.evidence,
        hint:
          t.probe.era === 'legacy'
            ? 'This server speaks the 2025 era (initialize). 2026-07-28 servers must answer server/discover.'
            : 'Implement server/discover.',
      });
      return;
    }
    const missing: string[] = [];
    if (!Array.isArray(r.supportedVersions) || !r.supportedVersions.every((v) => typeof v === 'string')) missing.push('supportedVersions (array of strings)');
    if (!r.capabilities || typeof r.capabilities !== 'object' || Array.isArray(r.capabilities)) missing.push('capabilities (object)');
    if (missing.length)
      t.fail({
        message: `the DiscoverResult lacks ${missing.join(', ')}`,
        expected: 'supportedVersions and capabilities present',
        actual: `keys: ${Object.keys(r).join(', ') || '(none)'}`,
        evidence: ex.evidence,
      });
  },
};
