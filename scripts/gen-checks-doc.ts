/**
 * Writes docs/checks.md from the catalogue and from a run of every broken fixture: for each check, which fixture
 * faults trip it (measured, not declared) and which official conformance-suite checks cover the same requirement.
 * Run: npm run docs:checks
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHECKS, selectChecks } from '../src/checks/index.js';
import type { CheckDefinition } from '../src/checks/index.js';
import type { TargetSpec } from '../src/core/target-spec.js';
import { assayTarget } from '../src/engine/run-target.js';
import { FAULTS } from '../examples/flawed-server/faults.js';
import { startFlawedHttp } from '../examples/flawed-server/http.js';
import { FLOW_FAULTS } from '../test/fixtures/servers/flows/faults.js';
import { startFlowsHttp } from '../test/fixtures/servers/flows/http.js';
import { LEGACY_FAULTS } from '../test/fixtures/servers/legacy/faults.js';
import { startLegacyHttp } from '../test/fixtures/servers/legacy/http.js';
import { MAPPINGS } from '../test/oracle/mapping.js';
import { AUTH_FAULTS, startProtectedServer } from '../test/fixtures/servers/auth/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, path.extname(fileURLToPath(import.meta.url)) === '.ts' ? '..' : '../..');
const ext = path.extname(fileURLToPath(import.meta.url));
/** Faults that make a server unusable rather than wrong: they prove bounded waits, not a requirement. */
const HOSTILE = new Set(['huge-body', 'endless-sse', 'hang', 'die-mid-run']);
const STDIO_FAULTS = new Set(['stdout-garbage', 'stdio-server-request', 'stdio-ignore-eof']);

interface Fixture {
  label: string;
  faults: string[];
  /** Checks run against it (default: all); a fixture built for one area is judged by that area alone. */
  checks?: readonly CheckDefinition[];
  start(fault: string): Promise<{ spec: TargetSpec; close(): Promise<void>; auth?: { otherAudienceToken: string; expiredToken: string } }>;
}

const stdio = (file: string, fault: string): TargetSpec => ({
  kind: 'stdio',
  command: process.execPath,
  args: [...process.execArgv, path.join(repo, ext === '.ts' ? '' : 'dist', file + ext), '--faults', fault],
});

const FIXTURES: Fixture[] = [
  {
    label: 'flawed-server',
    faults: Object.keys(FAULTS).filter((f) => !HOSTILE.has(f)),
    async start(fault) {
      if (STDIO_FAULTS.has(fault)) return { spec: stdio('examples/flawed-server/stdio', fault), close: async () => undefined };
      const s = await startFlawedHttp({ faults: [fault], port: 0 });
      return { spec: { kind: 'http', url: s.url }, close: () => s.close() };
    },
  },
  {
    label: 'flows',
    faults: Object.keys(FLOW_FAULTS),
    async start(fault) {
      const s = await startFlowsHttp({ faults: [fault], port: 0 });
      return { spec: { kind: 'http', url: s.url }, close: () => s.close() };
    },
  },
  {
    label: 'legacy',
    faults: Object.keys(LEGACY_FAULTS),
    async start(fault) {
      const s = await startLegacyHttp({ faults: [fault], port: 0 });
      return { spec: { kind: 'http', url: s.url }, close: () => s.close() };
    },
  },
  {
    label: 'auth',
    faults: Object.keys(AUTH_FAULTS),
    checks: selectChecks(CHECKS, ['auth/']),
    async start(fault) {
      const s = await startProtectedServer({ faults: [fault] });
      const spec: TargetSpec = { kind: 'http', url: s.url, headers: { Authorization: `Bearer ${s.tokens.valid}` } };
      return { spec, close: () => s.close(), auth: { otherAudienceToken: s.tokens.otherAudience, expiredToken: s.tokens.expired } };
    },
  },
];

