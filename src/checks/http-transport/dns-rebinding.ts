import type { CheckContext, CheckDefinition } from '../types.js';
import { HTTP_ONLY } from '../support/spec.js';
import { everyServerAnswers, httpTarget, isLocalTarget, modernPost, raw, rawText } from './support.js';

const SECTION = 'basic/transports/streamable-http#security-warning';
const FOREIGN = 'evil.example.com';
const NOT_LOCAL = 'the target is not on this machine; DNS-rebinding protection is judged for local servers only';

function localOnly(t: CheckContext): void {
  if (!isLocalTarget(httpTarget(t).url)) t.precondition(NOT_LOCAL, 'Run the server on localhost or 127.0.0.1 to exercise these checks.');
}

/** The same modern request with its own Host (must be served) and with forged headers (must be refused). */
async function pair(t: CheckContext, forged: Record<string, string>) {
  const method = t.shared.offers('tools') !== false ? 'tools/list' : everyServerAnswers(t);
  const genuine = modernPost(t, method);
  const own = await raw(t, { headers: { ...genuine.headers, host: new URL(httpTarget(t).url).host }, body: genuine.body, id: genuine.id });
  if (own.failure) t.inconclusive(`${method} with the server's own Host: ${own.failure.message}`, own.evidence);
  const bad = modernPost(t, method);
  const refused = await raw(t, { headers: { ...bad.headers, ...forged }, body: bad.body, id: bad.id });
  if (refused.failure) t.inconclusive(`${method} with ${JSON.stringify(forged)}: ${refused.failure.message}`, refused.evidence);
  return { method, own, refused };
}

export const originValidated: CheckDefinition = {
  id: 'http-transport/origin-validated',
  title: 'a local server refuses a foreign Origin with 403',
  level: 'MUST',
  spec: {
    revision: { since: '2025-03-26' },
    section: SECTION,
    quote: 'Servers MUST validate the Origin header against DNS rebinding; a request with an invalid Origin is refused with HTTP 403 Forbidden.',
  },
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'origin-unchecked' }],
  async run(t) {
    localOnly(t);
    const { method, own, refused } = await pair(t, { origin: `http://${FOREIGN}` });
    if (own.status === undefined || own.status >= 400)
      t.inconclusive(`${method} without a foreign Origin was not served either (${rawText(own)})`, own.evidence);
    if (refused.status === 403) return t.note(`Origin: http://${FOREIGN} got 403`);
    t.fail({
      message: `${method} with Origin: http://${FOREIGN} got HTTP ${refused.status ?? '?'}`,
      expected: 'HTTP 403',
      actual: rawText(refused),
      evidence: refused.evidence,
      hint: 'Check Origin on every request and answer 403 unless it names this server (e.g. localhost origins only).',
    });
  },
};

export const dnsHostValidated: CheckDefinition = {
  id: 'http-transport/host-validated',
  title: 'a local server refuses a foreign Host with a 4xx and serves its own',
  level: 'SHOULD',
  spec: {
    revision: { since: '2025-03-26' },
    section: SECTION,
    quote:
      'A local server protects itself from DNS rebinding: a request naming a foreign Host (as a rebound browser sends it, Origin or not) gets a 4xx, while its own Host is served.',
  },
  transports: [...HTTP_ONLY],
  trippedBy: [{ fixture: 'flawed-server', fault: 'host-unchecked' }],
  async run(t) {
    localOnly(t);
    const { method, own, refused } = await pair(t, { host: FOREIGN });
    if (own.status === undefined || own.status >= 400)
      t.fail({
        message: `${method} with the server's own Host was not served`,
        expected: 'HTTP 2xx',
        actual: rawText(own),
        evidence: own.evidence,
        hint: 'Allow the Host names the server is reached by (localhost, 127.0.0.1 with the port).',
      });
    if (refused.status !== undefined && refused.status >= 400 && refused.status < 500) return;
    t.fail({
      message: `${method} with Host: ${FOREIGN} got HTTP ${refused.status ?? '?'}`,
      expected: 'a 4xx (403 typical)',
      actual: rawText(refused),
      evidence: refused.evidence,
      hint: 'Validate Host against the names this local server listens on; Origin alone is absent on some rebound requests.',
    });
  },
};
