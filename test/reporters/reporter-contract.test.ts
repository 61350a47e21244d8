import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptySummary } from '../../src/core/summary.js';
import type { Report } from '../../src/core/types.js';
import { REPORTER_DECLS, summaryLine } from '../../src/reporters/index.js';
import { REPORTERS } from '../../src/reporters/all.js';
import { fixtureReport } from './fixture-report.js';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

function emptyReport(): Report {
  const base = fixtureReport();
  return { ...base, targets: [], summary: emptySummary() };
}

/** Every declared reporter runs the same suite: the plug-in contract. */
for (const [key, decl] of Object.entries(REPORTER_DECLS)) {
  const reporter = REPORTERS[key as keyof typeof REPORTERS];
  describe(`reporter contract: ${key}`, () => {
    it('is loaded under its own id, with its declared file extension and a one-word file key', () => {
      assert.equal(reporter.id, key);
      assert.equal(reporter.fileExtension, decl.fileExtension);
      assert.match(reporter.fileExtension, /^\.[a-z]+$/);
      if ('file' in decl) assert.match(decl.file.key, /^[a-z]+$/);
    });

    it('renders a frozen report without touching it, the same way twice', () => {
      const report = deepFreeze(fixtureReport());
      const a = reporter.render(report, { verbose: true });
      assert.equal(reporter.render(report, { verbose: true }), a);
      assert.deepEqual(report, fixtureReport());
      assert.ok(a.endsWith('\n'));
    });

    it(`shows what it declares (${decl.shows}): check ids and every finding rule`, () => {
      const report = fixtureReport();
      const out = reporter.render(report, { verbose: true });
      // `security` (SARIF, for code scanning) is checked by its own test: contract rules and failed security checks only.
      const ids =
        decl.shows === 'security'
          ? []
          : report.targets.flatMap((t) => t.results.filter((r) => decl.shows === 'all' || r.status !== 'pass').map((r) => r.checkId));
      const rules = report.targets.flatMap((t) => (t.sections ?? []).flatMap((s) => s.findings.map((f) => f.ruleId)));
      for (const id of [...ids, ...rules]) assert.ok(out.includes(id), `${id} missing`);
    });

    it('renders a report with no targets', () => {
      const out = reporter.render(emptyReport());
      assert.ok(out.length > 0);
      if (key !== 'json') assert.ok(!out.includes('undefined') && !out.includes('NaN'));
    });
  });
}

describe('summary numbers come from the Report, not recomputed', () => {
  it('the closing console line and the markdown headline follow report.summary', () => {
    const report = fixtureReport();
    report.summary = { total: 99, pass: 40, fail: 7, warn: 1, skip: 2, preconditionFailed: 3, inconclusive: 4, error: 5 };
    const line = '40 passed, 7 failed, 1 warning, 2 skipped, 3 precondition failed, 4 inconclusive, 5 errors';
    assert.equal(summaryLine(report.summary), line);
    const lines = REPORTERS.console.render(report).trimEnd().split('\n');
    assert.ok(lines.at(-1)?.startsWith(line));
    assert.ok(REPORTERS.markdown.render(report).includes(`**${line}**`));
  });

  it('junit counts follow the statuses of results and findings', () => {
    const xml = REPORTERS.junit.render(fixtureReport());
    // desk: 7 results + 4 findings; memory: 3 results + 1 outcome case.
    assert.match(xml, /<testsuites name="mcp-assay" tests="15" failures="3" errors="3" skipped="3"/);
    assert.match(xml, /<testsuite name="desk" tests="11" failures="2" errors="1" skipped="3"/);
  });
});
