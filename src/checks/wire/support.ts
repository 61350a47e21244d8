import type { WireFinding } from '../../target/wire-audit.js';

/**
 * Wire issues a dedicated check already reports (one finding per root cause): the wire check leaves them to it and
 * names it, instead of failing a second time for the same miss.
 */
export function judgedElsewhere(f: WireFinding, transport: 'http' | 'stdio'): string | undefined {
  if (f.path === '/id') return 'wire/id-correlation';
  if (/must not send JSON-RPC requests/.test(f.message)) return transport === 'stdio' ? 'stdio/no-server-requests' : 'http-transport/sse-no-server-requests';
  if (/\/(ttlMs|cacheScope)$/.test(f.path) && /required member is missing/.test(f.message)) return 'caching/cacheable-results';
  if (/\/resultType$/.test(f.path) && /required member is missing/.test(f.message)) return 'results/result-type';
  if (f.method === 'server/discover' && /^\/result\/(capabilities|supportedVersions)$/.test(f.path)) return 'discover/implemented';
  return undefined;
}
