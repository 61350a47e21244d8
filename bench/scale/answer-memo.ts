/**
 * The scale server's large answers, memoised by request. The SDK's stateless HTTP entry builds a fresh server for
 * every request and serialises the whole list again: at 5,000 tools each tools/list costs this server about 0.2 s of
 * CPU, two dozen of them per check, on the same two cores as the client it is serving. An answer depends only on the
 * request (headers and body; the entry keeps no state), so a request met again with only its JSON-RPC id changed gets
 * the same bytes with its own id. Small answers and anything unusual go to the SDK every time.
 */
type Fetch = (request: Request) => Promise<Response>;

interface Stored {
  status: number;
  headers: [string, string][];
  /** The answer up to its closing `"id":…}`. */
  head: Buffer;
}

/** Answers shorter than this are rebuilt each time: only the large lists cost the server anything. */
const LARGE = 256 * 1024;

export function memoLargeAnswers(inner: Fetch): Fetch {
  const memo = new Map<string, Stored>();
  return async (request) => {
    if (request.method !== 'POST') return inner(request);
    const text = await request.clone().text();
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return inner(request);
    }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg) || !('id' in msg) || !('method' in msg)) return inner(request);
    const { id, ...rest } = msg as { id: unknown };
    const headers = [...request.headers].filter(([k]) => k !== 'content-length').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const key = JSON.stringify([request.url, headers, rest]);
    const hit = memo.get(key);
    if (hit) return new Response(streamOf(hit.head, Buffer.from(`"id":${JSON.stringify(id)}}`)), { status: hit.status, headers: hit.headers });
    const res = await inner(request);
    if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('application/json')) return res;
    const body = Buffer.from(await res.arrayBuffer());
    const idTail = Buffer.from(`"id":${JSON.stringify(id)}}`);
    if (body.length >= LARGE && body.subarray(body.length - idTail.length).equals(idTail))
      memo.set(key, { status: res.status, headers: [...res.headers], head: body.subarray(0, body.length - idTail.length) });
    return new Response(streamOf(body), { status: res.status, headers: [...res.headers] });
  };
}

/** A body sent as it is (a Buffer given to Response would be copied whole first). */
function streamOf(...parts: Buffer[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(p);
      c.close();
    },
  });
}
