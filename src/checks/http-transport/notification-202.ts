import type { CheckDefinition } from '../types.js';
import { HTTP_ONLY } from '../support/spec.js';

export const notification202: CheckDefinition = {
  id: 'http-transport/notification-202',
  title: 'an accepted notification gets 202 Accepted with no body',
  level: 'MUST',
  spec: {
    revision: { since: '2025-03-26' },
    section: 'basic/transports/streamable-http#sending-messages-to-the-server',
    quote: 'When the POST body is a notification the server accepts, it answers HTTP 202 Accepted with no body.',
  },
  transports: [...HTTP_ONLY],
  trippedBy: [
    { fixture: 'flawed-server', fault: 'notification-200' },
    { fixture: 'flawed-server', fault: 'notification-202-body' },
  ],
  async run(t) {
    // The core defines no client notification for HTTP; cancellation of a request never sent is a harmless one.
    const ex = await t.client.notify('notifications/cancelled', { requestId: 'mcp-assay-never-sent', reason: 'notification probe' }, { phase: t.checkId });
    if (!ex.http) return t.inconclusive(`the notification got no HTTP answer: ${ex.failure?.message ?? 'unknown'}`, ex.evidence);
    const { status } = ex.http;
    const body = ex.http.bodyText ?? (ex.response || ex.others.length ? JSON.stringify(ex.response ?? ex.others[0]).slice(0, 120) : '');
    if (status >= 400) return t.precondition(`the server did not accept the notification (HTTP ${status}), so the 202 rule could not be exercised`);
    if (status === 202 && !body && !ex.http.sse) return t.note('HTTP 202, empty body');
    t.fail({
      message: `an accepted notification got HTTP ${status}${body ? ' with a body' : ''}${ex.http.sse ? ' (an event stream)' : ''}`,
      expected: 'HTTP 202 with no body',
      actual: `HTTP ${status}${body ? `, body ${JSON.stringify(body)}` : ''}`,
      evidence: ex.evidence,
      hint: 'Answer notifications with 202 and an empty body: a notification has no JSON-RPC response.',
    });
  },
};
