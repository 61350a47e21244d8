import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startLegacyHttp, type LegacyHttp } from '../fixtures/servers/legacy/http.js';
import { exampleStdio, explain, run } from '../support/fixtures.js';
import { CHECKS, checkEras } from '../../src/checks/index.js';
import { META } from '../../src/spec/constants.js';
import type { TargetReport, WireEntry } from '../../src/core/types.js';

const graded = (r: TargetReport) => Object.fromEntries(r.results.filter((x) => x.status !== 'skip').map((x) => [x.checkId, x.status]));
const namesModern = (e: WireEntry) => {
  const meta = (e.body as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params?._meta;
  return e.from === 'harness' && meta?.[META.protocolVersion] !== undefined;
};

/** Runs both servers and holds the strict one to the lenient one's verdicts, and its own era's requests to the 2025 envelope. */
async function sameAsLenient(lenientRun: Promise<TargetReport>, strictRun: Promise<TargetReport>, passing: string[]): Promise<void> {
  const [a, b] = await Promise.all([lenientRun, strictRun]);
  assert.equal(b.era, 'legacy', explain(b));
  assert.deepEqual(graded(b), graded(a), explain(b));
  for (const id of passing) assert.equal(b.results.find((x) => x.checkId === id)?.status, 'pass', `${id}\n${explain(b)}`);
  const own = new Set(CHECKS.filter((d) => checkEras(d).includes('legacy')).map((d) => d.id));
  // The lists the checks share are read once under 'shared' (that phase also carries 2026-07-28 probes of their own).
  const sharedList = (e: WireEntry) => e.phase === 'shared' && /\/list$/.test(String((e.body as { method?: unknown } | undefined)?.method));
  const modernInOwn = b.wire.filter((e) => (own.has(e.phase) || sharedList(e)) && namesModern(e));
  assert.deepEqual(
    modernInOwn.map((e) => `#${e.seq} ${e.phase}`),
    [],
    'requests of its own era carry no 2026-07-28 _meta',
  );
  assert.ok(
    b.wire.some((e) => e.phase === 'errors/unsupported-version' && namesModern(e)),
    'the 2026-07-28 requirements run for its migration list still send the modern envelope',
  );
}

const legacyStdio = (...extra: string[]) => exampleStdio('../test/fixtures/servers/legacy/stdio', ['--faults', 'none', ...extra]);

/**
 * A 2025-era server that refuses any request naming 2026-07-28 in `_meta` (as some frameworks' 2025 servers do)
 * is graded exactly like one that ignores it: inside its session mcp-assay speaks as a 2025 client.
 */
describe('a strict 2025-era server', () => {
  let lenient: LegacyHttp;
  let strict: LegacyHttp;
  before(async () => {
    [lenient, strict] = await Promise.all([startLegacyHttp(), startLegacyHttp({ refusesModernMeta: true })]);
  });
  after(() => Promise.all([lenient.close(), strict.close()]));

  it('over HTTP gets the verdicts a lenient one gets, with no 2026-07-28 envelope in what it is graded by', () =>
    sameAsLenient(run({ kind: 'http', url: lenient.url }), run({ kind: 'http', url: strict.url }), [
      'http-transport/notification-202',
      'legacy/tools-list',
      'legacy/tools-call',
    ]));

  it('over stdio gets the verdicts a lenient one gets, with no 2026-07-28 envelope in what it is graded by', () =>
    sameAsLenient(run(legacyStdio()), run(legacyStdio('--refuses-modern-meta')), ['legacy/tools-list', 'legacy/tools-call']));
});
