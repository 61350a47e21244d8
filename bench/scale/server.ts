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

function factory(tools: Prepared[]): () => McpServer {
  return () => {
    const server = new McpServer(
      { name: `scale-${tools.length}`, version: '1.0.0' },
      { cacheHints: { 'tools/list': { ttlMs: 300_000, cacheScope: 'public' } } },
    );
    for (const t of tools) {
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
  const node = toNodeHandler({ fetch: guardLocalhost((request) => handler.fetch(request)) });
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
