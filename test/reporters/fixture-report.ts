import { addSummaries, summarize } from '../../src/core/summary.js';
import type { CheckResult, Report, SpecRef, TargetReport, WireEntry } from '../../src/core/types.js';
import { REPORT_SCHEMA_ID } from '../../src/reporters/index.js';

/** What a hostile server may put in any text it controls: markup, a table pipe, a CDATA end, ANSI escapes, a bidi override. */
export const HOSTILE = '<script>alert(1)</script> | ]]> \u001b[2J\u001b[31mred\u001b[0m \u001b]0;pwned\u0007 \u202Etxt.exe';
/** Pieces of HOSTILE that must never reach a rendering raw. */
export const HOSTILE_RAW = ['<script>', '\u001b', '\u202E', '\u0007'];

const spec = (section: string, quote: string, sep?: number): SpecRef => ({ revision: { since: '2026-07-28' }, section, quote, ...(sep ? { sep } : {}) });

function result(p: Partial<CheckResult> & Pick<CheckResult, 'checkId' | 'title' | 'area' | 'status'>): CheckResult {
  return { level: 'MUST', spec: spec(p.area, p.title), transports: ['http', 'stdio'], durationMs: 12, ...p };
}

const deskWire: WireEntry[] = [
  {
    seq: 1,
    atMs: 3,
    from: 'harness',
    channel: 'http',
    phase: 'probe',
    http: { method: 'POST', url: 'http://127.0.0.1:3000/mcp', headers: { 'Mcp-Method': 'server/discover', Authorization: '***' } },
    body: { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } },
  },
  {
    seq: 2,
    atMs: 19,
    from: 'server',
    channel: 'http',
    phase: 'probe',
    http: { status: 200, headers: { 'content-type': 'application/json' } },
    body: {
      jsonrpc: '2.0',
      id: 1,
      result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, resultType: 'complete', ttlMs: 0, cacheScope: 'private' },
    },
  },
  {
    seq: 7,
    atMs: 240,
    from: 'harness',
    channel: 'http',
    phase: 'tools/list-cacheable',
    http: { method: 'POST', url: 'http://127.0.0.1:3000/mcp', headers: { 'Mcp-Method': 'tools/list' } },
    body: { jsonrpc: '2.0', id: 4, method: 'tools/list', params: {} },
  },
  {
    seq: 8,
    atMs: 251,
    from: 'server',
    channel: 'http',
    phase: 'tools/list-cacheable',
    http: { status: 200, headers: { 'content-type': 'application/json' } },
    body: {
      jsonrpc: '2.0',
      id: 4,
      result: { resultType: 'complete', tools: [{ name: 'search_tickets', description: HOSTILE, inputSchema: { type: 'object' } }] },
    },
  },
];

const deskResults: CheckResult[] = [
  result({ checkId: 'discover/result-shape', title: 'server/discover returns a DiscoverResult', area: 'discover', status: 'pass', evidence: [1, 2] }),
  result({
    checkId: 'discover/server-info',
    title: 'serverInfo is present in _meta',
    area: 'discover',
    level: 'SHOULD',
    status: 'warn',
    message: 'server/discover did not include io.modelcontextprotocol/serverInfo',
    expected: '_meta["io.modelcontextprotocol/serverInfo"] with name and version',
    actual: 'no _meta',
    hint: 'add serverInfo so clients can show who they talk to',
    evidence: [2],
  }),
  result({
    checkId: 'results/cacheable-hints',
    title: 'tools/list carries ttlMs and cacheScope',
    area: 'results',
    status: 'fail',
    spec: spec('basic/index#cacheable-results', 'Cacheable complete results carry ttlMs (integer >= 0) and cacheScope.'),
    message: `tools/list result lacks cache hints; first tool description: ${HOSTILE}`,
    expected: 'ttlMs: integer >= 0, cacheScope: "public" | "private"',
    actual: `{"resultType":"complete","tools":[{"name":"search_tickets","description":${JSON.stringify(HOSTILE)}}]}`,
    hint: 'set ttlMs: 0 and cacheScope: "private" when unsure',
    evidence: [7, 8],
  }),
  result({
    checkId: 'http-headers/mcp-method',
    title: 'Mcp-Method mismatch is rejected with -32020',
    area: 'http-headers',
    status: 'pass',
    transports: ['http'],
  }),
  result({
    checkId: 'mrtr/input-required',
    title: 'input_required round trip',
    area: 'mrtr',
    status: 'precondition-failed',
    message: 'no tool was declared safe to call (allowTools is empty)',
    hint: 'list a read-only tool under allowTools',
  }),
  result({ checkId: 'tasks/extension', title: 'Tasks extension lifecycle', area: 'tasks', status: 'skip', level: 'MAY', message: 'left out by --skip tasks/' }),
  result({
    checkId: 'http-headers/origin',
    title: 'An invalid Origin gets 403',
    area: 'http-headers',
    status: 'inconclusive',
    message: 'no answer within 5000 ms',
    transports: ['http'],
    durationMs: 5003,
  }),
];