async function trippedBy(): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  const jobs = FIXTURES.flatMap((fx) => fx.faults.map((fault) => ({ fx, fault })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { fx, fault } = jobs[next++]!;
      const server = await fx.start(fault);
      try {
        const r = await assayTarget(server.spec, { checks: fx.checks ?? CHECKS, timeoutMs: 3000, deadlineMs: 60_000, startupTimeoutMs: 15_000, strict: false, concurrency: 8, allowTools: [], toolArgs: {}, contracts: false, ...(server.auth ? { auth: server.auth } : {}) });
        for (const x of r.results) if (x.status === 'fail' || x.status === 'warn') map.set(x.checkId, [...(map.get(x.checkId) ?? []), `${fx.label}:${fault}`]);
      } finally {
        await server.close();
      }
      process.stderr.write('.');
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  process.stderr.write('\n');
  return map;
}

/**
 * Requirements the official suite judges only against its own fixture tools (CONFORMANCE-SUITE §5), so the oracle
 * cannot compare verdicts on other servers; listed for coverage.
 */
const SUITE_WITH_FIXTURE: Record<string, string[]> = {
  'mrtr/input-required-well-formed': ['sep-2322-*-incomplete'],
  'mrtr/retry-completes': ['sep-2322-*-complete', 'sep-2322-multi-round-r*'],
  'mrtr/tampered-request-state': ['sep-2322-reject-tampered-state'],
  'mrtr/extra-responses-ignored': ['sep-2322-ignore-unexpected-params'],
  'mrtr/missing-responses-reasked': ['sep-2322-missing-response-rerequests'],
  'mrtr/malformed-input-responses': ['sep-2322-validate-input-responses'],
  'capabilities/undeclared-client-capability': ['sep-2322-respect-client-capabilities'],
  'logging/no-message-without-loglevel': ['sep-2575-server-no-log-without-loglevel'],
  'subscriptions/ack-first': ['sep-2575-server-sends-subscription-ack'],
  'subscriptions/notifications-tagged': ['sep-2575-server-tags-subscription-id'],
  'subscriptions/filter-honoured': ['sep-2575-server-honors-notification-filter'],
  'http-transport/sse-no-server-requests': ['sep-2575-http-server-no-independent-requests-on-stream'],
  'completion/complete': ['completion-complete'],
  'results/execution-error-is-result': ['tools-call-error'],
  'prompts/get-listed': ['prompts-get-*'],
  'resources/read-listed': ['resources-read-*'],
};

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(c: CheckDefinition, fixtures: string[] | undefined): string {
  const suite = [
    ...MAPPINGS.filter((m) => m.ours.includes(c.id)).flatMap((m) => m.official.map((o) => o.id ?? o.name ?? o.scenario ?? '')),
    ...(SUITE_WITH_FIXTURE[c.id] ?? []).map((id) => `${id} (its fixture tools only)`),
  ];
  const level = `${c.level}${c.advice ? ' (advice)' : ''}`;
  const spec = `${c.spec.section}${c.spec.sep ? ` (SEP-${c.spec.sep})` : ''}${c.spec.revision.until ? `, ${c.spec.revision.since} until ${c.spec.revision.until}` : ''}`;
  const tripped = fixtures?.length ? fixtures.sort().map((f) => `\`${f}\``).join(', ') : '**none**';
  return `| \`${c.id}\` | ${level} | ${c.transports.join(', ')} | ${cell(c.spec.quote)} | ${cell(spec)} | ${tripped} | ${suite.length ? [...new Set(suite)].map((s) => `\`${s}\``).join(', ') : 'no'} |`;
}

const tripped = await trippedBy();
const areas = [...new Set(CHECKS.map((c) => c.id.split('/')[0]!))];
const count = (f: (c: CheckDefinition) => boolean) => CHECKS.filter(f).length;
const withFixture = count((c) => (tripped.get(c.id)?.length ?? 0) > 0);
const lines = [
  '# Check catalogue',
  '',
  'Generated by `npm run docs:checks` from the catalogue in `src/checks` and a run of every broken fixture fault; do not edit by hand.',
  '"Tripped by" is measured: the faults (`fixture:fault`) whose run made the check fail or warn. "Official suite" lists the',
  'checks of `@modelcontextprotocol/conformance` that judge the same requirement (see [oracle.md](oracle.md)).',
  '',
  `**${CHECKS.length} checks**: ${count((c) => c.level === 'MUST')} MUST, ${count((c) => c.level === 'SHOULD')} SHOULD, ${count((c) => c.level === 'MAY')} MAY; ` +
    `${count((c) => c.transports.includes('stdio'))} run over stdio, ${count((c) => c.transports.includes('http'))} over HTTP; ` +
    `${count((c) => c.eras?.includes('legacy') === true)} judge the 2025 era. Broken-fixture recall: ${withFixture} of ${CHECKS.length} checks are tripped by at least one fixture fault.`,
  '',
];
for (const area of areas) {
  lines.push(`## ${area}`, '', '| check | level | transports | requirement | spec | tripped by | official suite |', '|---|---|---|---|---|---|---|');
  for (const c of CHECKS.filter((x) => x.id.split('/')[0] === area)) lines.push(row(c, tripped.get(c.id)));
  lines.push('');
}
writeFileSync(path.join(repo, 'docs/checks.md'), lines.join('\n'));
process.stdout.write(`docs/checks.md: ${CHECKS.length} checks, ${withFixture} tripped by a fixture\n`);
process.exit(0);
