/**
 * Hand-written Streamable HTTP transport for the flawed server (HTTP): POST only, JSON or one-event
 * SSE responses, notifications -> 202, no sessions, Host/Origin checks for localhost.
 * Program: `node dist/examples/flawed-server/http.js [--port N] [--faults a,b|none] [--sse]`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { FlawedCore } from './core.js';
import { faultsFromArgv } from './faults.js';
import { headerGate, removedMethodHook } from './headers.js';
import { hugeToolsList, pump } from './hostile.js';
import { errorReply, misnumber, type Json, type Reply } from './rpc.js';

export interface FlawedHttp {
  url: string;
  close(): Promise<void>;
  /** Tool calls served so far, by name (a safe harness leaves `delete_city` at 0). */
  toolCalls(): Record<string, number>;
}

const MAX_BODY = 4 * 1024 * 1024;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** DNS-rebinding protection: Host and any Origin must name this machine (HTTP: invalid Origin -> 403). */
function isLocal(req: IncomingMessage, faults: ReadonlySet<string>): boolean {
  try {
    const host = req.headers.host;
    if (!faults.has('host-unchecked') && (!host || !LOCAL_HOSTS.has(new URL(`http://${host}`).hostname))) return false;
    const origin = req.headers.origin;
    return origin === undefined || faults.has('origin-unchecked') || LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

type Writer = (res: ServerResponse, status: number, body: Json, sse: boolean, extra?: Record<string, string>) => void;

/** Writes a JSON-RPC message as JSON or as a one-event stream, with the transport faults applied. */
function jsonWriter(faults: ReadonlySet<string>): Writer {
  let serverRequests = 0;
  return (res, status, body, sse, extra = {}) => {
    if (faults.has('error-id-missing') && 'error' in body) delete body['id'];
    misnumber(faults, body);
    const headers = { ...extra, ...(faults.has('session-id-minted') ? { 'mcp-session-id': randomUUID() } : {}) };
    const text = JSON.stringify(body);
    // Error statuses stay JSON, as a gate rejection keeps its status; only 200 answers become a one-event stream.
    if (!sse || status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(text);
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...(faults.has('sse-no-accel-buffering') ? {} : { 'x-accel-buffering': 'no' }),
      ...headers,
    });
    // MRTR replaced server-to-client requests; this one is the fault (HTTP: MUST NOT on a response stream).
    if (faults.has('sse-server-request'))
      res.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: `flawed-${++serverRequests}`, method: 'roots/list', params: {} })}\n\n`);
    if (!faults.has('sse-stream-open')) return void res.end(`event: message\ndata: ${text}\n\n`);
    res.write(`event: message\ndata: ${text}\n\n`);
    keepOpen(res);
  };
}

/** Keeps a stream open with comment keep-alives until the client goes away (old GET streams, unended responses). */
function keepOpen(res: ServerResponse): void {
  res.write(': open\n\n');
  const timer = setInterval(() => res.write(': keep-alive\n\n'), 50);
  res.on('close', () => clearInterval(timer));
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The request id, when the body is a JSON-RPC request with a usable one. */
function idOf(text: string | undefined): string | number | undefined {
  try {
    const id = (JSON.parse(text ?? '') as { id?: unknown }).id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

function renderStream(res: ServerResponse, reply: Extract<Reply, { kind: 'stream' }>, sse: boolean): void {
  if (reply.fault === 'hang') return; // never answered; the socket is destroyed on close()
  if (reply.fault === 'endless-sse') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    return keepOpen(res);
  }
  const type = sse ? 'text/event-stream' : 'application/json';
  res.writeHead(200, { 'content-type': type, ...(sse ? { 'x-accel-buffering': 'no' } : {}) });
  const chunks = sse
    ? (function* () {
        yield 'event: message\ndata: ';
        yield* hugeToolsList(reply.id);
        yield '\n\n';
      })()
    : hugeToolsList(reply.id);
  const drained = () =>
    new Promise<void>((resolve) => {
      res.once('drain', resolve);
      res.once('close', resolve);
    });
  void pump(
    chunks,
    (c) => res.write(c),
    drained,
    () => !res.destroyed,
  ).then(() => res.end());
}

export async function startFlawedHttp(opts: { faults?: string[]; sse?: boolean; port?: number } = {}): Promise<FlawedHttp> {
  const core = new FlawedCore({ faults: opts.faults ?? [] });
  const faults = core.faults;
  // The stream faults need streams: with any of them every 200 answer is an event stream, as with --sse.
  const sse = (opts.sse ?? false) || ['sse-server-request', 'sse-stream-open', 'sse-no-accel-buffering'].some((f) => faults.has(f));
  const writeJson = jsonWriter(faults);
  let dead = false;
  const server = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));
  // The raw head of each connection's request, for the whitespace fault (Node's parser trims header values).
  const heads = new WeakMap<Socket, string>();
  const front = faults.has('headers-whitespace-rejected') ? rawHeadFront(server, heads) : undefined;

  const die = () => {
    dead = true;
    server.close();
    server.closeAllConnections();
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if ((req.url ?? '/').split('?')[0] !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; the MCP endpoint is /mcp\n');
      return;
    }
    if (front) res.shouldKeepAlive = false;
    if (!isLocal(req, faults)) {
      const id = req.method === 'POST' ? idOf(await readBody(req)) : undefined;
      return writeJson(
        res,
        403,
        { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code: -32600, message: 'Forbidden: Host or Origin is not local' } },
        false,
      );
    }
    // Modern-only: no GET stream and no DELETE session; never mint Mcp-Session-Id (HTTP, CL major 1).
    if (req.method === 'GET' && faults.has('http-old-verbs-served'))
      return keepOpen(res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }));
    if (req.method === 'DELETE' && faults.has('http-old-verbs-served')) return void res.writeHead(200).end();
    if (req.method !== 'POST')
      return writeJson(res, 405, { jsonrpc: '2.0', error: { code: -32600, message: 'Method not allowed; use POST' } }, false, { allow: 'POST' });
    const text = await readBody(req);
    if (text === undefined) return writeJson(res, 413, { jsonrpc: '2.0', error: { code: -32600, message: 'Request body too large' } }, false);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      // JSON-RPC 2.0: the id of an unparsable request cannot be read, so the error says id null.
      const parse = errorReply(null, 400, -32700, 'Parse error: the body is not valid JSON') as Extract<Reply, { kind: 'json' }>;
      return writeJson(res, 400, parse.body, false);
    }
    const id = idOf(text);
    if (faults.has('session-id-enforced') && req.headers['mcp-session-id'] !== undefined)
      return writeJson(res, 404, { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code: -32600, message: 'Session not found' } }, false);
    const gate = headerGate(req, faults, heads.get(req.socket));
    const removed = removedMethodHook(faults);
    const reply = core.handle(message, (request) => gate(request) ?? removed(request));
    if (core.faults.has('die-mid-run') && core.requests >= 3) res.once('finish', die);
    if (reply.kind === 'none' && faults.has('notification-200')) return writeJson(res, 200, { jsonrpc: '2.0', result: {} }, false);
    if (reply.kind === 'none' && faults.has('notification-202-body')) return void res.writeHead(202, { 'content-type': 'application/json' }).end('null');
    if (reply.kind === 'none') return void res.writeHead(202, faults.has('session-id-minted') ? { 'mcp-session-id': randomUUID() } : {}).end();
    if (reply.kind === 'stream') return renderStream(res, reply, sse);
    writeJson(res, reply.status, reply.body, sse);
  }

  const listener = front ?? server;
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    toolCalls: () => ({ ...core.toolCalls }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        if (front) return void front.close(() => resolve());
        if (dead) return resolve();
        server.close(() => resolve());
      }),
  };
}

/** A TCP front that keeps each connection's first bytes (the request head), then hands the socket to HTTP. */
function rawHeadFront(server: ReturnType<typeof createServer>, heads: WeakMap<Socket, string>) {
  return createTcpServer((socket) => {
    socket.once('data', (chunk: Buffer) => {
      heads.set(socket, chunk.toString('latin1'));
      socket.pause();
      socket.unshift(chunk);
      server.emit('connection', socket);
      socket.resume();
    });
  });
}

function portFromArgs(argv: string[]): number {
  const i = argv.indexOf('--port');
  const value = i >= 0 ? Number(argv[i + 1]) : 0;
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`invalid --port ${argv[i + 1]}`);
  return value;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  try {
    const running = await startFlawedHttp({ faults: faultsFromArgv(argv), sse: argv.includes('--sse'), port: portFromArgs(argv) });
    process.stdout.write(`listening ${running.url}\n`);
    const stop = () => void running.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (err) {
    process.stderr.write(`flawed-server: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
}
