/**
 * "Deprecated features": info findings for deprecated features a server advertises or uses (DIGEST §i, [DEP]).
 * Deprecated features still work, so this is advice and never a failure, also under --strict.
 */
import type { Finding, ReportSection, TargetReport } from '../core/types.js';
import type { ProbeOutcome } from '../target/probe.js';
import { initializeResults, serverMessages } from './migration.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

interface Deprecation {
  id: string;
  feature: string;
  since: string;
  earliestRemoval: string;
  migrateTo: string;
}

/** The deprecated-features registry as DIGEST §i gives it. */
export const DEPRECATIONS: Record<'logging' | 'sampling' | 'roots' | 'httpSse' | 'includeContext', Deprecation> = {
  logging: {
    id: 'logging',
    feature: 'Logging (notifications/message, logLevel, the logging capability)',
    since: '2026-07-28 (SEP-2577)',
    earliestRemoval: 'the first revision on or after 2027-07-28',
    migrateTo: 'write logs to stderr (stdio) or export them with OpenTelemetry',
  },
  sampling: {
    id: 'sampling',
    feature: 'Sampling (sampling/createMessage)',
    since: '2026-07-28 (SEP-2577)',
    earliestRemoval: 'the first revision on or after 2027-07-28',
    migrateTo: 'call an LLM API directly from the server',
  },
  roots: {
    id: 'roots',
    feature: 'Roots (roots/list)',
    since: '2026-07-28 (SEP-2577)',
    earliestRemoval: 'the first revision on or after 2027-07-28',
    migrateTo: 'take locations as tool parameters, resource URIs or configuration',
  },
  httpSse: {
    id: 'http-sse',
    feature: 'the HTTP+SSE transport (2024-11-05)',
    since: '2025-03-26 (reclassified by SEP-2596)',
    earliestRemoval: 'three months after SEP-2596 reaches Final',
    migrateTo: 'serve Streamable HTTP: one POST endpoint',
  },
  includeContext: {
    id: 'include-context',
    feature: 'includeContext "thisServer" and "allServers" in sampling requests',
    since: '2025-11-25 (reclassified by SEP-2596)',
    earliestRemoval: 'together with Sampling',
    migrateTo: 'omit includeContext, or send "none"',
  },
};

const refs = (seqs: number[]): string => (seqs.length ? ` (wire #${[...new Set(seqs)].slice(0, 4).join(', #')})` : '');

/** A sampling or roots request from the server: inside an input_required result (MRTR), or pushed the 2025 way. */
function askedFor(report: TargetReport, method: string): { seqs: number[]; params: Json[] } {
  const seqs: number[] = [];
  const params: Json[] = [];
  for (const { entry, msg } of serverMessages(report)) {
    const pushed = msg.method === method && 'id' in msg ? [msg] : [];
    const r = msg.result;
    const inner =
      isObj(r) && r.resultType === 'input_required' && isObj(r.inputRequests)
        ? Object.values(r.inputRequests).filter((q) => isObj(q) && q.method === method)
        : [];
    for (const q of [...pushed, ...inner] as Json[]) {
      seqs.push(entry.seq);
      if (isObj(q.params)) params.push(q.params);
    }
  }
  return { seqs, params };
}

/** An `endpoint` event: the server answered a GET as an HTTP+SSE (2024-11-05) endpoint would. */
function sseEndpointEvents(report: TargetReport): number[] {
  return report.wire
    .filter((e) => e.from === 'server' && e.channel === 'http' && typeof e.raw === 'string' && /(^|\n)event:[ \t]*endpoint[ \t]*\r?\n/.test(e.raw))
    .map((e) => e.seq);
}

function finding(d: Deprecation, subject: string, seen: string): Finding {
  return {
    ruleId: `deprecated/${d.id}`,
    severity: 'info',
    subject,
    message: `${d.feature} is deprecated since ${d.since}; earliest removal: ${d.earliestRemoval}. Migrate: ${d.migrateTo}.`,
    reason: seen,
  };
}

/** The section, or undefined when the server was seen using no deprecated feature. */
export function adviceSection(report: TargetReport, probe: ProbeOutcome): ReportSection | undefined {
  const findings: Finding[] = [];
  const discoverCaps = probe.discover?.capabilities;
  const loggingInits = initializeResults(report).filter((i) => 'logging' in (i.result.capabilities as Json));
  const notices = serverMessages(report).filter(({ msg }) => msg.method === 'notifications/message' && !('id' in msg));
  const logSeen = [
    ...(isObj(discoverCaps) && 'logging' in discoverCaps
      ? [`server/discover advertises capabilities.logging${refs(probe.discoverExchange?.evidence ?? [])}`]
      : []),
    ...(isObj(probe.legacyInit?.capabilities) && 'logging' in probe.legacyInit.capabilities && !loggingInits.length
      ? ['the initialize result advertises capabilities.logging']
      : []),
    ...(loggingInits.length ? [`the initialize result advertises capabilities.logging${refs(loggingInits.map((i) => i.entry.seq))}`] : []),
    ...(notices.length ? [`the server sent notifications/message${refs(notices.map((n) => n.entry.seq))}`] : []),
  ];
  if (logSeen.length) findings.push(finding(DEPRECATIONS.logging, 'logging', logSeen.join('; ')));

  const sampling = askedFor(report, 'sampling/createMessage');
  if (sampling.seqs.length) findings.push(finding(DEPRECATIONS.sampling, 'sampling/createMessage', `the server asked for sampling${refs(sampling.seqs)}`));
  const context = sampling.params.map((p) => p.includeContext).filter((v): v is string => v === 'thisServer' || v === 'allServers');
  if (context.length)
    findings.push(
      finding(
        DEPRECATIONS.includeContext,
        'includeContext',
        `sampling requests used includeContext ${[...new Set(context)].map((v) => `"${v}"`).join(', ')}${refs(sampling.seqs)}`,
      ),
    );
  const roots = askedFor(report, 'roots/list');
  if (roots.seqs.length) findings.push(finding(DEPRECATIONS.roots, 'roots/list', `the server asked for roots${refs(roots.seqs)}`));
  const sse = sseEndpointEvents(report);
  if (sse.length) findings.push(finding(DEPRECATIONS.httpSse, 'HTTP+SSE transport', `a GET was answered with an endpoint event${refs(sse)}`));

  return findings.length ? { id: 'deprecated', title: 'Deprecated features', findings } : undefined;
}
