/**
 * stdio entry for the support-desk example: `node dist/examples/support-desk/stdio.js`.
 * Serves both eras through `serveStdio`; stdout carries only MCP messages (STDIO).
 */
import { pathToFileURL } from 'node:url';
import { serveStdio, StdioServerTransport, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { VersionGuardTransport } from './version-guard.js';
import { createSupportDeskServer } from './server.js';

/** Set to `1` only to reproduce the SDK bug the guard works around. */
export const NO_GUARD_ENV = 'SUPPORT_DESK_NO_VERSION_GUARD';

export function serveSupportDeskStdio(opts: { guard?: boolean } = {}): StdioServerHandle {
  const wire = new StdioServerTransport();
  // SDK 2.4 bug: after a modern tools/call, serveStdio serves unsupported versions instead of -32022 (DIGEST §b stdio).
  const transport = opts.guard === false ? wire : new VersionGuardTransport(wire);
  return serveStdio(() => createSupportDeskServer(), {
    transport,
    onerror: (error) => process.stderr.write(`support-desk: ${error.message}\n`),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const handle = serveSupportDeskStdio({ guard: process.env[NO_GUARD_ENV] !== '1' });
  const stop = () => void handle.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
