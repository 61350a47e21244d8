import { MODERN_VERSION } from '../../spec/constants.js';
import { resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';

export const discoverSupportedVersions: CheckDefinition = {
  id: 'discover/supported-versions',
  title: `supportedVersions lists ${MODERN_VERSION}`,
  level: 'MUST',
  spec: since2026('server/discover', `A server that serves ${MODERN_VERSION} lists it in supportedVersions.`, 2575),
  transports: [...BOTH],
  trippedBy: [{ fixture: 'flawed-server', fault: 'discover-missing-version' }],
  async run(t) {
    const ex = await t.shared.discover();
    const r = resultOf(ex);
    if (!r || !Array.isArray(r.supportedVersions)) return t.precondition('server/discover returned no supportedVersions (see discover/implemented)');
    if (!r.supportedVersions.includes(MODERN_VERSION))
      t.fail({
        message: `supportedVersions does not include ${MODERN_VERSION}`,
        expected: `an array containing "${MODERN_VERSION}"`,
        actual: JSON.stringify(r.supportedVersions),
        evidence: ex.evidence,
      });
  },
};
