import { META } from '../../spec/constants.js';
import { subscriptionIdOf } from '../../target/stream.js';
import type { CheckDefinition } from '../types.js';
import { BOTH, since2026 } from '../support/spec.js';
import {
  ACK,
  FILTER_KEY_OF,
  isNotification,
  listenWindowMs,
  offeredFilter,
  openListen,
  own,
  requireOpen,
  requireWholeWindow,
  sameId,
  watchWindow,
} from './support.js';
import { obj, field } from '../../spec/read.js';

/** Methods that only ever travel on a listen stream; on stdio only these are judged when they lack a usable tag. */
const LISTEN_ONLY = new Set([ACK, ...Object.keys(FILTER_KEY_OF)]);

export const notificationsTagged: CheckDefinition = {
  id: 'subscriptions/notifications-tagged',
  title: 'every notification of a subscription carries its subscriptionId: the listen request id',
  level: 'MUST',
  spec: since2026(
    'basic/index#meta',
    'Each notification on a subscriptions/listen stream, the acknowledgement included, carries _meta io.modelcontextprotocol/subscriptionId equal to the JSON-RPC id of the listen request; over stdio that tag is how clients demultiplex.',
    2575,
  ),
  transports: [...BOTH],
  slow: 'a listen window',
  holdsWindow: true,
  trippedBy: [
    { fixture: 'flows', fault: 'listen-id-as-string' },
    { fixture: 'flows', fault: 'listen-untagged' },
  ],
  async run(t) {
    const l = await openListen(t, await offeredFilter(t));
    await requireOpen(t, l);
    await watchWindow(t, l);
    await l.stream.close();
    const id = l.stream.request.id;
    const bad: { seq: number; what: string }[] = [];
    let inspected = 0;
    for (const item of l.stream.items) {
      const m = obj(item.message);
      if (!m) continue;
      if (own(item) && !('method' in m) && ('result' in m || 'error' in m)) {
        // A graceful end: the result must name the subscription too (SubscriptionsListenResult._meta).
        const r = obj(m.result);
        if (r && !sameId(field(r._meta, META.subscriptionId), id))
          bad.push({ seq: item.seq, what: 'the closing SubscriptionsListenResult lacks the matching subscriptionId' });
        continue;
      }
      if (!isNotification(m)) continue;
      if (m.method === 'notifications/cancelled' && sameId(field(m.params, 'requestId'), id)) continue;
      const tag = subscriptionIdOf(m);
      if (item.via === 'tag') inspected++;
      else if (item.via === 'stream') {
        inspected++;
        if (tag === undefined) bad.push({ seq: item.seq, what: `${String(m.method)} has no subscriptionId` });
        else if (!sameId(tag, id)) bad.push({ seq: item.seq, what: `${String(m.method)} is tagged ${JSON.stringify(tag)}` });
      } else if (LISTEN_ONLY.has(String(m.method))) {
        // stdio: a listen-only notification that no open subscription can claim.
        inspected++;
        bad.push({
          seq: item.seq,
          what:
            item.via === 'untagged'
              ? `${String(m.method)} has no subscriptionId`
              : `${String(m.method)} is tagged ${JSON.stringify(tag)}, which is no open listen's id`,
        });
      }
    }
    if (bad.length)
      return t.fail({
        message: `${bad.length} of ${inspected} notification(s) of the subscription are not tagged with its id ${JSON.stringify(id)}`,
        expected: `_meta["${META.subscriptionId}"]: ${JSON.stringify(id)} on every notification (same JSON type as the request id)`,
        actual: [...new Set(bad.map((b) => b.what))].slice(0, 4).join('; '),
        evidence: [l.stream.evidence[0]!, ...bad.slice(0, 20).map((b) => b.seq)],
      });
    requireWholeWindow(t, l);
    t.note(`${inspected} notification(s) in a ${listenWindowMs(t)} ms window, all tagged ${JSON.stringify(id)}`);
  },
};