const desk: TargetReport = {
  target: { kind: 'http', display: 'http://127.0.0.1:3000/mcp', name: 'desk' },
  era: 'modern',
  eraReason: 'server/discover answered with supportedVersions ["2026-07-28"]',
  protocolVersion: '2026-07-28',
  supportedVersions: ['2026-07-28'],
  server: { name: `desk ${HOSTILE}`, version: '1.4.0' },
  outcome: 'completed',
  results: deskResults,
  sections: [
    {
      id: 'contracts',
      title: 'Tool contracts',
      findings: [
        {
          ruleId: 'lint/description-injection',
          severity: 'error',
          subject: 'search_tickets',
          message: 'description contains markup and terminal escapes',
          reason: HOSTILE,
        },
        { ruleId: 'lint/description-length', severity: 'warning', subject: 'get_ticket', message: 'description is 3 words; say what it returns' },
        { ruleId: 'risk/destructive', severity: 'info', subject: 'delete_ticket', message: 'destructiveHint is true' },
        { ruleId: 'risk/open-world', severity: 'warning', subject: 'web_fetch', message: 'reaches the network', waived: 'sandboxed in CI | see ops#12' },
      ],
    },
  ],
  summary: summarize(deskResults),
  wire: deskWire,
  wireDropped: 0,
  durationMs: 6120,
};

const memoryResults: CheckResult[] = [
  result({
    checkId: 'legacy/initialize',
    title: 'initialize answers with a 2025 protocolVersion',
    area: 'legacy',
    status: 'pass',
    level: 'MUST',
    transports: ['stdio'],
  }),
  result({
    checkId: 'stdio/stdout-json-only',
    title: 'stdout carries only JSON-RPC messages',
    area: 'stdio',
    status: 'fail',
    transports: ['stdio'],
    spec: spec('basic/transports#stdio', 'The server writes nothing to stdout that is not a valid MCP message.'),
    message: 'a non-JSON line appeared on stdout',
    expected: 'one JSON-RPC message per line',
    actual: 'Server started on stdio\r\n',
    evidence: [3],
  }),
  result({
    checkId: 'tools/list-shape',
    title: 'tools/list returns tools',
    area: 'tools',
    status: 'error',
    message: 'the run stopped: server process exited with code 1',
  }),
];

const memory: TargetReport = {
  target: { kind: 'stdio', display: 'npx -y mcp-server-memory --token ***' },
  era: 'legacy',
  eraReason: 'server/discover answered -32601 Method not found',
  outcome: 'inconclusive',
  outcomeReason: 'server process exited with code 1 after 3 checks',
  results: memoryResults,
  summary: summarize(memoryResults),
  stderr: `Error: boom\n    at main (server.js:10:3)\n${HOSTILE}`,
  wire: [
    { seq: 1, atMs: 1, from: 'harness', channel: 'stdio', phase: 'probe', body: { jsonrpc: '2.0', id: 1, method: 'server/discover' } },
    {
      seq: 2,
      atMs: 9,
      from: 'server',
      channel: 'stdio',
      phase: 'probe',
      body: { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
    },
    {
      seq: 3,
      atMs: 10,
      from: 'server',
      channel: 'stdio',
      phase: 'stdio/stdout-json-only',
      raw: 'Server started on stdio ```not a fence``` ````',
      truncated: false,
    },
  ],
  wireDropped: 2,
  durationMs: 410,
};

export function fixtureReport(): Report {
  const targets = [desk, memory];
  return structuredClone({
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: '1.0',
    tool: { name: 'mcp-assay', version: '0.1.0' },
    startedAt: '2026-08-01T09:30:00.000Z',
    finishedAt: '2026-08-01T09:30:06.530Z',
    durationMs: 6530,
    options: { strict: false, skip: ['tasks/'] },
    targets,
    summary: addSummaries(targets.map((t) => t.summary)),
  } satisfies Report);
}
