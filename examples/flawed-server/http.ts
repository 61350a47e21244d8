/**
 * Hand-written Streamable HTTP transport for the flawed server (HTTP): POST only, JSON or one-event
 * SSE responses, notifications -> 202, no sessions, Host/Origin checks for localhost.
 * Program: `node dist/examples/flawed-server/http.js [--port N] [--faults a,b|none] [--sse]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { FlawedCore } from './core.js';
import { faultsFromArgv } from './faults.js';
import { headerGate } from './headers.js';
import { hugeToolsList, pump } from './hostile.js';
import { errorReply, type Json, type Reply } from './rpc.js';

export interface FlawedHttp {
  url: string;
  close(): Promise<void>;
  /** Tool calls served so far, by name (a safe harness leaves `delete_city` at 0). */
  toolCalls(): Record<string, number>;
}

const MAX_BODY = 4 * 1024 * 1024;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** DNS-rebinding protection: Host and any Origin must name this machine (HTTP: invalid Origin -> 403). */
function isLocal(req: IncomingMessage): boolean {
  try {
    const host = req.headers.host;
    if (!host || !LOCAL_HOSTS.has(new URL(`http://${host}`).hostname)) return false;
    const origin = req.headers.origin;
    return origin === undefined || LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function writeJson(res: ServerResponse, status: number, body: Json, sse: boolean, extra: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  // Error statuses stay JSON, as a gate rejection keeps its status; only 200 answers become a one-event stream.
  if (sse && status === 200) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no', ...extra });
    res.end(`event: message\ndata: ${text}\n\n`);
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...extra });
  res.end(text);
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
    const id: unknown = JSON.parse(text ?? '').id;
    return typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)) ? id : undefined;
  } catch {
    return undefined;
  }
}

function renderStream(res: ServerResponse, reply: Extract<Reply, { kind: 'stream' }>, sse: boolean): void {
  if (reply.fault === 'hang') return; // never answered; the socket is destroyed on close()
  if (reply.fault === 'endless-sse') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    const timer = setInterval(() => res.write(': keep-alive\n\n'), 50);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const type = sse ? 'text/event-stream' : 'application/json';
  res.writeHead(200, { 'content-type': type, ...(sse ? { 'x-accel-buffering': 'no' } : {}) });
  const chunks = sse ? (function* () { yield 'event: message\ndata: '; yield* hugeToolsList(reply.id); yield '\n\n'; })() : hugeToolsList(reply.id);
  const drained = () => new Promise<void>((resolve) => { res.once('drain', resolve); res.once('close', resolve); });
  void pump(chunks, (c) => res.write(c), drained, () => !res.destroyed).then(() => res.end());
}

export async function startFlawedHttp(opts: { faults?: string[]; sse?: boolean; port?: number } = {}): Promise<FlawedHttp> {
  const core = new FlawedCore({ faults: opts.faults ?? [] });
  const sse = opts.sse ?? false;
  let dead = false;
  const server = createServer((req, res) => void serve(req, res).catch(() => res.destroy()));

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
    if (!isLocal(req)) {
      const id = req.method === 'POST' ? idOf(await readBody(req)) : undefined;
      return writeJson(res, 403, { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code: -32600, message: 'Forbidden: Host or Origin is not local' } }, false);
    }
    // Modern-only: no GET stream and no DELETE session; never mint Mcp-Session-Id (HTTP, CL major 1).
    if (req.method !== 'POST') return writeJson(res, 405, { jsonrpc: '2.0', error: { code: -32600, message: 'Method not allowed; use POST' } }, false, { allow: 'POST' });
    const text = await readBody(req);
    if (text === undefined) return writeJson(res, 413, { jsonrpc: '2.0', error: { code: -32600, message: 'Request body too large' } }, false);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      const parse = errorReply(undefined, 400, -32700, 'Parse error: the body is not valid JSON') as Extract<Reply, { kind: 'json' }>;
      return writeJson(res, 400, parse.body, false);
    }
    const reply = core.handle(message, headerGate(req.headers, core.faults));
    if (core.faults.has('die-mid-run') && core.requests >= 3) res.once('finish', die);
    if (reply.kind === 'none') return void res.writeHead(202).end();
    if (reply.kind === 'stream') return renderStream(res, reply, sse);
    writeJson(res, reply.status, reply.body, sse);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    toolCalls: () => ({ ...core.toolCalls }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        if (dead) return resolve();
        server.close(() => resolve());
      }),
  };
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
