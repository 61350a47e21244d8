import { MODERN_VERSION } from '../../spec/constants.js';
import { field } from '../../spec/read.js';
import type { CheckDefinition } from '../types.js';
import { legacyHandshake } from './support.js';
import { BOTH, since2026 } from '../support/spec.js';

const HINT = `Answer a 2025-era initialize with an error whose data.supported lists your versions (e.g. -32022, data: { supported: ["${MODERN_VERSION}"] }), so an old client can report what to upgrade to.`;

export const initializeListsVersions: CheckDefinition = {
  id: 'removed/initialize-lists-versions',
  title: 'a modern-only server names its supported versions in the error to a 2025-era initialize',
  level: 'SHOULD',
  spec: since2026('basic/versioning', 'A modern-only server SHOULD list its supported versions in any error it returns to initialize.'),
  transports: [...BOTH],
  slow: 'a second connection (a second server process on stdio) unless the probe found a dual-era server',
  readsDualEra: true,
  trippedBy: [
    { fixture: 'flawed-server', fault: 'initialize-versions-unlisted' },
    { fixture: 'flawed-server', fault: 'meta-unchecked' },
  ],
  async run(t) {
    // The probe already knows a dual-era server (no second start); otherwise the handshake other checks also ask for,
    // over its own connection, its 2025 session (if any) ended with DELETE.
    if (t.probe.dualEra === true) return t.note('a 2025-era initialize was served: the server serves both eras, so the requirement does not apply');
    const h = await legacyHandshake(t);
    if (h.dualEra) return t.note('a 2025-era initialize was served: the server serves both eras, so the requirement does not apply');
    if (!h.error) return t.inconclusive(`initialize: ${h.answer}`, h.evidence);
    const supported = field(h.error.data, 'supported');
    if (Array.isArray(supported) && supported.length > 0 && supported.every((v) => typeof v === 'string'))
      return t.note(`the error lists ${supported.join(', ')}`);
    t.fail({
      message: `a 2025-era initialize got ${h.answer}, which does not name the versions the server speaks`,
      expected: 'an error with data.supported: a non-empty array of protocol versions',
      actual: JSON.stringify(h.error).slice(0, 300),
      evidence: h.evidence,
      hint: HINT,
    });
  },
};
