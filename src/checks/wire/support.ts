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

const SHOWN_PROBLEMS = 6;
const SHOWN_SEQS = 3;

/**
 * The distinct problems (method, path, message), each with how many messages had it and the first of them, in content
 * order: concurrent checks interleave differently from run to run, so arrival order would reorder the same report.
 */
export function distinctProblems(findings: readonly WireFinding[]): string {
  const groups = new Map<string, { label: string; seqs: number[] }>();
  for (const x of findings) {
    const label = `${x.method ? `(${x.method}) ` : ''}${x.path || '/'}: ${x.message}`;
    const g = groups.get(label) ?? { label, seqs: [] };
    g.seqs.push(x.seq);
    groups.set(label, g);
  }
  const sorted = [...groups.values()].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const shown = sorted.slice(0, SHOWN_PROBLEMS).map(({ label, seqs }) => {
    const first = [...new Set(seqs)].sort((a, b) => a - b);
    const cited = first.slice(0, SHOWN_SEQS).map((s) => `#${s}`);
    const rest = first.length > SHOWN_SEQS ? ` and ${first.length - SHOWN_SEQS} more` : '';
    return `${label} [${cited.join(', ')}${rest}]`;
  });
  const more = sorted.length > SHOWN_PROBLEMS ? `; and ${sorted.length - SHOWN_PROBLEMS} more distinct problem(s)` : '';
  return shown.join('; ') + more;
}
