import type { JsonObject, JsonRpcRequest } from './envelope.js';
import { TransportError } from './errors.js';
import { Deadline } from './deadline.js';
import { MessageStream, subscriptionIdOf, type StreamOptions, type StreamVia } from './stream.js';
import { field } from '../spec/read.js';

/** What a stdio stream needs from its transport. */
export interface StdioStreamHost {
  /** Open streams by JSON-encoded request id; ids of streams that ended stay in `closed`, so their late messages are not handed to other streams as foreign. */
  streams: Map<string, MessageStream>;
  closed: Set<string>;
  /** Records a harness message and writes it as one line; false when the process is gone. */
  send(msg: object, phase: string): { seq: number; written: boolean };
  deadReason(): string | undefined;
}

/**
 * `subscriptions/listen` over stdio: all streams share stdout, so messages are matched by the request id (final
 * response, server cancel) or by `io.modelcontextprotocol/subscriptionId`; closing sends `notifications/cancelled`
 * with the request id (DIGEST §b stdio, CANCEL).
 */
export function openStdioStream(host: StdioStreamHost, msg: JsonRpcRequest, o: StreamOptions): MessageStream {
  const s = new MessageStream(msg, o.phase);
  const key = JSON.stringify(msg.id);
  const dead = host.deadReason();
  const sent = host.send(msg, o.phase);
  s.evidence.push(sent.seq);
  if (dead !== undefined || !sent.written) {
    s.finish('failure', new TransportError('closed', dead ?? 'the server process is gone'));
    return s;
  }
  host.streams.set(key, s);
  // Our time running out closes the stream as `deadline`; the run stopping closes it plainly.
  const deadline = new Deadline(o.timeoutMs, 'end of stream', o.signal);
  deadline.onExpire(() => void s.close(deadline.timedOut ? 'deadline' : 'closed'));
  s.onClose(() => {
    if (host.deadReason() === undefined)
      s.evidence.push(
        host.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: msg.id, reason: 'listen window over' } }, o.phase).seq,
      );
  });
  void s.done.then(() => {
    deadline.dispose();
    host.streams.delete(key);
    host.closed.add(key);
  });
  return s;
}

/** Which open streams a server message belongs to, and how it was tied to each (empty: none). */
export function streamRoutes(host: Pick<StdioStreamHost, 'streams' | 'closed'>, msg: unknown): { stream: MessageStream; via: StreamVia }[] {
  if (!host.streams.size && !host.closed.size) return [];
  if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return [];
  const m = msg as JsonObject;
  const byKey = (v: unknown, via: StreamVia) => {
    const s = host.streams.get(JSON.stringify(v));
    return s ? [{ stream: s, via }] : [];
  };
  if (typeof m.method !== 'string') return 'id' in m ? byKey(m.id, 'id') : [];
  if ('id' in m) return []; // a server-sent request: never part of a stream
  if (m.method === 'notifications/cancelled') {
    const hit = byKey(field(m.params, 'requestId'), 'id');
    if (hit.length) return hit;
  }
  const tag = subscriptionIdOf(m);
  if (tag !== undefined) {
    const hit = byKey(tag, 'tag');
    if (hit.length || host.closed.has(JSON.stringify(tag))) return hit;
    return [...host.streams.values()].map((stream) => ({ stream, via: 'foreign' as const }));
  }
  return [...host.streams.values()].map((stream) => ({ stream, via: 'untagged' as const }));
}
