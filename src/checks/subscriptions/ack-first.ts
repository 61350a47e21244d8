import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import { ACK, describeResponse, isNotification, listenWindowMs, offeredFilter, openListen, own } from './support.js';
import { obj, field } from '../../spec/read.js';

export const ackFirst: CheckDefinition = {
  id: 'subscriptions/ack-first',
  title: 'subscriptions/listen is acknowledged before any notification on it',
  level: 'MUST',
  spec: since2026(
    'basic/patterns/subscriptions',
    'A server advertising listChanged or subscribe serves subscriptions/listen; notifications/subscriptions/acknowledged is the first message carrying the subscription id, and nothing is sent on the subscription before it.',
    2575,
  ),
  transports: [...BOTH],
  trippedBy: [
    { fixture: 'flows', fault: 'listen-ack-late' },
    { fixture: 'flows', fault: 'listen-no-ack' },
  ],
  async run(t) {
    const filter = await offeredFilter(t);
    const l = await openListen(t, filter);
    try {
      const m = obj(l.first?.message);
      const evidence = l.stream.evidence.slice(0, 6);
      if (!l.first)
        return t.fail({
          message: `no notifications/subscriptions/acknowledged within ${t.timeouts.request} ms of subscriptions/listen`,
          expected: 'the acknowledgement first, promptly',
          actual: 'nothing on the listen stream',
          evidence,
        });
      if (!isNotification(m)) {
        const refused = !!m && typeof m === 'object' && ('error' in m || 'result' in m);
        return t.fail({
          message: refused
            ? `subscriptions/listen was answered instead of acknowledged, although the server advertises ${Object.keys(filter).join(', ') || 'resources.subscribe'}`
            : 'the first message on the listen stream is not a JSON-RPC notification',
          expected: `${ACK} first`,
          actual: refused ? describeResponse(m) : JSON.stringify(m ?? null).slice(0, 120),
          evidence,
        });
      }
      if (m.method !== ACK) {
        const ack = await l.stream.waitFor((i) => own(i) && field(i.message, 'method') === ACK, listenWindowMs(t));
        const when = ack ? `the acknowledgement came ${ack.atMs - l.first.atMs} ms later` : `no acknowledgement came within ${listenWindowMs(t)} ms`;
        return t.fail({
          message: `the first message of the subscription is ${String(m.method)}; ${when}`,
          expected: `${ACK} first`,
          actual: String(m.method),
          evidence: [...evidence, ...(ack ? [ack.seq] : [])],
        });
      }
      t.note(`acknowledged after ${l.first.atMs} ms, honouring ${JSON.stringify(field(m.params, 'notifications') ?? {})}`);
    } finally {
      await l.stream.close();
    }
  },
};
