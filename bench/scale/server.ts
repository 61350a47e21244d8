/**
 * A real MCP server (the official SDK) serving a generated catalogue of N tools, over Streamable HTTP on 127.0.0.1
 * or stdio. Usage: node dist/bench/scale/server.js --tools N [--similar] [--changed K] [--stdio] [--port P]
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createMcpHandler, fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { guardLocalhost } from '../../examples/support-desk/http-guard.js';
import { VersionGuardTransport } from '../../examples/support-desk/version-guard.js';
import { scaleTools, type ScaleOptions } from './tools.js';
import { memoLargeAnswers } from './answer-memo.js';

type Schema = ReturnType<typeof fromJsonSchema>;
interface Prepared {
  name: string;
  config: { title: string; description: string; inputSchema: Schema; outputSchema: Schema; annotations: Record<string, boolean> };
}

/**
 * Schemas are wrapped once per process (the HTTP entry builds a fresh server per request from them), and once per
 * distinct schema: wrapping compiles a validator, and the catalogue repeats about 125 shapes over its N tools.
 */
function prepare(n: number, opts: ScaleOptions): Prepared[] {
  const wrapped = new Map<string, Schema>();
  const wrap = (schema: Record<string, unknown>): Schema => {
    const key = JSON.stringify(schema);
    let w = wrapped.get(key);
    if (!w) wrapped.set(key, (w = fromJsonSchema(schema)));
    return w;
  };
  return scaleTools(n, opts).map((t) => ({
    name: t.name,
    config: { title: t.title, description: t.description, inputSchema: wrap(t.inputSchema), outputSchema: wrap(t.outputSchema), annotations: t.annotations },
  }));
}

/** Methods whose answers do not depend on the catalogue: a server for one of them needs one tool (for the capability). */
const WITHOUT_TOOLS = /^(ping|server\/discover|resources\/.*|prompts\/.*|completion\/complete|logging\/setLevel|subscriptions\/listen|notifications\/.*)$/;

/**
 * The tools a server built for this request needs. The SDK's HTTP entry builds a fresh server per request (after it
 * checked that Mcp-Method and Mcp-Name agree with the body); registering all N tools for each of the ~300 requests of
 * a check cost this server about 10 s of CPU at 5,000 tools, which on a small machine slows the client it is serving.
 * tools/list, unknown methods and anything unclear still get the whole catalogue; answers are the same on the wire.
 */
function toolsFor(tools: Prepared[], byName: Map<string, Prepared>, request: Request | undefined): Prepared[] {
  const method = request?.headers.get('mcp-method')?.trim();
  if (method === undefined) return tools;
  if (WITHOUT_TOOLS.test(method)) return tools.slice(0, 1);
  if (method !== 'tools/call') return tools;
  const one = byName.get(request?.headers.get('mcp-name')?.trim() ?? '');
  return one ? [one] : tools;
}

function factory(tools: Prepared[]): (ctx?: { requestInfo?: Request }) => McpServer {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return (ctx) => {
    const server = new McpServer(
      { name: `scale-${tools.length}`, version: '1.0.0' },
      { cacheHints: { 'tools/list': { ttlMs: 300_000, cacheScope: 'public' } } },
    );
    for (const t of toolsFor(tools, byName, ctx?.requestInfo)) {
      server.registerTool(t.name, t.config, (args: unknown) => {
        const raw = (args as { id?: unknown }).id;
        const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : 'x';
        const out = { id, status: 'open', owner: { id: 'u-1', name: 'Ada' } };
        return { content: [{ type: 'text' as const, text: JSON.stringify(out) }], structuredContent: out };
      });
    }
    return server;
  };
}

export interface ScaleHttp {
  url: string;
  close(): Promise<void>;
}

export async function startScaleHttp(n: number, opts: ScaleOptions = {}, port = 0): Promise<ScaleHttp> {
  const handler = createMcpHandler(factory(prepare(n, opts)), { legacy: 'reject' });
  const node = toNodeHandler({ fetch: guardLocalhost(memoLargeAnswers((request) => handler.fetch(request))) });
  const server: Server = createServer((req, res) => {
    if ((req.url ?? '/').split('?')[0] !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; the MCP endpoint is /mcp\n');
      return;
    }
    node(req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(500).end()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const n = Number(arg(argv, 'tools') ?? '100');
  const opts: ScaleOptions = { names: argv.includes('--similar') ? 'similar' : 'diverse', changed: Number(arg(argv, 'changed') ?? '0') };
  if (argv.includes('--stdio')) {
    const tools = prepare(n, opts);
    const handle = serveStdio(factory(tools), { transport: new VersionGuardTransport(new StdioServerTransport()) });
    const stop = () => void handle.close().finally(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    return;
  }
  const running = await startScaleHttp(n, opts, Number(arg(argv, 'port') ?? '0'));
  process.stdout.write(`listening ${running.url}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
