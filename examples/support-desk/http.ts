/**
 * Streamable HTTP entry for the support-desk example: modern-only (`legacy: 'reject'`), bound to
 * 127.0.0.1, endpoint `/mcp`, with Host and Origin checks against DNS rebinding (HTTP: Origin MUST be validated).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { guardLocalhost } from './http-guard.js';
import { createSupportDeskServer } from './server.js';

export interface SupportDeskHttp {
  url: string;
  close(): Promise<void>;
}

export async function startSupportDeskHttp(opts: { port?: number; host?: string } = {}): Promise<SupportDeskHttp> {
  const host = opts.host ?? '127.0.0.1';
  const handler = createMcpHandler(() => createSupportDeskServer(), { legacy: 'reject' });
  const node = toNodeHandler({ fetch: guardLocalhost((request) => handler.fetch(request)) });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found; the MCP endpoint is /mcp\n');
      return;
    }
    node(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
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

async function main(): Promise<void> {
  const running = await startSupportDeskHttp({ port: portFromArgs(process.argv.slice(2)) });
  process.stdout.write(`listening ${running.url}\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`support-desk: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
