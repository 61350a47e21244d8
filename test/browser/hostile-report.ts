import type { Report } from '../../src/core/types.js';
import type { HistoryEntry } from '../../src/core/history-types.js';
import { historyEntry } from '../../src/gate/index.js';
import { evals, report, row, target } from '../gate/fixtures.js';

/** Markup a hostile server or model may return: every one would set window.__pwned if it ran. */
export const ATTACKS = [
  '<script>window.__pwned="script"</script>',
  '<img src=x onerror="window.__pwned=\'img\'">',
  '<a href="javascript:window.__pwned=\'link\'">click me</a>',
  '<svg onload="window.__pwned=\'svg\'"><script>window.__pwned="svg-script"</script></svg>',
  '"><script>window.__pwned="attr"</script>',
  '</style><script>window.__pwned="style"</script>',
  '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=\'mxss\'">',
];
export const HOSTILE = ATTACKS.join(' ');

/** A report with conformance failures, contract findings, a risk inventory and a behaviour matrix; `hostile` fills every server- and model-provided string with ATTACKS. */
export function richReport(hostile: boolean): { report: Report; history: HistoryEntry[] } {
  const x = (s: string) => (hostile ? `${s} ${HOSTILE}` : s);
  const t = target({
    name: x('support-desk'),
    checks: {
      'discover/server-info': 'pass',
      'resources/read-missing': 'fail',
      'tools/list-shape': 'pass',
      'tools/name-format': 'warn',
      'tasks/extension': 'skip',
    },
    findings: [
      { ruleId: 'poisoning/hidden-instructions', subject: x('search_tickets'), message: x('description hides instructions to the model') },
      { ruleId: 'lint/description-length', subject: 'get_ticket', message: 'description is very short', severity: 'warning' },
    ],
  });
  const fail = t.results.find((r) => r.status === 'fail')!;
  Object.assign(fail, { message: x('used the retired code -32002'), actual: x('HTTP 200, error -32002'), expected: 'error -32602' });
  t.wire = [
    {
      seq: 1,
      atMs: 2,
      from: 'harness',
      channel: 'http',
      phase: 'resources/read-missing',
      http: { method: 'POST', url: 'http://127.0.0.1/mcp' },
      body: { jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: 'cities://missing' } },
    },
    {
      seq: 2,
      atMs: 9,
      from: 'server',
      channel: 'http',
      phase: 'resources/read-missing',
      http: { status: 200 },
      body: { jsonrpc: '2.0', id: 7, error: { code: -32002, message: x('Resource not found') } },
    },
  ];
  fail.evidence = [1, 2];
  t.catalogue = {
    hash: 'cat-1',
    tools: {
      [x('search_tickets')]: { hash: 'a', description: 'b', risk: 'R1 read-only' },
      delete_ticket: { hash: 'c', description: 'd', risk: 'R4 write' },
      get_ticket: { hash: 'e', description: 'f', risk: 'R0 read-only' },
    },
  };
  const m1 = x('openai:gpt-test');
  const m2 = 'anthropic:claude-test';
  const failed = [
    {
      run: 2,
      reason: x('called delete_ticket, which is denied'),
      calls: [{ tool: x('delete_ticket'), args: { id: x('T-1') }, isError: true, result: x('deleted') }],
      answer: x('Done! I removed the ticket.'),
    },
  ];
  const rows = [
    row('find-ticket', m1, 5, 5, { tags: ['critical'], latenciesMs: [820, 900, 940, 1010, 1200], costUsd: 0.011 }),
    row('find-ticket', m2, 4, 5, { tags: ['critical'], latenciesMs: [700, 760, 800, 990, 1500], costUsd: 0.02, failedRuns: failed }),
    row(x('close-ticket'), m1, 2, 5, { latenciesMs: [1500, 1600, 1700, 1800, 2400], costUsd: 0.03, failedRuns: failed }),
    row(x('close-ticket'), m2, 5, 5, { latenciesMs: [600, 650, 700, 720, 800], costUsd: 0.018 }),
    row('no-tool-needed', m1, 5, 5, { latenciesMs: [300, 320, 330, 340, 360], costUsd: 0.004 }),
    row('no-tool-needed', m2, 3, 4, { errors: 1, latenciesMs: [280, 300, 310, 500], costUsd: 0.005 }),
  ];
  const r = report([t], evals(rows, { catalogueHash: 'cat-1' }));
  const history = [0.6, 0.8, 1].map((share, i) => {
    const past = report(
      [t],
      evals(
        rows.map((q) => ({ ...q, passes: Math.round(q.runs * share) })),
        { catalogueHash: 'cat-1' },
      ),
    );
    past.finishedAt = `2026-11-2${i + 7}T03:00:00.000Z`;
    return historyEntry(past, { commit: x(`c0ffee${i}`) });
  });
  return { report: r, history };
}
