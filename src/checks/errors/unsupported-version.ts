import { ERROR, MODERN_VERSION } from '../../spec/constants.js';
import { errorOf, resultOf } from '../../target/client.js';
import type { CheckDefinition } from '../types.js';
import { expectError } from '../support/expect.js';
import { BOTH, since2026 } from '../support/spec.js';
import { obj } from '../../spec/read.js';

const BOGUS = '2099-01-01';

export const unsupportedVersion: CheckDefinition = {
  id: 'errors/unsupported-version',
  title: 'an unsupported protocol version gets -32022 with data.supported and data.requested',
  level: 'MUST',
  spec: since2026(
    'basic/index#error-codes',
    'A request naming a version the server does not support is answered with -32022 (HTTP 400), data.supported listing its versions and data.requested echoing the request; checked on every request.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'discover-missing-version' },
    { fixture: 'flawed-server', fault: 'version-error-bad-data' },
    { fixture: 'flawed-server', fault: 'version-unchecked' },
  ],
  async run(t) {
    // Both a discover and (after a served request) a list: some servers check only the first request (DIGEST §b stdio).
    const methods = ['server/discover', ...(t.shared.offers('tools') !== false ? ['tools/list'] : [])];
    if (methods.length > 1) await t.shared.list('tools/list');
    const discovered = resultOf(await t.shared.discover())?.supportedVersions;
    for (const method of methods) {
      const ex = await t.request(method, {}, { protocolVersion: BOGUS });
      const what = `${method} declaring protocolVersion ${BOGUS}`;
      if (
        !expectError(t, ex, {
          code: ERROR.unsupportedVersion,
          httpStatus: 400,
          what,
          hint: 'Check _meta.io.modelcontextprotocol/protocolVersion on every request, not only the first.',
        })
      )
        continue;
      const data = obj(errorOf(ex)?.data);
      const supported = data?.supported;
      const problems: string[] = [];
      if (!Array.isArray(supported) || !supported.length || !supported.every((v) => typeof v === 'string'))
        problems.push('data.supported is not a non-empty array of versions');
      else if (Array.isArray(discovered) && supported.some((v) => !discovered.includes(v)))
        problems.push(`data.supported ${JSON.stringify(supported)} disagrees with server/discover ${JSON.stringify(discovered)}`);
      if (data?.requested !== BOGUS) problems.push(`data.requested is ${JSON.stringify(data?.requested)}, not "${BOGUS}"`);
      if (problems.length)
        t.fail({
          message: `${what}: ${problems.join('; ')}`,
          expected: `data: { supported: [${JSON.stringify(MODERN_VERSION)}, …], requested: "${BOGUS}" }`,
          actual: JSON.stringify(data ?? null).slice(0, 200),
          evidence: ex.evidence,
        });
    }
  },
};
