import type { JsonObject } from '../../target/envelope.js';
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
import { obj, field, arr, entries } from '../../spec/read.js';
import { narrowFilter } from '../../spec/listen-filter.js';

/** Whether a filter opts into this notification (resource updates: for a subscribed URI only). */
function optedIn(filter: JsonObject, m: JsonObject): boolean {
  const key = FILTER_KEY_OF[String(m.method)];
  if (!key) return false;
  if (key === 'resourceSubscriptions') return Array.isArray(filter.resourceSubscriptions) && filter.resourceSubscriptions.includes(field(m.params, 'uri'));
  if (key === 'taskIds') return Array.isArray(filter.taskIds) && filter.taskIds.includes(field(m.params, 'taskId'));
  return filter[key] === true;
}

export const filterHonoured: CheckDefinition = {
  id: 'subscriptions/filter-honoured',
  title: 'a subscription carries only the notification types the client opted into',
  level: 'MUST',
  spec: since2026(
    'basic/patterns/subscriptions',
    'Each notification type is opt-in on subscriptions/listen: the server never sends a type the client did not request, acknowledges only a subset of what was requested, and sends no log or progress messages on the stream.',
    2575,
  ),
  transports: [...BOTH],
  slow: 'a listen window',
  holdsWindow: true,
  trippedBy: [
    { fixture: 'flows', fault: 'listen-ack-overclaims' },
    { fixture: 'flows', fault: 'listen-filter-ignored' },
    { fixture: 'flows', fault: 'listen-log-on-stream' },
  ],
  async run(t) {
    const filter = narrowFilter(await offeredFilter(t));
    const l = await openListen(t, filter);
    await requireOpen(t, l);
    await watchWindow(t, l);
    await l.stream.close();
    const id = l.stream.request.id;
    const bad: { seq: number; what: string }[] = [];
    let seen = 0;
    // On stdio only tagged messages are surely ours; untagged ones are judged by subscriptions/notifications-tagged.
    for (const item of l.stream.items.filter(own)) {
      const m = obj(item.message);
      if (!isNotification(m)) continue;
      if (m.method === 'notifications/cancelled' && sameId(field(m.params, 'requestId'), id)) continue;
      if (m.method === ACK) {
        for (const [key, v] of entries(field(m.params, 'notifications'))) {
          if (Array.isArray(v)) {
            const asked = arr(filter[key]) ?? [];
            const extra = v.filter((x) => !asked.includes(x));
            if (extra.length) bad.push({ seq: item.seq, what: `the acknowledgement claims ${key} ${JSON.stringify(extra)}, never requested` });
          } else if (v === true && filter[key] !== true) bad.push({ seq: item.seq, what: `the acknowledgement claims ${key}, never requested` });
        }
        continue;
      }
      seen++;
      if (!optedIn(filter, m))
        bad.push({
          seq: item.seq,
          what: FILTER_KEY_OF[String(m.method)]
            ? `${String(m.method)} was not opted into`
            : `${String(m.method)} does not belong on a listen stream (logs and progress stay on their own request)`,
        });
    }
    if (bad.length)
      return t.fail({
        message: `the subscription carried what the client did not opt into: ${[...new Set(bad.map((b) => b.what))].slice(0, 4).join('; ')}`,
        expected: `only ${JSON.stringify(filter)}`,
        actual: `${bad.length} message(s) outside the filter`,
        evidence: [l.stream.evidence[0]!, ...bad.slice(0, 20).map((b) => b.seq)],
      });
    requireWholeWindow(t, l);
    t.note(`requested ${JSON.stringify(filter)}; ${seen} notification(s) in a ${listenWindowMs(t)} ms window, all opted in`);
  },
};
